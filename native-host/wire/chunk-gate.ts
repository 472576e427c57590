/**
 * At most one chunk frame (outbound.ts, about 700 KB for a 512 KiB piece) on its way to the browser
 * at a time. The line splitter usually hands over both parts of a 1 MiB line in the same read, and
 * each became a pooled frame at once, so a second pooled buffer was lent while the first frame still
 * waited on stdout, and the pool kept it (BENCHMARKS.md, "Host memory, the 1 MiB peak"). Here a part
 * that would make a second chunk frame waits, with the events after it, until the first one's write
 * completes; meanwhile the agent's output is paused, so the splitter's holding buffer, which the
 * waiting parts are views of, is not touched (lines.ts; the supervisor feeds it nothing while paused).
 */
import type { LineEvent } from "./lines";

export class ChunkGate {
  private waiting: LineEvent[] = [];
  private next = 0;
  private inFlight = 0;
  private handling = false;
  private held = false;

  /**
   * `handle` runs the handling of a batch of events (the relay's browser outbox read), `one` handles
   * one event in order and sends at most one chunk frame for it, through `chunkSent`. `hold(true)`
   * asks for the agent's output to pause while events wait, `hold(false)` lets it go on.
   */
  constructor(
    private readonly handle: (events: () => void) => void,
    private readonly one: (e: LineEvent) => void,
    private readonly hold: (held: boolean) => void,
  ) {}

  /** One read's events, after any still waiting. */
  push(events: LineEvent[]): void {
    for (const e of events) this.waiting.push(e);
    this.run();
  }

  /** Call as a chunk frame goes out; the function it returns, once nothing reads the frame any more. */
  chunkSent(): () => void {
    this.inFlight++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight--;
      if (this.inFlight === 0) this.run();
    };
  }

  /** Events waiting for a chunk frame's write. */
  get pending(): boolean {
    return this.next < this.waiting.length;
  }

  private run(): void {
    // A frame written (or failed) at once comes back while its event is handled: the loop already
    // running goes on.
    if (this.handling || !this.pending) return;
    this.handling = true;
    try {
      this.handle(() => {
        while (this.next < this.waiting.length) {
          const e = this.waiting[this.next]!;
          if (e.kind === "part" && this.inFlight > 0) return;
          this.next++;
          this.one(e);
        }
      });
    } finally {
      this.handling = false;
      if (!this.pending) {
        this.waiting = [];
        this.next = 0;
      }
      if (this.pending !== this.held) {
        this.held = this.pending;
        this.hold(this.held);
      }
    }
  }
}
