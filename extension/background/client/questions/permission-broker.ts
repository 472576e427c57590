/**
 * Pending `session/request_permission` requests, each waiting for the user. Never timed out, and
 * answered on the user's behalf in one case only (`allowOnceForUser`): a question about a call of our
 * own browser server that our consent judges when the call is served, so the user is asked once, by
 * goose-browser (background/browser-tools/our-questions.ts decides). Otherwise
 * only the user's choice, Stop, a $/cancel_request or the agent going away resolve one, and all but
 * the first answer `cancelled`.
 */
import type { PermissionOption, RequestPermissionRequest, RequestPermissionResponse } from "../../../acp/schema";

interface Pending {
  request: RequestPermissionRequest;
  resolve(response: RequestPermissionResponse): void;
}

export interface PermissionEvents {
  requested(key: string, request: RequestPermissionRequest): void;
  /** The option the user chose; null when the request was answered `cancelled`. */
  resolved(key: string, request: RequestPermissionRequest, option: PermissionOption | null): void;
}

const CANCELLED: RequestPermissionResponse = { outcome: { outcome: "cancelled" } };

export class PermissionBroker {
  private readonly pending = new Map<string, Pending>();
  private counter = 0;

  constructor(private readonly events: PermissionEvents) {}

  ask(request: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse> {
    const key = `perm-${++this.counter}`;
    return new Promise((resolve) => {
      this.pending.set(key, { request, resolve });
      signal.addEventListener("abort", () => this.settle(key, CANCELLED), { once: true });
      this.events.requested(key, request);
      if (signal.aborted) this.settle(key, CANCELLED);
    });
  }

  /** Whether the request still waits for an answer. */
  has(key: string): boolean {
    return this.pending.has(key);
  }

  /** The user's choice. Only an offered optionId is ever sent; anything else is a cancel. */
  answer(key: string, optionId: string | null): boolean {
    const p = this.pending.get(key);
    if (!p) return false;
    const offered = optionId !== null && p.request.options.some((o) => o.optionId === optionId);
    this.settle(key, offered ? { outcome: { outcome: "selected", optionId: optionId! } } : CANCELLED);
    return true;
  }

  /**
   * Answers a request with its `allow_once` option for the user (see above): never an "always", so
   * the agent asks again next time. The option, or null when none is offered or it is already settled.
   */
  allowOnceForUser(key: string): PermissionOption | null {
    const option = this.pending.get(key)?.request.options.find((o) => o.kind === "allow_once");
    if (!option) return null;
    this.settle(key, { outcome: { outcome: "selected", optionId: option.optionId } });
    return option;
  }

  cancelSession(sessionId: string): void {
    for (const [key, p] of this.pending) if (p.request.sessionId === sessionId) this.settle(key, CANCELLED);
  }

  cancelAll(): void {
    for (const key of [...this.pending.keys()]) this.settle(key, CANCELLED);
  }

  private settle(key: string, response: RequestPermissionResponse): void {
    const p = this.pending.get(key);
    if (!p) return;
    this.pending.delete(key);
    p.resolve(response);
    const { outcome } = response;
    const option = outcome.outcome === "selected" ? (p.request.options.find((o) => o.optionId === outcome.optionId) ?? null) : null;
    this.events.resolved(key, p.request, option);
  }
}
