/**
 * JSON-RPC ids as the exact text a message carried. The host never parses an id to print it again
 * (12345678901234567890123 must not come back as 1.2345678901234568e+22); it keeps the raw token.
 */
import { type JsonScan, memberText } from "./json-scan";

/**
 * The id text to answer with when the scanned message is a request (it has `method` and `id`), else
 * undefined. An id that is not a string, number or null is answered with null, as JSON-RPC 2.0 asks.
 */
export function requestIdText(bytes: Buffer, scan: JsonScan): string | undefined {
  return requestIdOf(scan.members.has("method"), memberText(bytes, scan, "id"));
}

/** requestIdText from what it reads: whether the message has a method, and its id's text. */
export function requestIdOf(hasMethod: boolean, id: string | undefined): string | undefined {
  if (!hasMethod || id === undefined) return undefined;
  return isValidIdText(id) ? id : "null";
}

function isValidIdText(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "string" || typeof v === "number" || v === null;
  } catch {
    return false;
  }
}

/**
 * One key per id however it was written: a string by its value (escapes differ), a number by its
 * double value (an agent may parse 12345678901234567890123 into a double and print that back).
 */
export function idKey(idText: string): string | undefined {
  try {
    const v: unknown = JSON.parse(idText);
    if (typeof v === "string") return `s${v}`;
    if (typeof v === "number") return `n${v}`;
    return undefined;
  } catch {
    return undefined;
  }
}
