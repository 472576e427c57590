/**
 * Steering: adding a message to the turn that is running. Whether and how is what the agent says,
 * never its name:
 *  - `steering`: `_session/steering`, which claude-agent-acp and codex-acp serve and advertise in
 *    initialize as `_meta.steering.supported: true`. Preferred where advertised; its answer says
 *    whether the message went in (`injected`) or the turn had ended (`promptRequired`: it queues).
 *  - `prompt`: a second `session/prompt` during a turn joins it. claude-agent-acp says so in
 *    initialize with `agentCapabilities._meta.claudeCode.promptQueueing: true`; ACP's steering RFD
 *    (a draft for protocol v2; SDK 2.4's v1 schema has no such field) names the same behaviour
 *    `sessionCapabilities.steering`.
 *  - `goose`: goose refuses a second prompt and takes `_goose/unstable/session/steer` instead, naming
 *    the run it steers. goose advertises nothing for it in initialize; it announces each run's id in
 *    `session_info_update._meta.goose.activeRunId`, which is what the request needs, so a session
 *    whose running turn has one can be steered (until the agent answers the method "not found").
 */
import type { AgentCapabilities } from "../../acp/schema";
import type { ClientEvent, ClientState } from "../sessions/client-state";
import { initialSteerState, type SteerState } from "../sessions/queue-state";

export type SteerWay = { kind: "steering" } | { kind: "prompt" } | { kind: "goose"; runId: string };

/** How a message can join the session's running turn now; null: it cannot (it queues). */
export function steerWay(state: ClientState, sessionId: string | null): SteerWay | null {
  const session = sessionId === null ? undefined : state.sessions[sessionId];
  if (session?.turn !== "running" || state.agent.phase !== "ready") return null;
  if (record(record(state.agent.capabilities?._meta)?.steering)?.supported === true) return { kind: "steering" };
  if (joinsRunningTurn(state.agent.capabilities)) return { kind: "prompt" };
  const runId = state.steer.runIds[session.sessionId];
  return runId !== undefined && !state.steer.refused ? { kind: "goose", runId } : null;
}

/** The agent says a prompt sent during a turn joins that turn. */
function joinsRunningTurn(capabilities: AgentCapabilities | null): boolean {
  const claudeCode = record(record(capabilities?._meta)?.claudeCode);
  const sessionCapabilities = record(capabilities?.sessionCapabilities);
  return claudeCode?.promptQueueing === true || record(sessionCapabilities?.steering) !== undefined;
}

/** Keeps the run ids goose announces, and forgets them (and a refusal) with the agent that sent them. */
export function followSteering(state: ClientState, event: ClientEvent): ClientState {
  const steer = nextSteer(state.steer, event);
  return steer === state.steer ? state : { ...state, steer };
}

function nextSteer(steer: SteerState, event: ClientEvent): SteerState {
  switch (event.type) {
    case "agent_initializing":
    case "agent_offline":
    case "agent_failed":
    case "agent_unsupported":
      return steer.refused || Object.keys(steer.runIds).length > 0 ? initialSteerState : steer;
    case "prompt_finished":
    case "prompt_failed":
    case "session_closed":
      return withRunId(steer, event.sessionId, null);
    case "session_update": {
      const update = event.update;
      if (update.sessionUpdate !== "session_info_update") return steer;
      const goose = record(record(update._meta)?.goose);
      if (!goose || !Object.hasOwn(goose, "activeRunId")) return steer;
      const runId = goose.activeRunId;
      return withRunId(steer, event.sessionId, typeof runId === "string" && runId !== "" ? runId : null);
    }
    default:
      return steer;
  }
}

function withRunId(steer: SteerState, sessionId: string, runId: string | null): SteerState {
  if ((steer.runIds[sessionId] ?? null) === runId) return steer;
  if (runId !== null) return { ...steer, runIds: { ...steer.runIds, [sessionId]: runId } };
  const { [sessionId]: _ended, ...runIds } = steer.runIds;
  return { ...steer, runIds };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
}
