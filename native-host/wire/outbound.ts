/**
 * Agent stdout (as LineSplitter events) → frames for the browser.
 *
 * A whole line that fits under Chrome's cap goes through verbatim (its own bytes, not
 * re-serialized, framed by the relay alone or batched with others: line-batch.ts) if it is a
 * JSON-RPC 2.0 object; anything else (blank lines, banners, logs, other
 * JSON) is dropped with a reason to log. A longer line arrives in parts and leaves as chunk
 * envelopes as they arrive (README.md, "Chunk envelope"): the host only checks that it starts like
 * a JSON object and never parses it; the extension parses the whole line after reassembly and
 * reports one that is not JSON-RPC.
 */
import { isUtf8 } from "node:buffer";
import { type HostChunk, type JsonRpcId, MAX_CHUNKED_LINE_BYTES } from "../../shared/host-protocol";
import { type JsonScan, scanJson } from "../jsonrpc/json-scan";
import { readHead } from "../jsonrpc/message-head";
import { isForwardableFromAgent } from "../jsonrpc/policy";
import { base64Length, writeBase64 } from "./base64";
import type { FramePool } from "./frame-pool";
import type { LineEvent } from "./lines";

/** What the host knows about a forwarded agent message: unknown (undefined) for a chunked line. */
interface AgentMessageHead {
  id?: JsonRpcId;
  method?: string;
}

export type OutboundStep =
  /**
   * A line that passes verbatim: `line`, its bytes, to be framed alone or with others of the same
   * read (line-batch.ts); `frames` go before it. `scan`: the line's scan (json-scan.ts), for whoever
   * needs more of its top level.
   */
  | { action: "send"; frames: Buffer[]; line: Buffer; head: AgentMessageHead; scan: JsonScan }
  /** `bytes`: the line's size so far; `last`: this step finished it. */
  | { action: "chunk"; frames: Buffer[]; id: string; bytes: number; last: boolean }
  | { action: "drop"; frames: Buffer[]; reason: string; preview: string }
  /** More of a line already dropped. */
  | { action: "skip"; frames: Buffer[] };

const CR = 0x0d;
const NOTHING: Buffer[] = [];

export class AgentOutbound {
  private ids = 0;
  private readonly lent = new Map<Buffer, Buffer>();
  /** The chunked line being sent, if any. */
  private open: { id: string; index: number; bytes: number } | undefined;
  /** True while discarding the parts of a long line that does not start like a JSON object. */
  private skipping = false;

  /** Chunk frames are lent from `pool` and come back once written (`release`). */
  constructor(private readonly pool: FramePool) {}

  accept(e: LineEvent): OutboundStep {
    if (e.kind === "line") return this.whole(e.bytes);
    if (e.kind === "overflow") {
      const frames = this.abandon(`the agent's line passed ${MAX_CHUNKED_LINE_BYTES} bytes`);
      this.skipping = false;
      return { action: "drop", frames, reason: `line over ${MAX_CHUNKED_LINE_BYTES} bytes (${e.bytes} so far)`, preview: "" };
    }
    return this.part(e.bytes, e.index, e.last);
  }

  private whole(line: Buffer): OutboundStep {
    // Only a restart (the old agent's line cut off) can leave a chunked line open here.
    const frames = this.abandon("the agent was replaced mid-line");
    const bytes = line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, -1) : line;
    const verdict = checkVerbatim(bytes);
    if ("reason" in verdict) return { action: "drop", frames, reason: verdict.reason, preview: verdict.preview };
    return { action: "send", frames, line: bytes, head: verdict.head, scan: verdict.scan };
  }

  private part(bytes: Buffer, index: number, last: boolean): OutboundStep {
    let frames = NOTHING;
    if (index === 0) {
      frames = this.abandon("the agent was replaced mid-line");
      this.skipping = !startsLikeObject(bytes);
      if (this.skipping) {
        if (last) this.skipping = false;
        return { action: "drop", frames, reason: "long line that is not a JSON object", preview: preview(bytes.subarray(0, 300)) };
      }
      this.open = { id: `c${++this.ids}`, index: 0, bytes: 0 };
    }
    const open = this.open;
    if (this.skipping || !open) {
      if (last) this.skipping = false;
      return { action: "skip", frames };
    }
    frames = frames === NOTHING ? [] : frames;
    frames.push(this.chunkFrame({ id: open.id, index: open.index++, last }, bytes));
    open.bytes += bytes.length;
    if (last) this.open = undefined;
    return { action: "chunk", frames, id: open.id, bytes: open.bytes, last };
  }

  /** The frame that tells the extension to discard an unfinished chunked line, if one is open. */
  private abandon(why: string): Buffer[] {
    const open = this.open;
    if (!open) return [];
    this.open = undefined;
    return [chunkFrame({ id: open.id, index: open.index, last: true, abandoned: why }, Buffer.alloc(0))];
  }

  /**
   * Gives a frame of `frames` back once nothing reads it any more (its write completed or failed).
   * Every chunk frame must come back, or its buffer is never used again; other frames are ignored.
   */
  release(frame: Buffer): void {
    const buffer = this.lent.get(frame);
    if (!buffer) return;
    this.lent.delete(frame);
    this.pool.give(buffer);
  }

  private chunkFrame(chunk: Omit<HostChunk, "type" | "data">, piece: Buffer): Buffer {
    let buffer: Buffer | undefined;
    const frame = chunkFrame(chunk, piece, (bytes) => {
      buffer = this.pool.take(bytes);
      return buffer?.subarray(0, bytes) ?? Buffer.allocUnsafe(bytes);
    });
    if (buffer) this.lent.set(frame, buffer);
    return frame;
  }
}

/**
 * A line may pass verbatim only if it is valid UTF-8 and one JSON text (the browser closes the port
 * on anything else) holding a JSON-RPC 2.0 object. Both are checked on the bytes (isUtf8, scanJson),
 * without building a string or an object from the line; only its id and method are parsed. A line
 * nesting deeper than MAX_JSON_DEPTH, which the scan leaves undecided, is checked with JSON.parse.
 */
function checkVerbatim(bytes: Buffer): { head: AgentMessageHead; scan: JsonScan } | { reason: string; preview: string } {
  if (!isUtf8(bytes)) return { reason: "invalid UTF-8", preview: preview(bytes.subarray(0, 300), "latin1") };
  const scan = scanJson(bytes);
  if (scan.valid === false || (scan.valid === undefined && !parses(bytes))) {
    if (bytes.every(isSpace)) return { reason: "blank line", preview: "" };
    return { reason: "not JSON", preview: preview(bytes.subarray(0, 300)) };
  }
  const value = readHead(bytes, scan);
  if (!isForwardableFromAgent(value)) return { reason: "not a JSON-RPC 2.0 message", preview: preview(bytes.subarray(0, 300)) };
  const { id, method } = value;
  return { head: { ...(id !== undefined ? { id } : {}), ...(method !== undefined ? { method } : {}) }, scan };
}

function parses(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === CR;
}

/**
 * One chunk envelope ({host: HostChunk}) around `piece`, written straight into the frame's buffer
 * (from `alloc`, if given): base64 never needs JSON escaping, so the data is neither a string nor run
 * through JSON.stringify (base64.ts).
 */
export function chunkFrame(
  chunk: Omit<HostChunk, "type" | "data">,
  piece: Buffer,
  alloc: (bytes: number) => Buffer = Buffer.allocUnsafe,
): Buffer {
  const { id, index, last, abandoned } = chunk;
  const fields: HostChunk = { type: "chunk", id, index, last, ...(abandoned !== undefined ? { abandoned } : {}), data: "" };
  const head = JSON.stringify({ host: fields }).slice(0, -3); // up to the data string's opening quote
  const headLength = Buffer.byteLength(head);
  const dataLength = base64Length(piece.length);
  const frame = alloc(4 + headLength + dataLength + 3);
  frame.writeUInt32LE(headLength + dataLength + 3, 0);
  frame.write(head, 4, "utf8");
  writeBase64(piece, frame, 4 + headLength);
  frame.write(`"}}`, 4 + headLength + dataLength, "latin1");
  return frame;
}

function startsLikeObject(bytes: Buffer): boolean {
  for (const b of bytes) {
    if (b === 0x20 || b === 0x09 || b === CR) continue;
    return b === 0x7b; // {
  }
  return false;
}

function preview(bytes: Buffer, encoding: "utf8" | "latin1" = "utf8"): string {
  const text = bytes.toString(encoding);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
