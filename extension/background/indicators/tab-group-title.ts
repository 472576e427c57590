/**
 * The agent's tab group says when the agent is working (issue #24: the user should see it without opening
 * the panel): "goose · working" while a turn or a browser tool call runs, "goose" again a moment after
 * (linger.ts: calls in a row keep it on). It is retitled when that changes, and after each open_tab, whose
 * group may be new.
 */
import type { AppEvent, AppState } from "../../state/app";
import { agentNameOf } from "../browser-tools/browser-tools-service";
import { realTimers, type Timers, WORKING_LINGER_MS } from "./linger";

/** A turn running in any session, or a browser tool call still running. */
function agentWorking(state: AppState): boolean {
  if (Object.values(state.client.sessions).some((s) => s.turn !== "idle")) return true;
  return state.tools.calls.some((c) => c.status === "running");
}

function finishedOpenTab(state: AppState, event: AppEvent): boolean {
  if (event.scope !== "tools" || event.event.type !== "tool_finished") return false;
  const { callId } = event.event;
  return state.tools.calls.some((c) => c.callId === callId && c.tool === "open_tab");
}

export function groupTitleUpdater(
  retitle: (name: string, working: boolean) => Promise<void>,
  timers: Timers = realTimers,
): (state: AppState, event: AppEvent) => void {
  let shown: { name: string; working: boolean } | null = null;
  let idleSoon: unknown;
  const show = (name: string, working: boolean) => {
    shown = { name, working };
    retitle(name, working).catch(() => undefined);
  };
  return (state, event) => {
    const working = agentWorking(state);
    const name = agentNameOf(state);
    const openedTab = finishedOpenTab(state, event);
    if (working || openedTab || shown?.name !== name) {
      timers.clearTimeout(idleSoon);
      idleSoon = undefined;
    }
    if (!openedTab && shown?.name === name && shown.working === working) return;
    // Before the first change there is nothing to put right: the groups start with the plain name.
    if (!shown && !working && !openedTab) {
      shown = { name, working };
      return;
    }
    if (!working && !openedTab && shown?.name === name) {
      idleSoon ??= timers.setTimeout(() => {
        idleSoon = undefined;
        show(name, false);
      }, WORKING_LINGER_MS);
      return;
    }
    show(name, working);
  };
}
