/**
 * Agent lines that passed verbatim, gathered while the host works through one read of the agent's
 * stdout, so they reach the browser as one native message instead of one each (the browser reads,
 * posts and dispatches every native message on its own, which is most of what a session/load
 * replay of thousands of lines costs). Several lines travel as a JSON array of their own bytes,
 * `[line,line,…]` (a JSON-RPC 2.0 batch, https://www.jsonrpc.org/specification#batch), built
 * without parsing: each line was already checked to be one JSON text. One line alone travels
 * unwrapped, as before. The array never passes `limit` bytes; a line that would take it over
 * starts the next one.
 */
import { MAX_VERBATIM_BYTES } from "../../shared/host-protocol";
import { frameBytes } from "./frames";

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

export class LineBatch {
  private lines: Buffer[] = [];
  /** The lines' bytes plus the commas between them. */
  private size = 0;

  constructor(private readonly limit = MAX_VERBATIM_BYTES) {}

  /** Adds a line; returns the frame of the lines before it when this one would take the array over the limit. */
  add(line: Buffer): Buffer | undefined {
    const full = this.lines.length > 0 && this.size + 1 + line.length + 2 > this.limit ? this.take() : undefined;
    this.size += (this.lines.length > 0 ? 1 : 0) + line.length;
    this.lines.push(line);
    return full;
  }

  /** The frame of what is gathered (undefined when nothing is), and an empty batch. */
  take(): Buffer | undefined {
    const lines = this.lines;
    if (lines.length === 0) return undefined;
    this.lines = [];
    const size = this.size;
    this.size = 0;
    if (lines.length === 1) return frameBytes(lines[0]!);
    const frame = Buffer.allocUnsafe(4 + size + 2);
    frame.writeUInt32LE(size + 2, 0);
    let at = 4;
    frame[at++] = OPEN;
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) frame[at++] = COMMA;
      at += lines[i]!.copy(frame, at);
    }
    frame[at] = CLOSE;
    return frame;
  }
}
