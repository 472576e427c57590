/**
 * The order of what leaves for the browser. Verbatim agent lines sent while one read of the agent's
 * stdout is worked through are gathered (line-batch.ts) and leave together when that read is done,
 * never later: nothing waits for more input. Any other frame (a host message, a chunk of a long line)
 * first sends the lines gathered before it, so the browser gets everything in the order it was sent.
 */
import { frameBytes } from "./frames";
import { LineBatch } from "./line-batch";

export class BrowserOutbox {
  private readonly batch: LineBatch;
  private inRead = false;

  /**
   * `write` puts one frame on the wire; false means the pipe is full (back-pressure) or closed. `done`,
   * if given, runs once nothing reads the frame any more (written, failed, or never written).
   */
  constructor(
    private readonly write: (frame: Buffer, done?: () => void) => boolean,
    limit?: number,
  ) {
    this.batch = new LineBatch(limit);
  }

  /** Runs `work`, the handling of one read of the agent's stdout; the lines it sends leave at its end. */
  read(work: () => void): void {
    this.inRead = true;
    try {
      work();
    } finally {
      this.inRead = false;
      this.flush();
    }
  }

  /** A verbatim agent line: gathered during a read, else sent now, alone. */
  line(bytes: Buffer): void {
    if (!this.inRead) {
      this.frame(frameBytes(bytes));
      return;
    }
    const full = this.batch.add(bytes);
    if (full) this.write(full);
  }

  /** Any other frame, after the lines gathered before it; `done` as for `write`. */
  frame(frame: Buffer, done?: () => void): boolean {
    this.flush();
    return this.write(frame, done);
  }

  private flush(): void {
    const frame = this.batch.take();
    if (frame) this.write(frame);
  }
}
