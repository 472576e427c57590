/** A prompt turn: sent, finished (with a notice when the agent's reason calls for one), failed, stopped. */
import type { ContentBlock, StopReason } from "../../acp/schema";
import { agentInfoName } from "../connection/agent-name";
import { turnHasDenial, turnHasOutput } from "../conversation/turn-reading";
import type { ClientState, NoticeEntry, SessionState, UiError } from "../sessions/client-state";
import { appendEntry, appendNotice } from "./structural-sharing";
import { cancelOpenToolCalls, settleOpenToolCalls } from "./tool-calls";

export function promptSent(session: SessionState, content: ContentBlock[], at?: number): SessionState {
  const started: SessionState = { ...session, turn: "running", lastStop: null, error: null };
  return appendEntry(started, (id) => (at === undefined ? { kind: "user", id, content } : { kind: "user", id, content, created: at }));
}

export function promptFinished(session: SessionState, stopReason: StopReason, agent: string): SessionState {
  // Already ended (e.g. the agent went offline first): nothing more to say about this turn.
  if (session.turn === "idle") return session;
  // goose answers end_turn after a cancel (bug #11788); Stop always wins.
  if (session.turn === "cancelling") return endCancelled(session);
  // No card stays pending or running once the agent says the turn is over.
  const ended = settleOpenToolCalls({ ...session, turn: "idle", lastStop: stopReason });
  const notice = turnEndNotice(ended, stopReason, agent);
  return notice ? appendNotice(ended, notice.tone, notice.text) : ended;
}

/**
 * What to say when the agent ends a turn the user did not stop. Codex ends a denied turn
 * `cancelled`: the card already reads "Denied", so that is no Stop and needs no notice.
 */
function turnEndNotice(session: SessionState, stopReason: StopReason, agent: string): { tone: NoticeEntry["tone"]; text: string } | null {
  const warning = stopWarning(stopReason);
  if (warning) return { tone: "warning", text: warning };
  if (turnHasDenial(session)) return null;
  if (stopReason === "cancelled") return { tone: "info", text: `${agent} cancelled the turn.` };
  if (!turnHasOutput(session.entries)) return { tone: "info", text: `${agent} ended the turn without an answer.` };
  return null;
}

/** The agent's own name for notices, at the start of a sentence. */
export function agentName(state: ClientState): string {
  return agentInfoName(state.agent) ?? "The agent";
}

function stopWarning(stopReason: StopReason): string | null {
  switch (stopReason) {
    case "max_tokens":
      return "The reply was cut off: the model reached its output limit.";
    case "max_turn_requests":
      return "The agent stopped: it reached its limit of model requests for one turn.";
    case "refusal":
      return "The agent declined to continue with this request.";
    default:
      return null;
  }
}

function endCancelled(session: SessionState): SessionState {
  let s: SessionState = { ...session, turn: "idle", lastStop: "cancelled" };
  s = cancelOpenToolCalls(s);
  if (s.permissions.length > 0) s = { ...s, permissions: [] };
  return appendNotice(s, "info", "Stopped.");
}

export function promptFailed(session: SessionState, error: UiError): SessionState {
  if (session.turn === "idle") return session;
  // After Stop, an error is just how this agent ended the cancelled turn.
  if (session.turn === "cancelling") return endCancelled(session);
  return appendNotice(settleOpenToolCalls({ ...session, turn: "idle", error }), "error", error.message, true);
}

export function cancelRequested(session: SessionState): SessionState {
  if (session.turn !== "running") return session;
  const s = cancelOpenToolCalls({ ...session, turn: "cancelling" });
  return s.permissions.length > 0 ? { ...s, permissions: [] } : s;
}

/** A request about the session failed outside a turn (e.g. changing a setting): shown, the turn untouched. */
export function sessionError(session: SessionState, error: UiError): SessionState {
  return appendNotice({ ...session, error }, "error", `${error.title}: ${error.message}`);
}
