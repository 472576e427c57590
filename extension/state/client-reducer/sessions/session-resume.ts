/** A session coming back through session/resume: the transcript the background parked, shown again at once. */
import type { ClientEventOf, ClientState } from "../../sessions/client-state";

export function sessionRestored(state: ClientState, event: ClientEventOf<"session_restored">): ClientState {
  const { session } = event;
  // Held as loading until the agent answers, so no prompt goes out before the resume does.
  const restored = { ...session, loading: true, replaySeen: false, error: null };
  return { ...state, sessions: { ...state.sessions, [session.sessionId]: restored }, activeSessionId: session.sessionId, lastError: null };
}
