/**
 * Agent stdout line → frames for the browser. A JSON-RPC line that fits under Chrome's cap goes
 * through verbatim (its own bytes, not re-serialized); a larger one is cut into chunk envelopes;
 * anything else (blank lines, banners, logs, other JSON) is dropped with a reason to log.
 */
import { isUtf8 } from "node:buffer";
import { CHUNK_PIECE_BYTES, type HostChunk, type JsonRpcMessage, MAX_VERBATIM_BYTES } from "../shared/host-protocol";
import { frameBytes } from "./frames";
import { isForwardableFromAgent } from "./policy";

export type AgentLineResult =
  /** `message` is the parsed line, for hooks that watch the traffic (browser tools); `frames` carry its own bytes. */
  { action: "send"; frames: Buffer[]; chunked: boolean; message: JsonRpcMessage } | { action: "drop"; reason: string; preview: string };

const CR = 0x0d;

export function encodeAgentLine(line: Buffer, nextChunkId: () => string, maxVerbatim = MAX_VERBATIM_BYTES): AgentLineResult {
  const bytes = line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, -1) : line;
  if (!isUtf8(bytes)) return { action: "drop", reason: "invalid UTF-8", preview: preview(bytes.toString("latin1")) };
  const text = bytes.toString("utf8");
  if (text.trim() === "") return { action: "drop", reason: "blank line", preview: "" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { action: "drop", reason: "not JSON", preview: preview(text) };
  }
  if (!isForwardableFromAgent(value)) return { action: "drop", reason: "not a JSON-RPC 2.0 message", preview: preview(text) };
  if (bytes.length <= maxVerbatim) return { action: "send", frames: [frameBytes(bytes)], chunked: false, message: value };
  return { action: "send", frames: chunkFrames(bytes, nextChunkId()), chunked: true, message: value };
}

/**
 * Frames carrying `bytes` as chunk envelopes ({host: HostChunk}, see shared/host-protocol.ts).
 * Written straight into each frame's buffer: base64 never needs JSON escaping, so the 700 KB data
 * string is not run through JSON.stringify.
 */
export function chunkFrames(bytes: Buffer, id: string, pieceBytes = CHUNK_PIECE_BYTES): Buffer[] {
  const count = Math.max(1, Math.ceil(bytes.length / pieceBytes));
  const frames: Buffer[] = [];
  for (let index = 0; index < count; index++) {
    const piece = bytes.subarray(index * pieceBytes, (index + 1) * pieceBytes);
    const head = JSON.stringify({ host: { type: "chunk", id, index, count, data: "" } satisfies HostChunk }).slice(0, -3);
    const headLength = Buffer.byteLength(head);
    const dataLength = Math.ceil(piece.length / 3) * 4;
    const frame = Buffer.allocUnsafe(4 + headLength + dataLength + 3);
    frame.writeUInt32LE(headLength + dataLength + 3, 0);
    frame.write(head, 4, "utf8");
    frame.write(piece.toString("base64"), 4 + headLength, "latin1");
    frame.write(`"}}`, 4 + headLength + dataLength, "latin1");
    frames.push(frame);
  }
  return frames;
}

function preview(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
