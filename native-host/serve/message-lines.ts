/**
 * One WebSocket message from goose serve as the line events an agent's stdout gives (wire/lines.ts),
 * so the relay treats both the same: a message up to MAX_VERBATIM_BYTES is one line, a longer one
 * parts of CHUNK_PIECE_BYTES that the relay sends on in chunks. Pure.
 */
import { CHUNK_PIECE_BYTES, MAX_VERBATIM_BYTES } from "../../shared/host-protocol";
import type { LineEvent } from "../wire/lines";

const NEWLINE = 0x0a;
const RETURN = 0x0d;

export function messageLines(data: Buffer): LineEvent[] {
  if (data.length === 0) return [];
  // A line must not hold a newline. In JSON one can only be whitespace between tokens (a string cannot
  // hold it raw), where a space means the same; anything else was never one JSON-RPC message anyway.
  const bytes = data.includes(NEWLINE) || data.includes(RETURN) ? spaced(data) : data;
  if (bytes.length <= MAX_VERBATIM_BYTES) return [{ kind: "line", bytes }];
  const events: LineEvent[] = [];
  for (let at = 0, index = 0; at < bytes.length; at += CHUNK_PIECE_BYTES, index++) {
    const end = Math.min(at + CHUNK_PIECE_BYTES, bytes.length);
    events.push({ kind: "part", bytes: bytes.subarray(at, end), index, last: end === bytes.length });
  }
  return events;
}

function spaced(data: Buffer): Buffer {
  const copy = Buffer.from(data);
  for (let i = 0; i < copy.length; i++) if (copy[i] === NEWLINE || copy[i] === RETURN) copy[i] = 0x20;
  return copy;
}
