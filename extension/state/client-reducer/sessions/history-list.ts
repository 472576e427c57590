/** The agent's list of past sessions (session/list), as the history view shows it. */
import type { ClientEventOf, ClientState, HistoryState } from "../../sessions/client-state";
import { titledForks } from "./fork";

export function historyLoading(state: ClientState): ClientState {
  return withHistory(state, { loading: true, error: null });
}

export function historyLoaded(state: ClientState, event: ClientEventOf<"history_loaded">): ClientState {
  return withHistory(state, { items: titledForks(state.forks, event.items), loading: false, error: null });
}

export function historyFailed(state: ClientState, event: ClientEventOf<"history_failed">): ClientState {
  return withHistory(state, { loading: false, error: event.error });
}

export function historyRemoved(state: ClientState, event: ClientEventOf<"history_removed">): ClientState {
  const items = state.history.items.filter((item) => item.sessionId !== event.sessionId);
  return items.length === state.history.items.length ? state : { ...state, history: { ...state.history, items } };
}

function withHistory(state: ClientState, patch: Partial<HistoryState>): ClientState {
  const history = { ...state.history, ...patch };
  const same = (Object.keys(patch) as (keyof HistoryState)[]).every((k) => history[k] === state.history[k]);
  return same ? state : { ...state, history };
}
