/**
 * The agent's elicitation/create requests, each waiting for the user like a permission request:
 * shown as client events, answered only by the user (accept with content the form check passed,
 * decline, cancel), by Stop or the agent going away (cancel), or, for a URL, by the agent saying
 * the user finished it there (elicitation/complete: accept). A mode this client does not build,
 * or a link that is not a web address, is declined at once.
 */
import type { CreateElicitationRequest, CreateElicitationResponse } from "../../../acp/schema";
import { type ElicitationState, elicitationState } from "../../../state/conversation/elicitation";
import { checkForm, type FormValue } from "../../../state/conversation/elicitation-form";

interface Pending {
  state: ElicitationState;
  elicitationId: string | null;
  resolve(response: CreateElicitationResponse): void;
}

export interface ElicitationEvents {
  requested(state: ElicitationState): void;
  resolved(key: string): void;
}

export type ElicitationAnswer = { action: "accept"; values?: Record<string, FormValue> } | { action: "decline" } | { action: "cancel" };

export class ElicitationBroker {
  private readonly pending = new Map<string, Pending>();
  private counter = 0;

  constructor(private readonly events: ElicitationEvents) {}

  ask(request: CreateElicitationRequest, signal: AbortSignal): Promise<CreateElicitationResponse> {
    const key = `ask-${++this.counter}`;
    const state = elicitationState(key, request);
    if (!state) return Promise.resolve({ action: "decline" });
    const elicitationId = "elicitationId" in request && typeof request.elicitationId === "string" ? request.elicitationId : null;
    return new Promise((resolve) => {
      this.pending.set(key, { state, elicitationId, resolve });
      signal.addEventListener("abort", () => this.settle(key, { action: "cancel" }), { once: true });
      this.events.requested(state);
      if (signal.aborted) this.settle(key, { action: "cancel" });
    });
  }

  /** The user's answer; an accepted form goes out only when its content passes the check (else false, still pending). */
  answer(key: string, answer: ElicitationAnswer): boolean {
    const p = this.pending.get(key);
    if (!p) return false;
    if (answer.action !== "accept") return this.settle(key, { action: answer.action });
    if (!p.state.form) return this.settle(key, { action: "accept" });
    const check = checkForm(p.state.form, answer.values ?? {});
    return check.ok ? this.settle(key, { action: "accept", content: check.content }) : false;
  }

  /** The agent says a URL elicitation is done: the user finished it on the site. */
  complete(elicitationId: string): void {
    for (const [key, p] of this.pending) if (p.elicitationId === elicitationId) this.settle(key, { action: "accept" });
  }

  cancelSession(sessionId: string): void {
    for (const [key, p] of this.pending) if (p.state.sessionId === sessionId) this.settle(key, { action: "cancel" });
  }

  cancelAll(): void {
    for (const key of [...this.pending.keys()]) this.settle(key, { action: "cancel" });
  }

  private settle(key: string, response: CreateElicitationResponse): boolean {
    const p = this.pending.get(key);
    if (!p) return false;
    this.pending.delete(key);
    p.resolve(response);
    this.events.resolved(key);
    return true;
  }
}
