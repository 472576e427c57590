/**
 * The one way onto the wire to the browser, and the back-pressure that follows from it: the agent's
 * output is paused while the browser's pipe is full or agent reads wait at the chunk gate
 * (wire/chunk-gate.ts), and resumed when neither holds it.
 */
import type { Writable } from "node:stream";
import { CHROME_MAX_HOST_MESSAGE_BYTES, hostMessage } from "../../shared/host-protocol";
import type { Logger } from "../setup/log";
import { frameJson } from "../wire/frames";

export class BrowserWriter {
  private pipeFull = false;
  private gateHeld = false;
  private agentPaused = false;

  /** `pauseAgent(true)` pauses the agent's output, `pauseAgent(false)` resumes it. */
  constructor(
    private readonly output: Writable,
    private readonly log: Logger,
    private readonly pauseAgent: (paused: boolean) => void,
  ) {}

  /**
   * Nothing over the browser's per-message limit is ever written. False when the port is closed.
   * `done` runs once nothing reads `frame` any more.
   */
  write(frame: Buffer, done?: () => void): boolean {
    const out = this.output;
    if (out.destroyed || out.writableEnded) {
      done?.();
      return false;
    }
    if (frame.length - 4 > CHROME_MAX_HOST_MESSAGE_BYTES) {
      const message = `the host withheld a ${frame.length - 4}-byte message: the browser closes the port on any over ${CHROME_MAX_HOST_MESSAGE_BYTES}`;
      this.log.error(message);
      done?.();
      return this.write(frameJson(hostMessage({ type: "error", code: "message_too_large", message })));
    }
    // The callback runs when the write completes or fails.
    if (!out.write(frame, done && (() => done())) && !this.pipeFull) {
      // The browser is slower than the agent: stop reading the agent until the pipe drains.
      this.pipeFull = true;
      this.flow();
      out.once("drain", () => {
        this.pipeFull = false;
        this.flow();
      });
    }
    return true;
  }

  /** The chunk gate holds agent reads (true) or lets them go (false). */
  gate(held: boolean): void {
    this.gateHeld = held;
    this.flow();
  }

  /** Resolves once what was written before has been handed to the system (or the pipe is gone). */
  flushed(): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.output.writableEnded || this.output.destroyed) return resolve();
      this.output.write(Buffer.alloc(0), () => resolve());
    });
  }

  private flow(): void {
    const pause = this.pipeFull || this.gateHeld;
    if (pause === this.agentPaused) return;
    this.agentPaused = pause;
    this.pauseAgent(pause);
  }
}
