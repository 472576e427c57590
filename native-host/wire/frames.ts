/**
 * Chrome native-messaging frames: a 4-byte little-endian length, then that many bytes of UTF-8 JSON.
 * The decoder is incremental and byte-level: a frame may be split anywhere across reads, a read may
 * hold many frames, and nothing is allocated from the claimed length alone. A frame up to POOLED_FRAME_BYTES is copied into a pooled buffer as it arrives,
 * and the frame's buffer is the pool's again once the relay releases it (frame-pool.ts); a larger one
 * is checked as it streams into pooled blocks and never joined (frame-stream.ts). Either way nothing
 * refers to a read once `push` returns, so reads may reuse one buffer.
 *
 * Each payload is checked without being parsed: `isUtf8`, then one scan (json-scan.ts) that checks the
 * JSON grammar, refuses nesting deeper than MAX_JSON_DEPTH and any object holding a key twice (so
 * nothing downstream recurses on hostile depth or judges one copy of a key while another copy travels
 * on), and locates the top-level members the relay reads (message-head.ts). The payload becomes a
 * JavaScript value only if someone asks for `value` (host commands, tests).
 */
import { isUtf8 } from "node:buffer";
import { type HostErrorCode, MAX_INCOMING_FRAME_BYTES } from "../../shared/host-protocol";
import { clip } from "../jsonrpc/clip";
import { type JsonScan, MAX_JSON_DEPTH, scanJson } from "../jsonrpc/json-scan";
import { PARAMS_READ_FOR } from "../jsonrpc/policy";
import { requestIdOf, requestIdText } from "../jsonrpc/rpc-id";
import type { FramePool } from "./frame-pool";
import { FrameStream } from "./frame-stream";

interface RefusedFrame {
  kind: "error";
  code: HostErrorCode;
  message: string;
  /** When the refused frame was a JSON-RPC request: its id's exact text, to answer it. */
  requestId?: string;
}

export type FrameEvent = CheckedFrame | RefusedFrame;

const HEADER_BYTES = 4;

/**
 * A frame that passed every check: valid UTF-8, one JSON text, within MAX_JSON_DEPTH, no repeated
 * key. `value` parses it on first read. A class, not an object literal with a getter: a getter
 * closing over each payload kept dead 1 MiB payloads from being collected (BENCHMARKS.md).
 */
export class CheckedFrame {
  readonly kind = "message";
  private parsed: { value: unknown } | undefined;

  constructor(
    /** The payload's length. */
    readonly bytes: number,
    /** Valid until `release()`. */
    readonly raw: Buffer,
    readonly scan: JsonScan,
    /** The pooled buffers the frame's bytes lie in, if it got any. */
    private lent?: { pool: FramePool; buffers: Buffer[] },
    /**
     * A frame checked as it streamed in (frame-stream.ts): its bytes, one line already, to write in
     * place of `raw`, which is then only its head (`jsonrpc`, `id`, `method`; `params`, `result` and
     * `error` as 0), all the policy reads. Valid until `release()`.
     */
    readonly parts?: readonly Buffer[],
  ) {}

  get value(): unknown {
    this.parsed ??= { value: JSON.parse(this.raw.toString("utf8")) };
    return this.parsed.value;
  }

  /** Hands a pooled buffer back: nothing may read `raw` afterwards. Harmless to call twice, or for a frame without one. */
  release(): void {
    const lent = this.lent;
    if (!lent) return;
    this.lent = undefined;
    for (const b of lent.buffers) lent.pool.give(b);
  }
}

export class FrameDecoder {
  private header = Buffer.alloc(HEADER_BYTES);
  private headerFilled = 0;
  /** Declared length of the frame being read, or -1 while reading a header. */
  private expected = -1;
  /** The pooled buffer the frame being read is copied into, when it fits one; else its stream. */
  private target: Buffer | undefined;
  private stream: FrameStream | undefined;
  private received = 0;
  /** Bytes still to discard from a refused (oversize) frame. */
  private skipping = 0;

  constructor(
    private readonly pool: FramePool,
    private readonly maxBytes: number = MAX_INCOMING_FRAME_BYTES,
  ) {}

  /** Feeds one read; returns the frames (or per-frame errors) it completed. Nothing refers to `chunk` once this returns. */
  push(chunk: Buffer): FrameEvent[] {
    const events: FrameEvent[] = [];
    let offset = 0;
    while (offset < chunk.length) {
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, chunk.length - offset);
        this.skipping -= n;
        offset += n;
        continue;
      }
      if (this.expected < 0) {
        const n = Math.min(HEADER_BYTES - this.headerFilled, chunk.length - offset);
        chunk.copy(this.header, this.headerFilled, offset, offset + n);
        this.headerFilled += n;
        offset += n;
        if (this.headerFilled < HEADER_BYTES) break;
        this.headerFilled = 0;
        const length = this.header.readUInt32LE(0);
        if (length > this.maxBytes) {
          // Refuse without buffering: skip exactly the declared payload, then resume at the next header.
          this.skipping = length;
          events.push({
            kind: "error",
            code: "frame_too_large",
            message: `frame of ${length} bytes refused (limit ${this.maxBytes})`,
          });
          continue;
        }
        if (length === 0) {
          events.push({ kind: "error", code: "invalid_json", message: "empty frame" });
          continue;
        }
        this.expected = length;
        this.target = this.pool.take(length);
        if (!this.target) this.stream = new FrameStream(this.pool);
        continue;
      }
      const n = Math.min(this.expected - this.received, chunk.length - offset);
      if (this.target) chunk.copy(this.target, this.received, offset, offset + n);
      else this.stream?.push(chunk.subarray(offset, offset + n));
      this.received += n;
      offset += n;
      if (this.received === this.expected) events.push(this.finishFrame());
    }
    return events;
  }

  /** Called at end of input: a partly received frame is reported, never silently lost. */
  end(): FrameEvent[] {
    if (this.expected < 0 && this.headerFilled === 0) return [];
    const detail = this.expected < 0 ? `${this.headerFilled} of 4 header bytes` : `${this.received} of ${this.expected} bytes`;
    if (this.target) this.pool.give(this.target);
    this.stream?.discard();
    this.reset();
    return [{ kind: "error", code: "frame_truncated", message: `input ended inside a frame (${detail})` }];
  }

  private finishFrame(): FrameEvent {
    const { target, stream } = this;
    const bytes = this.received;
    this.reset();
    if (!target) return this.finishStream(stream!, bytes);
    const payload = target.subarray(0, bytes);
    const checked = this.check(payload, bytes);
    if (!("kind" in checked)) return new CheckedFrame(bytes, payload, checked, { pool: this.pool, buffers: [target] });
    // A refused frame's event holds only strings made from it.
    this.pool.give(target);
    return checked;
  }

  /** A streamed frame's checks, done as it came in, and what the relay gets of it. */
  private finishStream(stream: FrameStream, bytes: number): FrameEvent {
    const { utf8, scan, isObject } = stream.finish();
    const text = (key: string) => {
      const span = scan.members.get(key);
      return span && stream.copy(span.start, span.end).toString("utf8");
    };
    const refused = utf8 ? this.refusal(scan, bytes, () => requestIdOf(scan.members.has("method"), text("id"))) : invalidUtf8(bytes);
    if (refused) {
      stream.discard();
      return refused;
    }
    const method = text("method");
    const named = method === undefined ? undefined : (JSON.parse(method) as unknown);
    // A host command, and a message whose params the host reads, are read whole as any frame is: both
    // are small in use (a command, a session's setup).
    if ((scan.members.has("host") && !scan.members.has("jsonrpc")) || (typeof named === "string" && PARAMS_READ_FOR.has(named))) {
      const whole = Buffer.concat(stream.parts, bytes);
      stream.discard();
      return new CheckedFrame(bytes, whole, scan);
    }
    const head = ["jsonrpc", "id", "method"].flatMap((k) => (scan.members.has(k) ? [`"${k}":${text(k)}`] : []));
    for (const k of ["params", "result", "error"]) if (scan.members.has(k)) head.push(`"${k}":0`);
    const raw = Buffer.from(isObject ? `{${head.join(",")}}` : "[]");
    stream.asOneLine();
    return new CheckedFrame(bytes, raw, scanJson(raw), { pool: this.pool, buffers: stream.buffers }, stream.parts);
  }

  /** The payload's scan, or why it is refused. */
  private check(payload: Buffer, bytes: number): JsonScan | RefusedFrame {
    if (!isUtf8(payload)) return invalidUtf8(bytes);
    const scan = scanJson(payload);
    return this.refusal(scan, bytes, () => requestIdText(payload, scan)) ?? scan;
  }

  /** Why a scanned frame is refused, if it is: `requestId` reads the refused request's id. */
  private refusal(scan: JsonScan, bytes: number, requestId: () => string | undefined): RefusedFrame | undefined {
    const refuse = (code: HostErrorCode, message: string): RefusedFrame => {
      const id = requestId();
      return { kind: "error", code, message, ...(id !== undefined ? { requestId: id } : {}) };
    };
    if (scan.depth > MAX_JSON_DEPTH)
      return refuse("too_deep", `frame of ${bytes} bytes nests ${scan.depth} deep (limit ${MAX_JSON_DEPTH})`);
    if (!scan.valid) {
      return { kind: "error", code: "invalid_json", message: `frame of ${bytes} bytes is not JSON: ${clip(scan.error ?? "invalid")}` };
    }
    if (scan.duplicateKey !== undefined) {
      return refuse(
        "duplicate_key",
        `frame of ${bytes} bytes holds the key ${clip(JSON.stringify(scan.duplicateKey))} twice in one object`,
      );
    }
    return undefined;
  }

  private reset(): void {
    this.expected = -1;
    this.target = undefined;
    this.stream = undefined;
    this.received = 0;
  }
}

function invalidUtf8(bytes: number): RefusedFrame {
  return { kind: "error", code: "invalid_utf8", message: `frame of ${bytes} bytes is not valid UTF-8` };
}

/** Payload buffers made by payloadBuffer, which have the header's 4 bytes free in front of them. */
const headerRoom = new WeakSet<Uint8Array>();

/**
 * A buffer for `bytes` bytes of payload with room for the frame header in front: frameBytes frames
 * it in place instead of copying it (agent lines joined from several reads, lines.ts).
 */
export function payloadBuffer(bytes: number): Buffer {
  const payload = Buffer.allocUnsafe(HEADER_BYTES + bytes).subarray(HEADER_BYTES);
  headerRoom.add(payload);
  return payload;
}

/** One frame around an already-serialized UTF-8 JSON payload (agent lines go through unchanged). */
export function frameBytes(payload: Uint8Array): Buffer {
  if (headerRoom.has(payload)) {
    const frame = Buffer.from(payload.buffer, payload.byteOffset - HEADER_BYTES, HEADER_BYTES + payload.byteLength);
    frame.writeUInt32LE(payload.byteLength, 0);
    return frame;
  }
  const header = Buffer.allocUnsafe(HEADER_BYTES);
  header.writeUInt32LE(payload.byteLength, 0);
  return Buffer.concat([header, payload], HEADER_BYTES + payload.byteLength);
}

export function frameJson(value: unknown): Buffer {
  return frameBytes(Buffer.from(JSON.stringify(value), "utf8"));
}
