/**
 * Forks: a fork opens as a new session holding the parent's transcript up to the fork point and a
 * notice naming where it came from; its relation to the parent is kept for History, with the note
 * its first prompt still owes the agent (fork-point.ts).
 */
import type { SessionInfo, SessionUpdate } from "../../../acp/schema";
import { namedByUser } from "../../connection/goose-controls";
import { takeEntries } from "../../conversation/entry-list";
import type { ClientEventOf, ClientState } from "../../sessions/client-state";
import { type ForkRelation, forkTitle } from "../../sessions/fork-point";
import { newSessionState } from "../initial-state";
import { appendNotice } from "../structural-sharing";

export function sessionForked(state: ClientState, event: ClientEventOf<"session_forked">): ClientState {
  const parent = state.sessions[event.parentId];
  const fresh = newSessionState(event.sessionId, event.cwd, {
    title: forkTitle(event.relation),
    modes: event.modes,
    configOptions: event.configOptions,
    // Held like a new session until the background has put it in the approval mode.
    loading: true,
    deniedToolCalls: parent?.deniedToolCalls,
  });
  const copied = parent
    ? { ...fresh, entries: takeEntries(parent.entries, event.keep), toolCalls: parent.toolCalls, seq: parent.seq }
    : fresh;
  const session = appendNotice(copied, "info", forkNotice(event.relation.parentTitle, event.relation.at, event.relation.how));
  return {
    ...state,
    sessions: { ...state.sessions, [event.sessionId]: session },
    activeSessionId: event.sessionId,
    opening: null,
    lastError: null,
    forks: { ...state.forks, [event.sessionId]: event.relation },
  };
}

function forkNotice(parentTitle: string | null, at: number, how: "edit" | "from"): string {
  const parent = parentTitle ? `“${parentTitle}”` : "an earlier session";
  return how === "edit" ? `Forked from ${parent} to edit your message ${at}.` : `Forked from ${parent} after your message ${at}.`;
}

export function forkNoteSent(state: ClientState, event: ClientEventOf<"fork_note_sent">): ClientState {
  const relation = state.forks[event.sessionId];
  if (!relation || relation.note === null) return state;
  return { ...state, forks: { ...state.forks, [event.sessionId]: { ...relation, note: null } } };
}

/** Stored relations fill in what this state does not know yet; what it knows is newer. */
export function forksKnown(state: ClientState, event: ClientEventOf<"forks_known">): ClientState {
  const added = Object.keys(event.forks).filter((id) => !(id in state.forks));
  if (added.length === 0) return state;
  const forks = { ...event.forks, ...state.forks };
  const items = titledForks(forks, state.history.items);
  return { ...state, forks, history: items === state.history.items ? state.history : { ...state.history, items } };
}

/**
 * The panel names its forks itself: an agent may title a fork from its first prompt, and that
 * carries the note (codex-acp-ts), or add its own mark (goose's " (copy)").
 */
export function titledForks(forks: Record<string, ForkRelation>, items: SessionInfo[]): SessionInfo[] {
  if (!items.some((item) => forks[item.sessionId])) return items;
  return items.map((item) => {
    const relation = forks[item.sessionId];
    // A name the user gave it (goose's rename) is theirs to keep.
    return relation && !namedByUser(item) && item.title !== forkTitle(relation) ? { ...item, title: forkTitle(relation) } : item;
  });
}

/** A title the agent gives a fork is replaced by the panel's. */
export function titledFork(forks: Record<string, ForkRelation>, sessionId: string, update: SessionUpdate): SessionUpdate {
  const relation = forks[sessionId];
  if (!relation || update.sessionUpdate !== "session_info_update" || update.title == null || namedByUser(update)) return update;
  return { ...update, title: forkTitle(relation) };
}
