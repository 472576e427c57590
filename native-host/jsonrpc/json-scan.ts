/**
 * One pass over a JSON text's raw bytes, instead of decoding and parsing it. It reports:
 *  - whether the bytes are one JSON text (RFC 8259 grammar; UTF-8 validity is the caller's check,
 *    `isUtf8`), with the first error, so the host can forward a message's own bytes without
 *    building a string or an object from them;
 *  - the nesting depth (so deep input is refused before any recursive code sees it);
 *  - the first key repeated within one object (parsers disagree on which copy wins, so the host
 *    refuses such messages instead of judging one copy and forwarding the other);
 *  - where each member of the top-level object sits, so the host can read the few members it needs
 *    (id, method), echo an id as its exact text and splice `params.mcpServers`.
 *
 * It is iterative and O(n), and never throws. Grammar is checked down to `maxDepth`; nesting deeper
 * than that leaves validity undecided (`valid` undefined) while depth is still counted, and from the
 * first error on, only depth, keys and members are tracked, as for any input.
 */

import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  closes,
  describeByte,
  isSpace,
  keyText,
  keyValue,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  scalarEnd,
  scalarError,
  Want,
} from "./json-grammar";
import { keyStack } from "./key-stack";
import { checkedStringEnd, lastString, stringEnd, type Words, wordsOf } from "./string-body";

/** Deeper than any ACP message; far from where recursive code (JSON.stringify, validators) overflows. */
export const MAX_JSON_DEPTH = 128;

interface Span {
  start: number;
  end: number;
}

export interface JsonScan {
  /** True: one valid JSON text; false: see `error`; undefined: nested deeper than maxDepth, undecided. */
  valid: boolean | undefined;
  /** The first grammar error, as "<what> at byte <n>". */
  error?: string;
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

export function scanJson(bytes: Buffer, maxDepth = MAX_JSON_DEPTH): JsonScan {
  const n = bytes.length;
  const members = new Map<string, Span>();
  // One entry per open container down to maxDepth: where the object's keys start in `keys`, or -1 for an array.
  const open: number[] = [];
  const keys = keyStack;
  keys.reset();
  let depth = 0;
  let deepest = 0;
  let duplicateKey: string | undefined;
  let expectKey = false;
  let topKey: string | undefined;
  let valueStart = -1;
  // Grammar: `checking` until the first error or until nesting passes maxDepth.
  let checking = true;
  let want = Want.Value as Want;
  let error: string | undefined;
  let undecided = false;
  let words: Words | undefined;

  const fail = (what: string, at: number) => {
    if (!checking) return;
    checking = false;
    error = `${what} at byte ${at}`;
  };
  const unexpected = (at: number) => fail(at < n ? `unexpected ${describeByte(bytes[at]!)}` : "unexpected end", at);
  const afterValue = () => {
    want = depth === 0 ? Want.End : Want.CommaOrClose;
  };
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
      let close: number;
      // Whether the string holds an escape, or was read unchecked: a key then compares as decoded text.
      let escaped: boolean;
      if (checking) {
        const isKey = want === Want.Key || want === Want.KeyOrClose;
        if (!isKey && want !== Want.Value && want !== Want.ValueOrClose) unexpected(i);
        words ??= wordsOf(bytes);
        close = checkedStringEnd(bytes, words, i + 1);
        escaped = lastString.escaped;
        if (close < 0) {
          fail(~close < n ? "invalid string" : "unterminated string", ~close);
          close = stringEnd(bytes, i + 1);
          escaped = true;
        } else if (isKey) want = Want.Colon;
        else afterValue();
      } else {
        close = stringEnd(bytes, i + 1);
        escaped = true;
      }
      if (expectKey) {
        expectKey = false;
        const first = depth <= maxDepth ? open[depth - 1]! : -1;
        if (first >= 0) {
          // Top-level keys become strings anyway: they key `members`.
          const text = depth === 1 ? keyText(bytes, i, close) : undefined;
          if (!keys.add(bytes, i, close, escaped, first, depth, text)) duplicateKey ??= keyValue(bytes, i, close);
          if (depth === 1) topKey = text;
        }
      } else startsTopValue(i);
      i = close;
      continue;
    }
    switch (c) {
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (checking && want !== Want.Value && want !== Want.ValueOrClose) unexpected(i);
        startsTopValue(i);
        depth++;
        if (depth > deepest) deepest = depth;
        if (depth <= maxDepth) open.push(c === OPEN_OBJECT ? keys.size : -1);
        else if (checking) {
          checking = false;
          undecided = true;
        }
        want = c === OPEN_OBJECT ? Want.KeyOrClose : Want.ValueOrClose;
        expectKey = c === OPEN_OBJECT;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (checking && !closes(c, depth, depth > 0 && open[depth - 1] !== -1, want)) unexpected(i);
        if (depth === 1) endTopMember(i);
        if (depth > 0) {
          if (depth <= maxDepth) {
            const first = open.pop()!;
            if (first >= 0) keys.closeObject(first, depth);
          }
          depth--;
        }
        afterValue();
        expectKey = false;
        break;
      case COMMA:
        if (checking && want !== Want.CommaOrClose) unexpected(i);
        if (depth === 1) endTopMember(i);
        expectKey = depth > 0 && depth <= maxDepth && open[depth - 1] !== -1;
        want = expectKey ? Want.Key : Want.Value;
        break;
      case COLON:
        if (checking && want !== Want.Colon) unexpected(i);
        want = Want.Value;
        break;
      default:
        if (isSpace(c)) break;
        startsTopValue(i);
        if (!checking) break;
        if (want !== Want.Value && want !== Want.ValueOrClose) {
          unexpected(i);
          break;
        }
        {
          const end = scalarEnd(bytes, i);
          if (end < 0) {
            fail(scalarError(c), ~end);
            break;
          }
          i = end - 1;
          afterValue();
        }
    }
  }
  if (checking && want !== Want.End) unexpected(n);
  return {
    valid: error !== undefined ? false : undecided ? undefined : true,
    ...(error !== undefined ? { error } : {}),
    depth: deepest,
    members,
    ...(duplicateKey !== undefined ? { duplicateKey } : {}),
  };
}

/** The exact text of a top-level member's value, if present. */
export function memberText(bytes: Buffer, scan: JsonScan, key: string): string | undefined {
  const span = scan.members.get(key);
  return span ? bytes.toString("utf8", span.start, span.end) : undefined;
}
