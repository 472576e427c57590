/** Opening (new or loaded), activating and closing sessions, and what a reload's replay may change. */
import type { SessionUpdate } from "../../../acp/schema";
import { entryCount } from "../../conversation/entry-list";
import type { ClientEventOf, ClientState, SessionState } from "../../sessions/client-state";
import { hideWithdrawn } from "../../sessions/fork-replay";
import { newSessionState } from "../initial-state";
import { updateSession } from "../structural-sharing";
import { TEXT_CHUNK_UPDATES } from "../text-chunks";

export function sessionOpening(state: ClientState, event: ClientEventOf<"session_opening">): ClientState {
  if (sameOpening(state.opening, event.open) && state.lastError === null) return state;
  return { ...state, opening: event.open, openings: state.openings + 1, lastError: null };
}

function sameOpening(a: ClientState["opening"], b: ClientState["opening"]): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === "new" || b.kind === "new") return a.kind === b.kind;
  return a.sessionId === b.sessionId;
}

export function sessionOpened(state: ClientState, event: ClientEventOf<"session_opened">): ClientState {
  const fresh = newSessionState(event.sessionId, event.cwd, {
    title: event.title,
    modes: event.modes,
    configOptions: event.configOptions,
    loading: event.loading,
    deniedToolCalls: event.deniedToolCalls,
  });
  const session = keepSeenTranscript(fresh, state.sessions[event.sessionId]);
  return {
    ...state,
    sessions: { ...state.sessions, [event.sessionId]: session },
    activeSessionId: event.sessionId,
    // A load stays "opening" until its replay is complete (session_loaded).
    opening: event.loading ? state.opening : null,
    lastError: null,
  };
}

/**
 * Reloading a transcript the user is looking at (the agent restarted, e.g. after a crash): the replay
 * would drop what the agent never stored (the crash notice, a partial answer, notices), so the state
 * keeps its own transcript and drops the replayed messages (see `dropsReplayed`).
 */
function keepSeenTranscript(fresh: SessionState, seen: SessionState | undefined): SessionState {
  if (!fresh.loading || !seen || entryCount(seen.entries) === 0) return fresh;
  const denied = [...seen.deniedToolCalls, ...fresh.deniedToolCalls.filter((id) => !seen.deniedToolCalls.includes(id))];
  return {
    ...fresh,
    title: fresh.title ?? seen.title,
    entries: seen.entries,
    toolCalls: seen.toolCalls,
    compactions: seen.compactions,
    plan: seen.plan,
    seq: seen.seq,
    deniedToolCalls: denied,
    replaySeen: true,
  };
}

/** The updates that build the transcript; settings, commands and usage are not among them. */
const TRANSCRIPT_UPDATES: ReadonlySet<SessionUpdate["sessionUpdate"]> = new Set([
  ...TEXT_CHUNK_UPDATES,
  "tool_call",
  "tool_call_update",
  "plan",
]);

/** Transcript updates of a replay the state already shows; settings, commands and usage still apply. */
export function dropsReplayed(session: SessionState, update: SessionUpdate): boolean {
  return session.replaySeen && TRANSCRIPT_UPDATES.has(update.sessionUpdate);
}

export function sessionLoaded(state: ClientState, event: ClientEventOf<"session_loaded">): ClientState {
  const next = updateSession(state, event.sessionId, (s) => {
    const modes = event.modes === undefined ? s.modes : event.modes;
    const configOptions = event.configOptions === undefined ? s.configOptions : event.configOptions;
    if (!s.loading && !s.replaySeen && modes === s.modes && configOptions === s.configOptions) return s;
    // A fork's replay holds what it withdrew from its parent, and its note (fork-replay.ts).
    const replay = event.replayed && s.loading && !s.replaySeen ? state.forks[event.sessionId]?.replay : undefined;
    const entries = replay ? hideWithdrawn(s.entries, replay) : s.entries;
    return { ...s, entries, loading: false, replaySeen: false, modes, configOptions };
  });
  return withSessionOpened(next.opening === null ? next : { ...next, opening: null });
}

/** A session opened on the running agent: from now on the agent is known to work (see AgentState). */
function withSessionOpened(state: ClientState): ClientState {
  if (state.agent.phase !== "ready" || state.agent.sessionOpened) return state;
  return { ...state, agent: { ...state.agent, sessionOpened: true } };
}

/** A quiet session/load of a session on screen: its replay is dropped while it runs (see `dropsReplayed`). */
export function sessionReloading(session: SessionState, reloading: boolean): SessionState {
  const replaySeen = reloading && entryCount(session.entries) > 0;
  return session.replaySeen === replaySeen ? session : { ...session, replaySeen };
}

export function sessionOpenFailed(state: ClientState, event: ClientEventOf<"session_open_failed">): ClientState {
  const { sessionId, error } = event;
  const session = sessionId === undefined ? undefined : state.sessions[sessionId];
  if (session === undefined) return { ...state, opening: null, lastError: error };
  return {
    ...state,
    opening: null,
    sessions: { ...state.sessions, [session.sessionId]: { ...session, loading: false, replaySeen: false, error } },
  };
}

export function sessionActivated(state: ClientState, event: ClientEventOf<"session_activated">): ClientState {
  if (state.activeSessionId === event.sessionId) return state;
  // Activating a transcript we don't hold would show nothing; the opener sends session_opened.
  if (event.sessionId !== null && !state.sessions[event.sessionId]) return state;
  return { ...state, activeSessionId: event.sessionId };
}

export function sessionClosed(state: ClientState, event: ClientEventOf<"session_closed">): ClientState {
  const { sessionId } = event;
  if (!state.sessions[sessionId]) return state;
  const { [sessionId]: _closed, ...sessions } = state.sessions;
  return {
    ...state,
    sessions,
    activeSessionId: state.activeSessionId === sessionId ? null : state.activeSessionId,
  };
}
