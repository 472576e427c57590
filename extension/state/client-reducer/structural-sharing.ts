/**
 * Copying only what changes: every helper gives back its input itself when nothing changed, so the
 * store can skip a broadcast and a panel re-renders only what an event touched.
 */

import { pushEntry, replaceLastEntry } from "../conversation/entry-list";
import type { ClientState, Entry, NoticeEntry, SessionState } from "../sessions/client-state";

/** Applies `change` to one session; unknown sessions and no-op changes give back `state` itself. */
export function updateSession(state: ClientState, sessionId: string, change: (session: SessionState) => SessionState): ClientState {
  const session = state.sessions[sessionId];
  if (!session) return state;
  const next = change(session);
  return next === session ? state : { ...state, sessions: { ...state.sessions, [sessionId]: next } };
}

export function mapSessions(
  sessions: Record<string, SessionState>,
  change: (session: SessionState) => SessionState,
): Record<string, SessionState> {
  let result: Record<string, SessionState> | null = null;
  for (const [id, session] of Object.entries(sessions)) {
    const next = change(session);
    if (next === session) continue;
    result ??= { ...sessions };
    result[id] = next;
  }
  return result ?? sessions;
}

/** Text, user and notice entries get the next `e<seq>` id, so ids stay unique even when the wire repeats a messageId. */
export function appendEntry(session: SessionState, make: (id: string) => Entry): SessionState {
  const seq = session.seq + 1;
  return { ...session, seq, entries: pushEntry(session.entries, make(`e${seq}`)) };
}

/** A chunk for the last entry: O(1) in the transcript's length (entry-list.ts), however long the session. */
export function withLastEntry(session: SessionState, entry: Entry): SessionState {
  return { ...session, entries: replaceLastEntry(session.entries, entry) };
}

export function appendNotice(session: SessionState, tone: NoticeEntry["tone"], text: string, retry?: true): SessionState {
  return appendEntry(session, (id) => ({ kind: "notice", id, tone, text, ...(retry ? { retry } : {}) }));
}
