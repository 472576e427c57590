/**
 * Each MCP `tools/call` becomes a `tool_call` host message on the native port; the extension's
 * `tool_result` settles it. Every call ends: answered, timed out, refused because tools are off or
 * the port is gone, or failed when the host shuts down. Never a hang.
 */
import type { ToolContent, toolResultSchema } from "../../shared/browser-tools";
import type { HostToolCall } from "../../shared/host-protocol";
import type { ToolTiming } from "./timing";

type ToolResult = import("zod").infer<typeof toolResultSchema>;

export interface ToolOutcome {
  content: ToolContent[];
  isError?: boolean;
}

/** Timers, injectable so tests drive time. */
export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Milliseconds from any fixed point, for durations. */
  time(): number;
}

export const realClock: Clock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  time: () => performance.now(),
};

export interface ForwarderOptions {
  /** Sends the call to the extension; false when the native port is already closed. */
  send: (call: HostToolCall) => boolean;
  timeoutMs: number;
  /** Validates a `tool_result` (shared/browser-tools.ts's schema); a string is why it is invalid. */
  parseResult: (raw: unknown) => ToolResult | string;
  clock?: Clock;
  log: { info(msg: string): void; warn(msg: string): void };
}

interface Pending {
  tool: string;
  timer: unknown;
  settle: (outcome: ToolOutcome) => void;
  sentAt: number;
  timed: ((timing: ToolTiming) => void) | undefined;
}

function toolError(text: string): ToolOutcome {
  return { content: [{ type: "text", text }], isError: true };
}

export class ToolCallForwarder {
  private readonly pending = new Map<string, Pending>();
  private readonly clock: Clock;
  private enabled = false;
  private closed = false;
  private nextId = 0;

  constructor(private readonly o: ForwarderOptions) {
    this.clock = o.clock ?? realClock;
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** Turning tools off fails the calls still waiting: the user withdrew the permission. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) this.failAll("Browser tools were turned off in goose-browser before the call finished.");
  }

  /** `timed` hears where an answered call's time went (timing.ts). */
  call(tool: string, args: unknown, sessionId?: string, timed?: (timing: ToolTiming) => void): Promise<ToolOutcome> {
    if (this.closed) return Promise.resolve(toolError("The goose-browser host is shutting down; the browser is no longer reachable."));
    if (!this.enabled) {
      return Promise.resolve(toolError("Browser tools are turned off in goose-browser. The user can turn them on in the side panel."));
    }
    const callId = `t${++this.nextId}`;
    return new Promise<ToolOutcome>((resolve) => {
      const timer = this.clock.setTimeout(() => {
        if (!this.pending.delete(callId)) return;
        this.o.log.warn(`tool call ${callId} (${tool}) timed out after ${this.o.timeoutMs} ms`);
        resolve(
          toolError(
            `The browser did not answer ${tool} within ${Math.round(this.o.timeoutMs / 1000)} s ` +
              "(the side panel or the browser may be closed).",
          ),
        );
      }, this.o.timeoutMs);
      this.pending.set(callId, { tool, timer, settle: resolve, sentAt: this.clock.time(), timed });
      const sent = this.o.send({ type: "tool_call", callId, tool, args, ...(sessionId ? { sessionId } : {}) });
      if (!sent) this.settle(callId, toolError("The browser is not connected to goose-browser, so the tool could not run."));
    });
  }

  /** A `tool_result` from the extension. Unknown or late call ids are logged and ignored. */
  answer(raw: unknown): void {
    const callId = typeof (raw as { callId?: unknown } | null)?.callId === "string" ? (raw as { callId: string }).callId : undefined;
    if (!callId || !this.pending.has(callId)) {
      this.o.log.warn(`tool_result for unknown call ${JSON.stringify(callId ?? null).slice(0, 120)} ignored`);
      return;
    }
    const parsed = this.o.parseResult(raw);
    if (typeof parsed === "string") {
      this.o.log.warn(`tool_result for ${callId} is malformed: ${parsed}`);
      this.settle(callId, toolError("The browser extension sent a malformed result for this tool call."));
      return;
    }
    const { content, isError, handlerMs, apiMs, pageMs, pageOwnMs, scriptFileMs } = parsed;
    const p = this.pending.get(callId)!;
    p.timed?.({
      browserMs: this.clock.time() - p.sentAt,
      ...(handlerMs !== undefined ? { handlerMs } : {}),
      ...(apiMs !== undefined ? { apiMs } : {}),
      ...(pageMs !== undefined ? { pageMs } : {}),
      ...(pageOwnMs !== undefined ? { pageOwnMs } : {}),
      ...(scriptFileMs !== undefined ? { scriptFileMs } : {}),
    });
    this.settle(callId, { content, ...(isError ? { isError: true } : {}) });
  }

  /** Fails every waiting call with `message` (port closed, host shutting down). */
  failAll(message: string): void {
    for (const callId of [...this.pending.keys()]) this.settle(callId, toolError(message));
  }

  /** No new calls after this; the waiting ones fail with a clear message. */
  close(): void {
    this.closed = true;
    this.failAll("The goose-browser host is shutting down (the browser closed the connection) before the tool finished.");
  }

  private settle(callId: string, outcome: ToolOutcome): void {
    const p = this.pending.get(callId);
    if (!p) return;
    this.pending.delete(callId);
    this.clock.clearTimeout(p.timer);
    p.settle(outcome);
  }
}
