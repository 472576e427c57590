/**
 * Keeps the host's memory near its working set while large messages stream through. The buffers a
 * message passes through (the pipes' read buffers, the joined frame or line, the frame written to
 * the browser) live outside V8's heap, and V8 collects them only when its own heap needs a
 * collection or tens of MB of them have piled up. The host checks messages as bytes and allocates
 * little on its own heap, so without help its peak memory under steady 256 KiB–1 MiB traffic rose
 * by 20–50 MB. After every `everyBytes` of traffic this runs one collection: a minor (young
 * generation) one, which frees the buffers that died young, and every `majorEvery`-th a full one,
 * for the buffers that were still in flight at an earlier collection and so were moved to the old
 * generation (without it, some runs still peaked 50 MB higher). Measured: no difference in the
 * host's CPU time per message beyond run-to-run noise (BENCHMARKS.md).
 */
const MiB = 1024 * 1024;

type Collect = (kind: "minor" | "major") => void;

export class MemoryPacer {
  private moved = 0;
  private scheduled = false;
  private collections = 0;

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
}

/** V8's `gc`, which the launcher's `--expose-gc` provides (native-host/setup/launcher.ts); undefined without it. */
function collector(): Collect | undefined {
  const gc: unknown = (globalThis as { gc?: unknown }).gc;
  if (typeof gc !== "function") return undefined;
  return (kind) => (gc as (options: { type: "minor" | "major" }) => void)({ type: kind });
}
