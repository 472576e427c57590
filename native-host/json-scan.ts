/**
 * One pass over a JSON text's raw bytes, before anything parses or re-serialises it. It reports:
 *  - the nesting depth (so deep input is refused before any recursive code sees it);
 *  - the first key repeated within one object (parsers disagree on which copy wins, so the host
 *    refuses such messages instead of judging one copy and forwarding the other);
 *  - where each member of the top-level object sits, so the host can echo an id as its exact text
 *    and splice `params.mcpServers` without re-serialising the message.
 *
 * It is iterative and O(n): string bodies are skipped with indexOf (a multi-MiB base64 image costs a
 * few memchr calls), and keys are only tracked down to `maxDepth`. It assumes nothing about
 * validity and never throws; JSON.parse still decides whether the text is JSON.
 */

/** Deeper than any ACP message; far from where recursive code (JSON.stringify, validators) overflows. */
export const MAX_JSON_DEPTH = 128;

interface Span {
  start: number;
  end: number;
}

export interface JsonScan {
  /** Deepest nesting of objects and arrays (a bare value is 0). */
  depth: number;
  /** The first key seen twice in one object (checked only down to maxDepth). */
  duplicateKey?: string;
  /**
   * Byte spans of the top-level object's member values, whitespace trimmed (empty if not an object).
   * Keyed by each key's UTF-8 bytes read as latin1, so ASCII keys ("id", "params") are themselves.
   */
  members: Map<string, Span>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Keys of one open object: a short list (most objects have a few keys), a Set past SMALL_OBJECT. */
interface ObjectKeys {
  list: string[];
  set?: Set<string>;
}
const SMALL_OBJECT = 8;

export function scanJson(bytes: Buffer, maxDepth = MAX_JSON_DEPTH): JsonScan {
  const n = bytes.length;
  const members = new Map<string, Span>();
  // One entry per open container down to maxDepth: the object's keys, or null for an array.
  const open: Array<ObjectKeys | null> = [];
  let depth = 0;
  let deepest = 0;
  let duplicateKey: string | undefined;
  let expectKey = false;
  let topKey: string | undefined;
  let valueStart = -1;

  const startsTopValue = (i: number) => {
    if (depth === 1 && topKey !== undefined && valueStart < 0) valueStart = i;
  };
  const endTopMember = (i: number) => {
    if (topKey !== undefined && valueStart >= 0) {
      let end = i;
      while (end > valueStart && isSpace(bytes[end - 1]!)) end--;
      members.set(topKey, { start: valueStart, end });
    }
    topKey = undefined;
    valueStart = -1;
  };

  for (let i = 0; i < n; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      const close = stringEnd(bytes, i + 1);
      if (expectKey) {
        expectKey = false;
        const keys = depth <= maxDepth ? open[depth - 1] : undefined;
        if (keys) {
          const key = keyText(bytes, i, close);
          if (keys.set ? keys.set.has(key) : keys.list.includes(key)) duplicateKey ??= key;
          else if (keys.set) keys.set.add(key);
          else {
            keys.list.push(key);
            if (keys.list.length > SMALL_OBJECT) keys.set = new Set(keys.list);
          }
          if (depth === 1) topKey = key;
        }
      } else startsTopValue(i);
      i = close;
      continue;
    }
    switch (c) {
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        startsTopValue(i);
        depth++;
        if (depth > deepest) deepest = depth;
        if (depth <= maxDepth) open.push(c === OPEN_OBJECT ? { list: [] } : null);
        expectKey = c === OPEN_OBJECT;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (depth === 1) endTopMember(i);
        if (depth > 0) {
          if (depth <= maxDepth) open.pop();
          depth--;
        }
        expectKey = false;
        break;
      case COMMA:
        if (depth === 1) endTopMember(i);
        expectKey = depth > 0 && depth <= maxDepth && open[depth - 1] !== null;
        break;
      case COLON:
        break;
      default:
        if (!isSpace(c)) startsTopValue(i);
    }
  }
  return { depth: deepest, members, ...(duplicateKey !== undefined ? { duplicateKey: fromLatin1(duplicateKey) } : {}) };
}

/** Index of the quote closing the string whose body starts at `from` (or the end of the input). */
function stringEnd(bytes: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const q = bytes.indexOf(QUOTE, at);
    if (q < 0) return bytes.length;
    let backslashes = 0;
    for (let k = q - 1; k >= from && bytes[k] === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return q;
    at = q + 1;
  }
}

/**
 * A key as its UTF-8 bytes, one char per byte (latin1: the cheapest decoding, and equal bytes give
 * equal strings). An escaped key is decoded first, so `"\u006dethod"` is `method`. ASCII keys such
 * as "id" and "params" read the same either way.
 */
function keyText(bytes: Buffer, open: number, close: number): string {
  const raw = bytes.toString("latin1", open + 1, close);
  if (!raw.includes("\\")) return raw;
  try {
    const decoded = JSON.parse(`"${bytes.toString("utf8", open + 1, close)}"`) as string;
    return Buffer.from(decoded, "utf8").toString("latin1");
  } catch {
    return raw;
  }
}

function fromLatin1(key: string): string {
  return Buffer.from(key, "latin1").toString("utf8");
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The exact text of a top-level member's value, if present. */
export function memberText(bytes: Buffer, scan: JsonScan, key: string): string | undefined {
  const span = scan.members.get(key);
  return span ? bytes.toString("utf8", span.start, span.end) : undefined;
}
