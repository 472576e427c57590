/**
 * Closing the session on screen: it leaves the panel (History reopens it), and an agent that offers
 * session/close frees it at once. Only an idle session closes: Stop comes first.
 */
import { sentenceStart } from "../state/agent-name";
import { agentCan } from "../state/session-capabilities";
import { agentName } from "../view/agent-label";
import { send } from "../view/background-link";
import { active, activeSessionId, agent, opening } from "../view/state-signals";

export function CloseSession() {
  const sessionId = activeSessionId.value;
  if (!sessionId) return null;
  const idle = active.turn.value === "idle" && !active.loading.value && opening.value === null;
  const frees = agentCan(agent.value, "close") ? ` ${sentenceStart(agentName.value)} frees it too.` : "";
  return (
    <button
      type="button"
      class="button button--ghost"
      aria-label="Close session"
      title={idle ? `Close this session; History reopens it.${frees}` : "Stop the turn before closing the session."}
      disabled={!idle}
      onClick={() => send({ type: "close_session", sessionId })}
    >
      Close
    </button>
  );
}
