/**
 * Forks: a fork opens as a new session holding the parent's transcript up to the fork point and a
 * notice naming where it came from; its relation to the parent is kept for History, with the note
 * its first prompt still owes the agent (fork-point.ts).
 */
import type { ClientEventOf, ClientState } from "../client-state";
import { takeEntries } from "../entry-list";
import { newSessionState } from "./initial-state";
import { appendNotice } from "./structural-sharing";

export function sessionForked(state: ClientState, event: ClientEventOf<"session_forked">): ClientState {
  const parent = state.sessions[event.parentId];
  const fresh = newSessionState(event.sessionId, event.cwd, {
    title: parent?.title ?? event.relation.parentTitle,
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
  return { ...state, forks: { ...event.forks, ...state.forks } };
}
