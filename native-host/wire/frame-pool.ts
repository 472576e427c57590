/**
 * Buffers for assembling frames from the browser, and for the chunk frames of long agent lines
 * (outbound.ts), used again once a frame is done with. A buffer allocated per frame lives outside
 * V8's heap, and V8 frees such buffers only when it collects: under steady 256 KiB–1 MiB traffic
 * they piled up (peak memory) or cost forced collections (CPU).
 * A frame's buffer is lent to it until it is released: at once when the host answers or refuses it,
 * or when the write that forwards it to the agent completes (BENCHMARKS.md).
 */

/** Frames up to this size are assembled in pooled buffers; a larger one gets its own. */
export const POOLED_FRAME_BYTES = 1024 * 1024;
/** The smallest pooled buffer: small frames share a size, so any free buffer fits the next one. */
const MIN_POOLED_BYTES = 64 * 1024;
/** Free buffers kept: one per frame in flight (the relay stops reading while the agent's stdin is full). */
const MAX_FREE = 4;

export class FramePool {
  private readonly free: Buffer[] = [];

  /**
   * A buffer of at least `bytes` bytes, or undefined above POOLED_FRAME_BYTES. At most
   * POOLED_FRAME_BYTES is ever allocated from a frame's claimed length.
   */
  take(bytes: number): Buffer | undefined {
    if (bytes > POOLED_FRAME_BYTES) return undefined;
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const b = this.free[i]!;
      if (b.length >= bytes && (best < 0 || b.length < this.free[best]!.length)) best = i;
    }
    if (best >= 0) return this.free.splice(best, 1)[0];
    let size = MIN_POOLED_BYTES;
    while (size < bytes) size *= 2;
    return Buffer.allocUnsafeSlow(Math.min(size, POOLED_FRAME_BYTES));
  }

  /** Takes a buffer back; it must no longer be read or written by anyone. */
  give(buffer: Buffer): void {
    if (this.free.length < MAX_FREE) {
      this.free.push(buffer);
      return;
    }
    // Keep the largest: they fit every frame the smaller ones would.
    let smallest = 0;
    for (let i = 1; i < this.free.length; i++) if (this.free[i]!.length < this.free[smallest]!.length) smallest = i;
    if (this.free[smallest]!.length < buffer.length) this.free[smallest] = buffer;
  }

  /** Free buffers held (for tests). */
  get size(): number {
    return this.free.length;
  }
}
