/**
 * Closing the session on screen, as an action of the header's menu: it leaves the panel (History
 * reopens it), and an agent that offers session/close frees it at once. Only an idle session
 * closes: Stop comes first.
 */
import { sentenceStart } from "../../state/connection/agent-name";
import { agentCan } from "../../state/sessions/session-capabilities";
import { agentName } from "../../view/agent-label";
import { send } from "../../view/background-link";
import { active, activeSessionId, agent, opening } from "../../view/state-signals";
import type { MenuAction } from "./Menu";

export function closeSessionAction(): MenuAction | null {
  const sessionId = activeSessionId.value;
  if (!sessionId) return null;
  const idle = active.turn.value === "idle" && !active.loading.value && opening.value === null;
  const frees = agentCan(agent.value, "close") ? ` ${sentenceStart(agentName.value)} frees it too.` : "";
  return {
    label: "Close session",
    icon: "close",
    hint: idle ? `Close this session; History reopens it.${frees}` : "Stop the turn before closing the session.",
    disabled: !idle,
    run: () => send({ type: "close_session", sessionId }),
  };
}
