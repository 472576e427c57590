/**
 * A frame from the browser over POOLED_FRAME_BYTES, checked as it streams in (issue #39): each read's
 * bytes are copied into the pool's 1 MiB blocks and run through an incremental UTF-8 check and the
 * JSON scan (jsonrpc/json-stream-scan.ts), so the frame is never joined into one buffer, and nothing
 * of it reaches the agent before the whole of it passed: a refused one only gives its blocks back.
 * Joining the pieces and then scanning cost about 2.3× a message's size, freed only when V8 collected
 * (BENCHMARKS.md). Blocks come from the pool only as bytes arrive, never from the claimed length.
 */
import { isUtf8 } from "node:buffer";
import type { JsonScan } from "../jsonrpc/json-scan";
import { JsonStreamScan } from "../jsonrpc/json-stream-scan";
import { type FramePool, POOLED_FRAME_BYTES } from "./frame-pool";

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;

/** UTF-8 checked one piece at a time: a character cut between two pieces is checked once both are in. */
class Utf8Stream {
  ok = true;
  private readonly carry = Buffer.alloc(4);
  private carried = 0;

  push(piece: Buffer): void {
    if (!this.ok) return;
    let start = 0;
    if (this.carried > 0) {
      const size = sequenceLength(this.carry[0]!);
      start = Math.min(size - this.carried, piece.length);
      piece.copy(this.carry, this.carried, 0, start);
      this.carried += start;
      if (this.carried < size) return;
      this.ok = isUtf8(this.carry.subarray(0, size));
      this.carried = 0;
    }
    // The last character may be cut: keep its bytes for the next piece.
    let end = piece.length;
    for (let k = 1; k <= 3 && end - k >= start; k++) {
      const b = piece[end - k]!;
      if ((b & 0xc0) === 0x80) continue;
      if (b >= 0xc0 && sequenceLength(b) > k) end -= k;
      break;
    }
    if (this.ok) this.ok = isUtf8(piece.subarray(start, end));
    this.carried = piece.copy(this.carry, 0, end);
  }

  /** True when every byte pushed was valid UTF-8 and no character was left cut off. */
  end(): boolean {
    return this.ok && this.carried === 0;
  }
}

function sequenceLength(lead: number): number {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
}

export class FrameStream {
  /** The frame's bytes so far, in pooled blocks; the last one filled up to `filled`. */
  private readonly blocks: Buffer[] = [];
  private filled = POOLED_FRAME_BYTES;
  private readonly scanner = new JsonStreamScan();
  private readonly utf8 = new Utf8Stream();

  constructor(private readonly pool: FramePool) {}

  /** Copies and checks the next piece; nothing refers to it once this returns. */
  push(piece: Buffer): void {
    this.utf8.push(piece);
    this.scanner.push(piece);
    let at = 0;
    while (at < piece.length) {
      if (this.filled === POOLED_FRAME_BYTES) {
        this.blocks.push(this.pool.take(POOLED_FRAME_BYTES)!);
        this.filled = 0;
      }
      const copied = piece.copy(this.blocks.at(-1)!, this.filled, at);
      this.filled += copied;
      at += copied;
    }
  }

  /** The checks' results once every byte is in. */
  finish(): { utf8: boolean; scan: JsonScan; isObject: boolean } {
    return { utf8: this.utf8.end(), scan: this.scanner.end(), isObject: this.scanner.first === 0x7b };
  }

  /** The frame's bytes as pieces of its blocks (valid until `discard`). */
  get parts(): Buffer[] {
    return this.blocks.map((b, i) => (i === this.blocks.length - 1 ? b.subarray(0, this.filled) : b));
  }

  /** The blocks, to be given back to the pool once nothing reads them. */
  get buffers(): Buffer[] {
    return this.blocks;
  }

  /** Bytes `start` to `end` of the frame, copied into one buffer. */
  copy(start: number, end: number): Buffer {
    const out = Buffer.allocUnsafe(end - start);
    let written = 0;
    for (let i = Math.floor(start / POOLED_FRAME_BYTES); written < out.length; i++) {
      const from = i === Math.floor(start / POOLED_FRAME_BYTES) ? start % POOLED_FRAME_BYTES : 0;
      written += this.blocks[i]!.copy(out, written, from, Math.min(POOLED_FRAME_BYTES, from + out.length - written));
    }
    return out;
  }

  /**
   * A valid message's line breaks, whitespace between its tokens (JSON strings cannot hold one), made
   * spaces in place, so it goes to the agent as one ndjson line (as raw-message.ts asOneLine does).
   */
  asOneLine(): void {
    for (const part of this.parts) {
      for (let i = part.indexOf(LF); i >= 0; i = part.indexOf(LF, i + 1)) part[i] = SPACE;
      for (let i = part.indexOf(CR); i >= 0; i = part.indexOf(CR, i + 1)) part[i] = SPACE;
    }
  }

  /** Gives every block back: nothing may read the parts afterwards. */
  discard(): void {
    for (const b of this.blocks.splice(0)) this.pool.give(b);
  }
}
