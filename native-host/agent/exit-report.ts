/**
 * When to report that the agent exited. Not before everything it wrote has been read and handed on
 * for the browser: the exit status and the host's error answers for requests the agent left
 * unanswered are frames behind its last lines, never ahead of them (docs/ARCHITECTURE.md, "The host
 * pipeline"). That is once the end of its stdout has reached the relay and the relay holds the output
 * paused no longer (it pauses while the browser's pipe is full or a chunk frame is on its way:
 * relay.ts, chunk-gate.ts). Two bounds, so that the exit is always reported:
 * - `readMs` of reading time after the exit without the end of stdout: a grandchild (an MCP server)
 *   may hold the agent's stdout open. Only time with the output flowing counts: a paused stream
 *   cannot end, however long the browser takes.
 * - `stallMs` in one stretch with the output paused after the exit: the browser has taken nothing in
 *   that time. Chromium reads a host's stdout as it comes, handing each message on and reading again
 *   without waiting for the extension
 *   (https://source.chromium.org/chromium/chromium/src/+/main:chrome/browser/extensions/api/messaging/native_message_process_host.cc),
 *   so a pipe that stays full that long means a browser that has stopped reading. The report then
 *   goes out (the lines still in the host follow it), so the host's own state and log do not wait on
 *   it. What is left after an exit is small (the socket's buffer, one read, one chunk part): a
 *   browser that reads at all takes it in far less than that.
 */

/** After the exit, how much reading time stdout gets to reach its end (a grandchild may hold it open). */
const READ_MS = 250;
/** After the exit, how long the browser may take nothing before the exit is reported regardless. */
const STALL_MS = 5000;

export interface ExitReportBounds {
  readMs: number;
  stallMs: number;
}

export class ExitReport {
  private exited = false;
  private ended = false;
  private paused = false;
  private done = false;
  /** Reading time left; `flowingSince`: when the stretch of flowing output being counted began. */
  private readLeft: number;
  private flowingSince = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly report: () => void,
    private readonly bounds: ExitReportBounds = { readMs: READ_MS, stallMs: STALL_MS },
  ) {
    this.readLeft = bounds.readMs;
  }

  /** The agent process exited. */
  agentExited(): void {
    if (this.exited) return;
    this.exited = true;
    this.settle();
  }

  /** The end of the agent's stdout has been handed to the relay, after every line before it. */
  outputEnded(): void {
    if (this.ended) return;
    this.ended = true;
    // Already paused: the stall bound runs on from the pause.
    if (this.exited && !this.paused) this.fire();
  }

  /** The agent's output was paused or resumed (the relay holds it while the browser is behind). */
  outputPaused(paused: boolean): void {
    if (paused === this.paused) return;
    if (paused && this.exited && !this.done) this.readLeft -= performance.now() - this.flowingSince;
    this.paused = paused;
    this.settle();
  }

  private settle(): void {
    if (this.done || !this.exited) return;
    clearTimeout(this.timer);
    if (this.paused) {
      this.timer = later(this.bounds.stallMs, () => this.fire());
      return;
    }
    if (this.ended || this.readLeft <= 0) {
      this.fire();
      return;
    }
    this.flowingSince = performance.now();
    this.timer = later(this.readLeft, () => this.fire());
  }

  private fire(): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    this.report();
  }
}

/** A timer that does not keep the host alive on its own. */
function later(ms: number, cb: () => void): NodeJS.Timeout {
  const t = setTimeout(cb, ms);
  t.unref();
  return t;
}
