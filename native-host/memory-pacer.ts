/**
 * Keeps the host's memory near its working set while large messages stream through. The buffers a
 * message passes through (the pipes' read buffers, the joined frame or line, the frame written to
 * the browser) live outside V8's heap, and V8 collects them only when its own heap needs a
 * collection or tens of MB of them have piled up. The host checks messages as bytes and allocates
 * little on its own heap, so without help its peak memory under steady 256 KiB traffic rose by
 * about 20 MB. After every `everyBytes` of traffic this runs one minor (young generation)
 * collection, which frees the dead buffers; at about a millisecond each, it made no measurable
 * difference to the host's CPU time per message (BENCHMARKS.md).
 */
import v8 from "node:v8";
import vm from "node:vm";

const MiB = 1024 * 1024;

export class MemoryPacer {
  private moved = 0;
  private scheduled = false;

  constructor(
    private readonly collect: (() => void) | undefined = minorCollection(),
    private readonly everyBytes = 4 * MiB,
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
      this.collect?.();
    });
  }
}

/**
 * V8's `gc`, asked for a minor collection; undefined if the runtime refuses. A flag set at run time
 * adds `gc` only to contexts created afterwards, hence the new context.
 */
function minorCollection(): (() => void) | undefined {
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc: unknown = vm.runInNewContext("gc");
    if (typeof gc !== "function") return undefined;
    return () => (gc as (options: { type: "minor" }) => void)({ type: "minor" });
  } catch {
    return undefined;
  }
}
