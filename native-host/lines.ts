/**
 * Splits the agent's stdout into lines at the byte level. A line that stays within `streamAbove`
 * bytes is held (as the read buffers it arrived in) and handed over whole, joined once. A longer
 * line is handed over in `pieceBytes` parts as its bytes arrive, so the host never holds more than
 * about `streamAbove` + one read of it (see native-host/outbound.ts for the chunk envelope).
 */
import { CHUNK_PIECE_BYTES, MAX_CHUNKED_LINE_BYTES, MAX_VERBATIM_BYTES } from "../shared/host-protocol";
import { payloadBuffer } from "./frames";

export type LineEvent =
  /** A whole line of at most `streamAbove` bytes, without its newline. */
  | { kind: "line"; bytes: Buffer }
  /** One part of a longer line: parts 0, 1, … in order; `last` on the part that ended at the newline. */
  | { kind: "part"; bytes: Buffer; index: number; last: boolean }
  /** The line being streamed passed `maxBytes`: its rest is discarded up to the next newline. */
  | { kind: "overflow"; bytes: number };

export interface LineSplitterOptions {
  streamAbove?: number;
  pieceBytes?: number;
  maxBytes?: number;
}

const NEWLINE = 0x0a;

export class LineSplitter {
  private readonly streamAbove: number;
  private readonly pieceBytes: number;
  private readonly maxBytes: number;
  private pieces: Buffer[] = [];
  private size = 0;
  /** Bytes of the current line already handed over as parts, and how many parts. */
  private streamed = 0;
  private parts = 0;
  /** True while discarding the rest of a line that went over the cap. */
  private discarding = false;

  constructor(o: LineSplitterOptions = {}) {
    this.streamAbove = o.streamAbove ?? MAX_VERBATIM_BYTES;
    this.pieceBytes = o.pieceBytes ?? CHUNK_PIECE_BYTES;
    this.maxBytes = o.maxBytes ?? MAX_CHUNKED_LINE_BYTES;
    if (this.pieceBytes > this.streamAbove) throw new Error("pieceBytes must not exceed streamAbove");
  }

  push(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, start);
      if (nl < 0) {
        this.hold(chunk.subarray(start), events);
        return events;
      }
      this.hold(chunk.subarray(start, nl), events);
      this.finishLine(events);
      start = nl + 1;
    }
  }

  /** The last line, if the agent's output ended without a newline. */
  end(): LineEvent[] {
    const events: LineEvent[] = [];
    if (this.discarding || this.size > 0 || this.parts > 0) this.finishLine(events);
    return events;
  }

  private finishLine(events: LineEvent[]): void {
    if (this.discarding) {
      this.discarding = false;
    } else if (this.parts > 0) {
      // Parts are cut only while more bytes are held than a part, so the final one is never empty.
      events.push({ kind: "part", bytes: this.take(this.size), index: this.parts, last: true });
    } else {
      events.push({ kind: "line", bytes: this.take(this.size) });
    }
    this.pieces = [];
    this.size = 0;
    this.streamed = 0;
    this.parts = 0;
  }

  private hold(piece: Buffer, events: LineEvent[]): void {
    if (piece.length === 0 || this.discarding) return;
    const total = this.streamed + this.size + piece.length;
    if (total > this.maxBytes) {
      events.push({ kind: "overflow", bytes: total });
      this.pieces = [];
      this.size = 0;
      this.streamed = 0;
      this.parts = 0;
      this.discarding = true;
      return;
    }
    this.pieces.push(piece);
    this.size += piece.length;
    // Stream once the line cannot be verbatim; keep at least one byte back so the part that ends
    // at the newline (and carries `last`) is never empty.
    if (this.parts === 0 && this.size <= this.streamAbove) return;
    while (this.size > this.pieceBytes) {
      events.push({ kind: "part", bytes: this.take(this.pieceBytes), index: this.parts, last: false });
      this.streamed += this.pieceBytes;
      this.parts++;
    }
  }

  /** Removes the first `n` held bytes as one buffer (a view when they lie in one read buffer). */
  private take(n: number): Buffer {
    const first = this.pieces[0];
    if (first && first.length >= n) {
      const out = first.subarray(0, n);
      if (first.length === n) this.pieces.shift();
      else this.pieces[0] = first.subarray(n);
      this.size -= n;
      return out;
    }
    // Joined with room for a frame header in front, so a verbatim line is framed without another copy.
    const out = payloadBuffer(n);
    let filled = 0;
    while (filled < n) {
      const p = this.pieces[0]!;
      const k = Math.min(p.length, n - filled);
      p.copy(out, filled, 0, k);
      filled += k;
      if (k === p.length) this.pieces.shift();
      else this.pieces[0] = p.subarray(k);
    }
    this.size -= n;
    return out;
  }
}
