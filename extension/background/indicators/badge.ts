/**
 * The toolbar badge: how many approvals the agent is waiting for, across all sessions, so a request
 * that arrives while the panel is closed is not missed; else a turn that finished unseen.
 * Pure computation; the browser call is thin.
 */

import type { AppState } from "../../state/app";
import { pendingPermissionCount } from "../../state/client-reducer/selectors";
import { agentDisplayName, sentenceStart } from "../../state/connection/agent-name";
import type { Finished } from "./attention";

export interface Badge {
  text: string;
  color: string;
  title: string;
}

export const NO_BADGE: Badge = { text: "", color: "#000000", title: "Open goose" };

export function badgeFor(state: AppState, finished: Finished | null = null): Badge {
  // Browser-tool consent questions and the agent's questions wait for the user just like its approvals.
  const waiting = pendingPermissionCount(state.client) + state.client.elicitations.length + state.tools.consents.length;
  // The agent that runs, by its own name (goose, Claude Code, Codex…); "Open goose" names this extension.
  const agent = sentenceStart(agentDisplayName(state.connection, state.client.agent));
  if (waiting > 0) {
    return {
      text: String(waiting),
      color: "#b7791f",
      title: waiting === 1 ? `${agent} is waiting for your approval` : `${agent} is waiting for ${waiting} approvals`,
    };
  }
  if (finished) {
    const what = finished.title ? `“${finished.title}”` : "your request";
    return finished.failed
      ? { text: "!", color: "#c53030", title: `${agent} could not finish ${what}` }
      : { text: "✓", color: "#1f8a4c", title: `${agent} finished ${what}` };
  }
  return NO_BADGE;
}

interface ActionApi {
  setBadgeText(details: { text: string }): Promise<void> | void;
  setBadgeBackgroundColor(details: { color: string }): Promise<void> | void;
  setTitle(details: { title: string }): Promise<void> | void;
}

/** Applies badges to the toolbar button, touching it only when the badge changes. */
export function badgeUpdater(action: ActionApi): (state: AppState, finished?: Finished | null) => void {
  let shown: Badge = NO_BADGE;
  return (state, finished = null) => {
    const next = badgeFor(state, finished);
    if (next.text === shown.text && next.title === shown.title) return;
    shown = next;
    void action.setBadgeText({ text: next.text });
    if (next.text) void action.setBadgeBackgroundColor({ color: next.color });
    void action.setTitle({ title: next.title });
  };
}
