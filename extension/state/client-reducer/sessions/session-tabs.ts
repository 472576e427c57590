/**
 * The panel's session tabs: which sessions are open side by side, in order, with the title last known
 * (shown for a tab restored after a restart before its session loads) and whether it has output the
 * user has not seen. Opening a session (new, loaded, resumed, forked) adds its tab or shows the one
 * there; the user closes tabs (`tab_closed`); a session deleted from History loses its tab. What a
 * tab's mark shows beyond `unread` (busy, waiting, error) is read from its session (`tabMark`).
 */
import type { SessionUpdate } from "../../../acp/schema";
import type { ClientEvent, ClientEventOf, ClientState, SessionTab } from "../../sessions/client-state";

export function tabsRestored(state: ClientState, event: ClientEventOf<"tabs_restored">): ClientState {
  const known = new Set(event.tabs.map((t) => t.sessionId));
  const restored: SessionTab[] = event.tabs.map((t) => ({ sessionId: t.sessionId, title: t.title, unread: false }));
  // Tabs opened before the stored list was read (the active session restored first) keep theirs.
  const tabs = [...restored, ...state.tabs.filter((t) => !known.has(t.sessionId))];
  if (tabs.length === state.tabs.length && tabs.every((t, i) => t.sessionId === state.tabs[i]?.sessionId)) return state;
  return { ...state, tabs: tabs.map((t) => state.tabs.find((o) => o.sessionId === t.sessionId) ?? t) };
}

export function tabClosed(state: ClientState, event: ClientEventOf<"tab_closed">): ClientState {
  return withoutTab(state, event.sessionId);
}

/** The tab of `sessionId` shows `by` instead, where it was (`by`'s own tab, if any, goes). */
export function tabReplaced(state: ClientState, event: ClientEventOf<"tab_replaced">): ClientState {
  const at = state.tabs.findIndex((t) => t.sessionId === event.sessionId);
  if (at < 0 || event.sessionId === event.by) return state;
  const by = state.tabs.find((t) => t.sessionId === event.by);
  const tab: SessionTab = { sessionId: event.by, title: by?.title ?? state.sessions[event.by]?.title ?? null, unread: false };
  const tabs = state.tabs.map((t, i) => (i === at ? tab : t)).filter((t, i) => i === at || t.sessionId !== event.by);
  return { ...state, tabs };
}

/** Runs after every event: the tab changes an event about a session implies. */
export function followTabs(before: ClientState, after: ClientState, event: ClientEvent): ClientState {
  switch (event.type) {
    case "session_opened":
    case "session_forked":
      return showTab(after, event.sessionId);
    case "session_restored":
      return showTab(after, event.session.sessionId);
    case "session_activated":
      return event.sessionId === null || after.activeSessionId !== event.sessionId ? after : showTab(after, event.sessionId);
    case "history_removed":
      return withoutTab(after, event.sessionId);
    case "history_loaded":
      return titledFromHistory(after);
    case "session_update":
      return OUTPUT_UPDATES.has(event.update.sessionUpdate) || event.update.sessionUpdate === "session_info_update"
        ? noteOutput(before, after, event.sessionId, event.update)
        : after;
    case "prompt_finished":
    case "prompt_failed":
    case "permission_requested":
      return noteOutput(before, after, event.sessionId, null);
    default:
      return after;
  }
}

/** Updates that are output the user has not seen when they arrive in a tab not on screen. */
const OUTPUT_UPDATES: ReadonlySet<SessionUpdate["sessionUpdate"]> = new Set([
  "agent_message_chunk",
  "agent_thought_chunk",
  "tool_call",
  "tool_call_update",
]);

/** The session's tab, added at the end if it has none, marked seen and titled as its session is. */
function showTab(state: ClientState, sessionId: string): ClientState {
  const at = state.tabs.findIndex((t) => t.sessionId === sessionId);
  const title = state.sessions[sessionId]?.title ?? null;
  if (at < 0) return { ...state, tabs: [...state.tabs, { sessionId, title, unread: false }] };
  const tab = state.tabs[at]!;
  const next = { ...tab, title: title ?? tab.title, unread: false };
  return next.title === tab.title && !tab.unread ? state : replaceTab(state, at, next);
}

function withoutTab(state: ClientState, sessionId: string): ClientState {
  const tabs = state.tabs.filter((t) => t.sessionId !== sessionId);
  return tabs.length === state.tabs.length ? state : { ...state, tabs };
}

/** A change to a session in another tab: new output there is unread (a replay while loading is not). */
function noteOutput(before: ClientState, after: ClientState, sessionId: string, update: SessionUpdate | null): ClientState {
  const at = after.tabs.findIndex((t) => t.sessionId === sessionId);
  const session = after.sessions[sessionId];
  if (at < 0 || !session || session === before.sessions[sessionId]) return after;
  const tab = after.tabs[at]!;
  const output = update === null || update.sessionUpdate !== "session_info_update";
  const unread = tab.unread || (output && sessionId !== after.activeSessionId && !session.loading);
  const title = session.title ?? tab.title;
  return unread === tab.unread && title === tab.title ? after : replaceTab(after, at, { ...tab, title, unread });
}

/** Tabs whose session is not in memory take the title History lists for it. */
function titledFromHistory(state: ClientState): ClientState {
  let next = state;
  state.tabs.forEach((tab, at) => {
    if (state.sessions[tab.sessionId]) return;
    const title = state.history.items.find((s) => s.sessionId === tab.sessionId)?.title;
    if (title && title !== tab.title) next = replaceTab(next, at, { ...tab, title });
  });
  return next;
}

function replaceTab(state: ClientState, at: number, tab: SessionTab): ClientState {
  const tabs = state.tabs.slice();
  tabs[at] = tab;
  return { ...state, tabs };
}

export type TabMark = "waiting" | "error" | "busy" | "unread" | null;

/** What a tab's mark says, most urgent first: the agent waits for the user, it failed, it works, it said something new. */
export function tabMark(state: Pick<ClientState, "sessions" | "elicitations">, tab: SessionTab): TabMark {
  const session = state.sessions[tab.sessionId];
  if (session?.permissions.length || state.elicitations.some((e) => e.sessionId === tab.sessionId)) return "waiting";
  if (session?.error) return "error";
  if (session && session.turn !== "idle") return "busy";
  return tab.unread ? "unread" : null;
}

/** The title a tab shows: its session's, else the one last known. */
export function tabTitle(state: Pick<ClientState, "sessions">, tab: SessionTab): string | null {
  return state.sessions[tab.sessionId]?.title ?? tab.title;
}
