/** goose's session controls as the state shows them: the controls served, a session renamed, archived or moved. */
import type { SessionInfo } from "../../../acp/schema";
import type { ClientEventOf, ClientState } from "../../sessions/client-state";
import { updateSession } from "../structural-sharing";

/** Only the agent it was learned of: a later one starts from nothing and is asked again. */
export function agentServesGoose(state: ClientState, event: ClientEventOf<"agent_serves_goose">): ClientState {
  if (state.agent.phase !== "ready") return state;
  return { ...state, agent: { ...state.agent, gooseControls: [...event.controls] } };
}

export function sessionRenamed(state: ClientState, event: ClientEventOf<"session_renamed">): ClientState {
  const { sessionId, title } = event;
  let next = withHistoryItem(state, sessionId, (item) => ({ ...item, title, _meta: { ...item._meta, userSetName: true } }));
  next = updateSession(next, sessionId, (s) => (s.title === title ? s : { ...s, title }));
  const at = next.tabs.findIndex((t) => t.sessionId === sessionId);
  if (at >= 0 && next.tabs[at]!.title !== title) next = { ...next, tabs: next.tabs.map((t, i) => (i === at ? { ...t, title } : t)) };
  return next;
}

export function sessionArchived(state: ClientState, event: ClientEventOf<"session_archived">): ClientState {
  return withHistoryItem(state, event.sessionId, (item) => {
    const { archivedAt: _was, ...meta } = item._meta ?? {};
    return { ...item, _meta: event.archivedAt === null ? meta : { ...meta, archivedAt: event.archivedAt } };
  });
}

export function sessionFolderChanged(state: ClientState, event: ClientEventOf<"session_folder_changed">): ClientState {
  const { sessionId, cwd } = event;
  const next = withHistoryItem(state, sessionId, (item) => (item.cwd === cwd ? item : { ...item, cwd }));
  return updateSession(next, sessionId, (s) => (s.cwd === cwd ? s : { ...s, cwd }));
}

function withHistoryItem(state: ClientState, sessionId: string, change: (item: SessionInfo) => SessionInfo): ClientState {
  const at = state.history.items.findIndex((i) => i.sessionId === sessionId);
  if (at < 0) return state;
  const items = state.history.items.map((item, i) => (i === at ? change(item) : item));
  return { ...state, history: { ...state.history, items } };
}
