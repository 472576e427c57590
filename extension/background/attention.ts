/**
 * What needs the user while no panel is open: a turn that finished (or failed), an approval or a
 * question of the agent's that waits. The badge says so; opening the panel goes to that session. Pure apart from the clock-free
 * state it keeps, so it is tested without a browser.
 */
import { agentDisplayName, sentenceStart } from "../state/agent-name";
import type { AppEvent, AppState } from "../state/app";

export interface Finished {
  sessionId: string;
  title: string | null;
  failed: boolean;
  /** The agent that ran the turn, as the notification names it. */
  agent: string;
}

export class Attention {
  finished: Finished | null = null;

  /** Notes a turn that ended while nobody was looking; returns it when it is news. */
  observe(state: AppState, event: AppEvent, panelsOpen: number): Finished | null {
    if (panelsOpen > 0 || event.scope !== "client") return null;
    const e = event.event;
    if (e.type !== "prompt_finished" && e.type !== "prompt_failed") return null;
    const session = state.client.sessions[e.sessionId];
    this.finished = {
      sessionId: e.sessionId,
      title: session?.title ?? null,
      failed: e.type === "prompt_failed",
      agent: sentenceStart(agentDisplayName(state.connection, state.client.agent)),
    };
    return this.finished;
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
