/**
 * What needs the user where they are not looking: a turn that finished (or failed), an approval or a
 * question of the agent's that waits, while no panel is open or in a session tab the panel does not
 * show. The badge says so; opening the panel (or that tab) goes to that session. Pure apart from the
 * clock-free state it keeps, so it is tested without a browser.
 */

import type { AppEvent, AppState } from "../../state/app";
import { agentDisplayName, sentenceStart } from "../../state/connection/agent-name";

export interface Finished {
  sessionId: string;
  title: string | null;
  failed: boolean;
  /** The agent that ran the turn, as the notification names it. */
  agent: string;
}

/** Something the user may be told about (a notification). */
export interface News extends Finished {
  /** An approval waits in that session (rather than a turn that ended). */
  waiting: boolean;
  /** A panel is open, on another session tab. */
  background: boolean;
}

export class Attention {
  finished: Finished | null = null;

  /** Notes a turn that ended, or an approval asked, where nobody was looking; returns it when it is news. */
  observe(state: AppState, event: AppEvent, panelsOpen: number): News | null {
    if (event.scope !== "client") return null;
    const e = event.event;
    if (e.type === "session_activated" || e.type === "session_opened" || e.type === "tab_closed") {
      // Shown on a panel (or closed): seen.
      if (this.finished?.sessionId === e.sessionId && (panelsOpen > 0 || e.type === "tab_closed")) this.finished = null;
      return null;
    }
    if (e.type !== "prompt_finished" && e.type !== "prompt_failed" && e.type !== "permission_requested") return null;
    const background = panelsOpen > 0;
    if (background && e.sessionId === state.client.activeSessionId) return null;
    const waiting = e.type === "permission_requested";
    // With no panel open the approval count on the badge says it (and a notification is for finished turns).
    if (waiting && !background) return null;
    const about: Finished = {
      sessionId: e.sessionId,
      title: state.client.sessions[e.sessionId]?.title ?? null,
      failed: e.type === "prompt_failed",
      agent: sentenceStart(agentDisplayName(state.connection, state.client.agent)),
    };
    if (!waiting) this.finished = about;
    return { ...about, waiting, background };
  }

  /** A panel opened: the session it should show (a waiting approval first, then a finished turn). */
  takeTarget(state: AppState): string | null {
    const waiting = Object.values(state.client.sessions).find((s) => s.permissions.length > 0);
    const asking = state.client.elicitations.find((e) => e.sessionId !== null && state.client.sessions[e.sessionId]);
    const target = waiting?.sessionId ?? asking?.sessionId ?? this.finished?.sessionId ?? null;
    this.finished = null;
    return target !== state.client.activeSessionId ? target : null;
  }
}
