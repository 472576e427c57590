/**
 * Splits the agent's stdout into lines at the byte level. Bytes are held as a list of read buffers
 * and joined once per line, so a 20 MiB line costs one copy (no string concatenation, no readline
 * length limit).
 */
const MAX_AGENT_LINE_BYTES = 256 * 1024 * 1024;

export type LineEvent = { kind: "line"; bytes: Buffer } | { kind: "overflow"; bytes: number };

const NEWLINE = 0x0a;

export class LineSplitter {
  private pieces: Buffer[] = [];
  private size = 0;
  /** True while discarding the rest of a line that went over the cap. */
  private discarding = false;

  constructor(private readonly maxBytes: number = MAX_AGENT_LINE_BYTES) {}

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
      if (this.discarding) {
        this.discarding = false;
      } else {
        events.push({ kind: "line", bytes: this.take() });
      }
      start = nl + 1;
    }
  }

  /** The last line, if the agent's output ended without a newline. */
  end(): LineEvent[] {
    if (this.discarding || this.size === 0) {
      this.discarding = false;
      this.pieces = [];
      this.size = 0;
      return [];
    }
    return [{ kind: "line", bytes: this.take() }];
  }

  private hold(piece: Buffer, events: LineEvent[]): void {
    if (piece.length === 0) return;
    if (this.discarding) return;
    if (this.size + piece.length > this.maxBytes) {
      events.push({ kind: "overflow", bytes: this.size + piece.length });
      this.pieces = [];
      this.size = 0;
      this.discarding = true;
      return;
    }
    this.pieces.push(piece);
    this.size += piece.length;
  }

  private take(): Buffer {
    const line = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.size);
    this.pieces = [];
    this.size = 0;
    return line;
  }
}
