/**
 * The few Chrome DevTools Protocol calls `npm start` needs, over `--remote-debugging-pipe`: the
 * browser reads commands on its fd 3 and writes replies and events on its fd 4, each a JSON object
 * ended by a NUL byte (https://chromedevtools.github.io/devtools-protocol/). A pipe, unlike a
 * debugging port, is reachable only by the process that started the browser.
 */
import type { Readable, Writable } from "node:stream";

export interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

type Reply = { id: number; result?: unknown; error?: { message: string } };
type Event = { method: string; params?: Record<string, unknown> };

export class DevToolsPipe {
  private nextId = 1;
  private buffered = "";
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly listeners = new Set<(e: Event) => void>();
  private closed = false;
  private onClosed = () => {};
  /** Settles when the browser closes the pipe (it exited). */
  readonly whenClosed = new Promise<void>((resolve) => (this.onClosed = resolve));

  constructor(
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
  ) {
    fromBrowser.setEncoding("utf8");
    fromBrowser.on("data", (chunk: string) => this.receive(chunk));
    fromBrowser.on("close", () => this.close(new Error("the browser closed its DevTools pipe")));
    // The browser may exit between a write and its reply: the reply never comes, the close does.
    toBrowser.on("error", () => {});
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("the browser closed its DevTools pipe"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.toBrowser.write(`${JSON.stringify({ id, method, params })}\0`);
    });
  }

  /** The first target, existing or new, that `match` accepts; undefined after `timeoutMs` or once the browser is gone. */
  async waitForTarget(match: (t: TargetInfo) => boolean, timeoutMs: number): Promise<TargetInfo | undefined> {
    let stop = () => {};
    const found = new Promise<TargetInfo | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      void this.whenClosed.then(() => resolve(undefined));
      const listener = (e: Event) => {
        const info = e.params?.targetInfo as TargetInfo | undefined;
        if ((e.method === "Target.targetCreated" || e.method === "Target.targetInfoChanged") && info && match(info)) resolve(info);
      };
      this.listeners.add(listener);
      stop = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
    });
    try {
      // Discovery reports every existing target as created, then each new one.
      // A refusal means the browser is gone; `found` then settles through whenClosed.
      await this.send("Target.setDiscoverTargets", { discover: true }).catch(() => {});
      return await found;
    } finally {
      stop();
    }
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    for (let end = this.buffered.indexOf("\0"); end >= 0; end = this.buffered.indexOf("\0")) {
      const text = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 1);
      let message: Reply | Event;
      try {
        message = JSON.parse(text) as Reply | Event;
      } catch {
        continue;
      }
      if ("id" in message) {
        const waiter = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error.message));
        else waiter?.resolve(message.result);
      } else for (const listener of this.listeners) listener(message);
    }
  }

  private close(error: Error): void {
    this.closed = true;
    this.onClosed();
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
