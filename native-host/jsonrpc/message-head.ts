/**
 * A JSON-RPC message's top-level members, read from its own bytes after scanJson has checked them:
 * `jsonrpc`, `id` and `method` are parsed (each from its few bytes); `params`, `result` and `error`
 * are present with an undefined value (readMember parses one when it is needed), so "is it a request
 * or a response" still holds, but a 10 MB `params` or `result` never becomes strings and objects the
 * host would only throw away. Other members are left out: nothing in the host reads them.
 */
import type { JsonScan } from "./json-scan";

/** Always parsed: what tells requests, notifications and responses apart. */
const READ = ["jsonrpc", "id", "method"] as const;
/** Present, with an undefined value. */
const UNREAD = ["params", "result", "error"] as const;

/** `bytes` must be one valid JSON text and `scan` its scan. Undefined when the top level is not an object. */
export function readHead(bytes: Buffer, scan: JsonScan): Record<string, unknown> | undefined {
  if (firstToken(bytes) !== 0x7b) return undefined;
  const head: Record<string, unknown> = {};
  for (const key of READ) {
    const span = scan.members.get(key);
    if (span) head[key] = parseSpan(bytes, span);
  }
  for (const key of UNREAD) if (scan.members.has(key)) head[key] = undefined;
  return head;
}

/** One top-level member parsed in full (undefined when absent). */
export function readMember(bytes: Buffer, scan: JsonScan, key: string): unknown {
  const span = scan.members.get(key);
  return span ? parseSpan(bytes, span) : undefined;
}

function parseSpan(bytes: Buffer, span: { start: number; end: number }): unknown {
  return JSON.parse(bytes.toString("utf8", span.start, span.end));
}

function firstToken(bytes: Buffer): number | undefined {
  for (const b of bytes) if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return b;
  return undefined;
}
