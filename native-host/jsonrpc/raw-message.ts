/**
 * Edits to a message's own bytes that keep every other byte as it came: the host forwards what it
 * checked, never a re-serialisation (which would change ids such as 12345678901234567890123, and
 * recurse over whatever nesting the message holds).
 */
import { type JsonScan, scanJson } from "./json-scan";

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;

/**
 * The message as one ndjson line's content. JSON strings cannot hold a raw line break, so any CR or
 * LF in valid JSON is whitespace between tokens and becomes a space.
 */
export function asOneLine(bytes: Buffer): Buffer {
  if (!bytes.includes(LF) && !bytes.includes(CR)) return bytes;
  const copy = Buffer.from(bytes);
  for (let i = 0; i < copy.length; i++) if (copy[i] === LF || copy[i] === CR) copy[i] = SPACE;
  return copy;
}

/**
 * The message with `params[key]` set to `json` (already JSON text), spliced into the original bytes.
 * `scan` is the message's scan; undefined when `params` is not an object.
 */
export function withParamsMember(bytes: Buffer, scan: JsonScan, key: string, json: string): Buffer | undefined {
  const params = scan.members.get("params");
  if (!params || bytes[params.start] !== 0x7b) return undefined;
  const inner = scanJson(bytes.subarray(params.start, params.end));
  const old = inner.members.get(key);
  if (old) {
    return Buffer.concat([bytes.subarray(0, params.start + old.start), Buffer.from(json), bytes.subarray(params.start + old.end)]);
  }
  const at = params.start + 1;
  const member = `${JSON.stringify(key)}:${json}${inner.members.size > 0 ? "," : ""}`;
  return Buffer.concat([bytes.subarray(0, at), Buffer.from(member), bytes.subarray(at)]);
}
