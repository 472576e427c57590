/**
 * Pending `session/request_permission` requests, each waiting for the user. Never timed out and
 * never answered on the user's behalf: only the user's choice, Stop, a $/cancel_request or the
 * agent going away resolve one, and all but the first answer `cancelled`.
 */
import type { PermissionOption, RequestPermissionRequest, RequestPermissionResponse } from "../../acp/schema";

interface Pending {
  sessionId: string;
  options: PermissionOption[];
  resolve(response: RequestPermissionResponse): void;
}

export interface PermissionEvents {
  requested(key: string, request: RequestPermissionRequest): void;
  /** optionId: the option the user chose; null when the request was answered `cancelled`. */
  resolved(key: string, sessionId: string, optionId: string | null): void;
}

const CANCELLED: RequestPermissionResponse = { outcome: { outcome: "cancelled" } };

export class PermissionBroker {
  private readonly pending = new Map<string, Pending>();
  private counter = 0;

  constructor(private readonly events: PermissionEvents) {}

  ask(request: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse> {
    const key = `perm-${++this.counter}`;
    return new Promise((resolve) => {
      this.pending.set(key, { sessionId: request.sessionId, options: request.options, resolve });
      signal.addEventListener("abort", () => this.settle(key, CANCELLED), { once: true });
      this.events.requested(key, request);
      if (signal.aborted) this.settle(key, CANCELLED);
    });
  }

  /** The user's choice. Only an offered optionId is ever sent; anything else is a cancel. */
  answer(key: string, optionId: string | null): boolean {
    const p = this.pending.get(key);
    if (!p) return false;
    const offered = optionId !== null && p.options.some((o) => o.optionId === optionId);
    this.settle(key, offered ? { outcome: { outcome: "selected", optionId: optionId! } } : CANCELLED);
    return true;
  }

  cancelSession(sessionId: string): void {
    for (const [key, p] of this.pending) if (p.sessionId === sessionId) this.settle(key, CANCELLED);
  }

  cancelAll(): void {
    for (const key of [...this.pending.keys()]) this.settle(key, CANCELLED);
  }

  private settle(key: string, response: RequestPermissionResponse): void {
    const p = this.pending.get(key);
    if (!p) return;
    this.pending.delete(key);
    p.resolve(response);
    this.events.resolved(key, p.sessionId, response.outcome.outcome === "selected" ? response.outcome.optionId : null);
  }
}
