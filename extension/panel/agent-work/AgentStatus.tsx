/**
 * The agent's status in the composer's row, not a row of its own: the context meter, which agent runs
 * where (a dot, its words where there is room), the session's folder, Restart. Where the row has room
 * (320 px and wider) it sits between the attach icons and Send and lets its words go first as it
 * narrows (agent-status.css); at 240 px it is one button beside the settings that opens all of it above
 * the composer, so nothing wraps onto a row of its own and every piece stays reachable and named.
 */
import type { UiError } from "../../state/sessions/client-state";
import { agentName } from "../../view/agent-label";
import { requestRestart } from "../../view/background-link";
import { extensionVersion } from "../../view/extension-version";
import { active, agent, connection } from "../../view/state-signals";
import { describeConnection } from "../../view/status-text";
import { usePopover } from "../composer/popover";
import { IconButton } from "../icons";
import { UsageMeter } from "./AgentWork";
import { SessionFolderButton, SessionFolderNote } from "./SessionFolder";
import { usageView } from "./usage";
import "./agent-status.css";

/** The session on screen failed because the agent needs setting up (goose 1.53 fails the first prompt without a provider). */
export function setupError(): UiError | null {
  return active.error.value?.setup ? active.error.value : null;
}

/** The words for a running agent ("goose 1.52.0 is running in ~/src"), or null while it is not (the status card speaks then). */
function runningHeadline(): { headline: string; facts: string[] } | null {
  const state = connection.value;
  if (state?.link.phase !== "ready" || state.agent?.state !== "running" || agent.value?.phase !== "ready") return null;
  // "Running" only once the agent could open a session and needs no setting up.
  if (!agent.value.sessionOpened || setupError()) return null;
  return describeConnection(state, agent.value, extensionVersion());
}

export function AgentStatus() {
  const running = runningHeadline();
  const usage = usageView(active.usage.value);
  const { open, setOpen, box, toggle } = usePopover<HTMLDivElement>(!running && !usage);
  if (!running && !usage) return null;
  const summary = [running?.headline ?? `${agentName.value} is not running`, usage && `context ${usage.percent}% used`]
    .filter(Boolean)
    .join(", ");
  return (
    <div class="agent-status">
      <button
        ref={toggle}
        type="button"
        class="icon-button agent-status__toggle"
        aria-label={summary}
        title={`${summary}: show the status, the folder and Restart`}
        aria-expanded={open}
        aria-controls="agent-status"
        onClick={() => setOpen(!open)}
      >
        <span class={running ? "agent-line__dot" : "agent-line__dot agent-line__dot--off"} aria-hidden="true" />
      </button>
      <div ref={box} id="agent-status" class={open ? "agent-status__items is-open" : "agent-status__items"}>
        <UsageMeter />
        {running && (
          <p class="agent-line" role="status" title={[running.headline, ...running.facts].join(" · ")}>
            <span class="agent-line__dot" aria-hidden="true" />
            <span class="agent-line__text">{running.headline}</span>
            <SessionFolderNote />
            <SessionFolderButton />
            <IconButton
              icon="restart"
              label="Restart"
              hint={`Restart ${agentName.value}: a fresh process, the session reloaded`}
              onClick={requestRestart}
            />
          </p>
        )}
      </div>
    </div>
  );
}
