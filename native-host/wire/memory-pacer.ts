/**
 * Keeps the host's memory near its working set while large messages stream through: their buffers
 * live outside V8's heap, and the host allocates too little on it for V8 to collect often. After every
 * `everyBytes` of traffic this runs a minor collection, and every `majorEvery`-th a full one for the
 * buffers moved to the old generation while still in flight; it costs no measurable CPU (BENCHMARKS.md).
 */
const MiB = 1024 * 1024;

type Collect = (kind: "minor" | "major") => void;

export class MemoryPacer {
  private moved = 0;
  private scheduled = false;
  private collections = 0;
  private fullScheduled = false;

  constructor(
    private readonly collect: Collect | undefined = collector(),
    private readonly everyBytes = 4 * MiB,
    private readonly majorEvery = 8,
  ) {}

  /** Notes `bytes` of message traffic; after enough, one collection runs once the current I/O callbacks are done. */
  note(bytes: number): void {
    if (!this.collect) return;
    this.moved += bytes;
    if (this.moved < this.everyBytes || this.scheduled) return;
    this.moved = 0;
    this.scheduled = true;
    // Not inside the callback handling the message: its buffers are still referenced there.
    setImmediate(() => {
      this.scheduled = false;
      this.collections++;
      this.collect?.(this.collections % this.majorEvery === 0 ? "major" : "minor");
    });
  }

  /**
   * A message held while it streamed in (frame-stream.ts) was let go: its blocks outlived the minor
   * collections that ran meanwhile, so only a full one frees them, and the next big message would
   * otherwise arrive before it (BENCHMARKS.md). Once the current I/O callbacks are done.
   */
  freed(): void {
    if (!this.collect || this.fullScheduled) return;
    this.fullScheduled = true;
    setImmediate(() => {
      this.fullScheduled = false;
      this.collect?.("major");
    });
  }
}

/** V8's `gc`, which the launcher's `--expose-gc` provides (native-host/setup/launcher.ts); undefined without it. */
function collector(): Collect | undefined {
  const gc: unknown = (globalThis as { gc?: unknown }).gc;
  if (typeof gc !== "function") return undefined;
  return (kind) => (gc as (options: { type: "minor" | "major" }) => void)({ type: kind });
}
