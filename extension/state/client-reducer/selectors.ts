/** Reading the client state: what the background and the panels ask of it. */
import type { ClientState, SessionState } from "../sessions/client-state";

export function activeSession(state: ClientState): SessionState | null {
  return state.activeSessionId === null ? null : (state.sessions[state.activeSessionId] ?? null);
}

/** Whether the agent keeps a history the panel can list (session/list). */
export function canListSessions(state: Pick<ClientState, "agent">): boolean {
  return !!state.agent.capabilities?.sessionCapabilities?.list;
}

export function pendingPermissionCount(state: ClientState): number {
  let count = 0;
  for (const session of Object.values(state.sessions)) count += session.permissions.length;
  return count;
}
