/**
 * Splits the agent's stdout into lines at the byte level. Each read is valid only while `push` runs
 * (the host reads the agent's stdout into one reused buffer: agent/stdout-socket.ts), so the bytes of
 * a line still open at the end of a read are copied into one holding buffer, which the splitter keeps
 * and reuses. A line that stays within `streamAbove` bytes is handed over whole, in a buffer of its
 * own. A longer line is handed over in `pieceBytes` parts as its bytes arrive, so the host never holds
 * more than about `streamAbove` + one read of it (see native-host/wire/outbound.ts for the chunk envelope).
 */
import { CHUNK_PIECE_BYTES, MAX_CHUNKED_LINE_BYTES, MAX_VERBATIM_BYTES } from "../../shared/host-protocol";
import { payloadBuffer } from "./frames";

export type LineEvent =
  /** A whole line of at most `streamAbove` bytes, without its newline; the buffer is the event's own. */
  | { kind: "line"; bytes: Buffer }
  /**
   * One part of a longer line: parts 0, 1, … in order; `last` on the part that ended at the newline.
   * `bytes` is valid only until the splitter's next `push` or `end` (it may lie in the holding buffer).
   */
  | { kind: "part"; bytes: Buffer; index: number; last: boolean }
  /** The line being streamed passed `maxBytes`: its rest is discarded up to the next newline. */
  | { kind: "overflow"; bytes: number };

export interface LineSplitterOptions {
  streamAbove?: number;
  pieceBytes?: number;
  maxBytes?: number;
}

const NEWLINE = 0x0a;
/**
 * The holding buffer's first size. Past it, it grows at once to streamAbove + this, what a line
 * about to be streamed needs, rather than doubling there: each size it passed through stayed
 * allocated until V8 collected it (BENCHMARKS.md, "Host memory, the 1 MiB peak").
 */
const MIN_HOLD_BYTES = 64 * 1024;

export class LineSplitter {
  private readonly streamAbove: number;
  private readonly pieceBytes: number;
  private readonly maxBytes: number;
  /** The open line's bytes not yet handed over are `held[start, start + size)`. */
  private held: Buffer | undefined;
  private start = 0;
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

  /** Feeds one read; `chunk` is not referred to once this returns. */
  push(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    this.compact();
    let from = 0;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, from);
      if (nl < 0) {
        this.hold(chunk.subarray(from), events);
        return events;
      }
      if (this.size === 0 && this.parts === 0 && !this.discarding && nl - from <= this.streamAbove) {
        // The whole line is in this read: one copy, straight into the line's own buffer.
        events.push({ kind: "line", bytes: copyOf(chunk.subarray(from, nl)) });
      } else {
        this.hold(chunk.subarray(from, nl), events);
        this.finishLine(events);
      }
      from = nl + 1;
    }
  }

  /** The last line, if the agent's output ended without a newline. */
  end(): LineEvent[] {
    const events: LineEvent[] = [];
    this.compact();
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
      events.push({ kind: "line", bytes: copyOf(this.take(this.size)) });
    }
    this.drop();
  }

  private hold(piece: Buffer, events: LineEvent[]): void {
    if (piece.length === 0 || this.discarding) return;
    const total = this.streamed + this.size + piece.length;
    if (total > this.maxBytes) {
      events.push({ kind: "overflow", bytes: total });
      this.drop();
      this.discarding = true;
      return;
    }
    this.append(piece);
    // Stream once the line cannot be verbatim; keep at least one byte back so the part that ends
    // at the newline (and carries `last`) is never empty.
    if (this.parts === 0 && this.size <= this.streamAbove) return;
    while (this.size > this.pieceBytes) {
      events.push({ kind: "part", bytes: this.take(this.pieceBytes), index: this.parts, last: false });
      this.streamed += this.pieceBytes;
      this.parts++;
    }
  }

  private append(piece: Buffer): void {
    const need = this.start + this.size + piece.length;
    let held = this.held;
    if (!held || held.length < need) {
      let length = held ? Math.max(held.length, this.streamAbove + MIN_HOLD_BYTES) : MIN_HOLD_BYTES;
      while (length < this.size + piece.length) length *= 2;
      const grown = Buffer.allocUnsafeSlow(length);
      held?.copy(grown, 0, this.start, this.start + this.size);
      this.held = held = grown;
      this.start = 0;
    }
    piece.copy(held, this.start + this.size);
    this.size += piece.length;
  }

  /** The first `n` held bytes, as a view of the holding buffer (valid until the next push or end). */
  private take(n: number): Buffer {
    const out = this.held ? this.held.subarray(this.start, this.start + n) : Buffer.alloc(0);
    this.start += n;
    this.size -= n;
    return out;
  }

  /** Moves what is held to the front, once the parts handed out of the last read are no longer read. */
  private compact(): void {
    if (this.start === 0) return;
    if (this.size > 0) this.held!.copy(this.held!, 0, this.start, this.start + this.size);
    this.start = 0;
  }

  /** Forgets the open line; its bytes stay where they are until the next push (parts may still be read). */
  private drop(): void {
    this.start += this.size;
    this.size = 0;
    this.streamed = 0;
    this.parts = 0;
  }
}

/** `bytes` in a buffer of their own, with room for a frame header in front (frames.ts `payloadBuffer`). */
function copyOf(bytes: Buffer): Buffer {
  const out = payloadBuffer(bytes.length);
  bytes.copy(out);
  return out;
}
