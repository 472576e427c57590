/** The agent behind the host: initializing, ready, or down (unsupported, failed, offline). */
import { GOOSE_UPDATE_COMMAND } from "../../../shared/goose";
import type { AgentState, ClientEventOf, ClientState, SessionState, UiError } from "../sessions/client-state";
import { appendNotice, mapSessions } from "./structural-sharing";
import { cancelOpenToolCalls } from "./tool-calls";

const AGENT_STOPPED_TEXT = "The agent stopped before the turn finished.";

export function agentInitializing(state: ClientState): ClientState {
  const next = withAgentDown(state, { phase: "initializing", info: null, capabilities: null, authMethods: [], error: null });
  // A failure to open a session was the previous process's: the new one is asked again.
  return next.lastError === null ? next : { ...next, lastError: null };
}

export function agentReady(state: ClientState, event: ClientEventOf<"agent_ready">): ClientState {
  const agent: AgentState = {
    phase: "ready",
    info: event.info,
    capabilities: event.capabilities,
    authMethods: event.authMethods,
    error: null,
  };
  return { ...state, agent };
}

/** Only the agent it was learned of: a later one starts from its own initialize answer. */
export function agentServesFork(state: ClientState): ClientState {
  if (state.agent.phase !== "ready" || state.agent.forkServed) return state;
  return { ...state, agent: { ...state.agent, forkServed: true } };
}

export function agentUnsupported(state: ClientState, event: ClientEventOf<"agent_unsupported">): ClientState {
  const error = unsupportedError(event.protocolVersion, event.supported);
  return withAgentDown(state, { ...state.agent, phase: "unsupported", error });
}

export function agentFailed(state: ClientState, event: ClientEventOf<"agent_failed">): ClientState {
  return withAgentDown(state, { ...state.agent, phase: "failed", error: event.error });
}

export function agentOffline(state: ClientState, event: ClientEventOf<"agent_offline">): ClientState {
  return withAgentDown(state, { ...state.agent, phase: "offline", error: event.error });
}

function unsupportedError(protocolVersion: number, supported: number): UiError {
  return {
    title: "Unsupported agent version",
    message: `The agent speaks ACP protocol version ${protocolVersion}; this extension speaks version ${supported}.`,
    fix: `Update the agent (for goose: \`${GOOSE_UPDATE_COMMAND}\`) to a version that supports ACP protocol version ${supported}, then reconnect.`,
  };
}

/**
 * The agent is not (or no longer) ready, so nothing in flight will be answered: running turns end,
 * open tool calls and permission requests are dropped, and nothing is opening any more.
 */
function withAgentDown(state: ClientState, agent: AgentState): ClientState {
  const sessions = mapSessions(state.sessions, stopSessionWork);
  const agentChanged = !sameAgent(state.agent, agent);
  if (!agentChanged && sessions === state.sessions && state.opening === null) return state;
  return { ...state, agent: agentChanged ? agent : state.agent, sessions, opening: null };
}

function stopSessionWork(session: SessionState): SessionState {
  let s = session;
  if (s.turn !== "idle") {
    const wasCancelling = s.turn === "cancelling";
    s = { ...s, turn: "idle", lastStop: wasCancelling ? "cancelled" : s.lastStop };
    // The status card says why, once (it is announced); the transcript only marks where the turn ended.
    s = appendNotice(s, "info", AGENT_STOPPED_TEXT);
  }
  s = cancelOpenToolCalls(s);
  if (s.permissions.length > 0) s = { ...s, permissions: [] };
  if (s.loading) s = { ...s, loading: false };
  return s;
}

function sameAgent(a: AgentState, b: AgentState): boolean {
  return (
    a.phase === b.phase &&
    a.info === b.info &&
    a.capabilities === b.capabilities &&
    a.error === b.error &&
    (a.authMethods === b.authMethods || (a.authMethods.length === 0 && b.authMethods.length === 0))
  );
}
