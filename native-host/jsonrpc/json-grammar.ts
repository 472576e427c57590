/**
 * JSON's grammar at the byte level, shared by the two scanners (json-scan.ts, whole messages;
 * json-stream-scan.ts, messages in pieces): the bytes that matter, what may come next, where a
 * number or literal ends, and how a key reads as text. RFC 8259.
 */

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;
const MINUS = 0x2d;

/** What the grammar allows next (only while checking). */
export enum Want {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
  End,
}

/** Whether `c` (a closing brace or bracket) may come here: it closes the open container, which the grammar lets end now. */
export function closes(c: number, depth: number, isObject: boolean, want: Want): boolean {
  if (depth === 0) return false;
  return c === CLOSE_OBJECT
    ? isObject && (want === Want.KeyOrClose || want === Want.CommaOrClose)
    : !isObject && (want === Want.ValueOrClose || want === Want.CommaOrClose);
}

/** The error for a bad number or literal that starts with `c`. */
export function scalarError(c: number): string {
  return `invalid ${c === MINUS || isDigit(c) ? "number" : "literal"}`;
}

/**
 * Bytes that may continue a number or a literal (letters too, so that a bad literal is read whole):
 * everything else ends one.
 */
export const SCALAR_BYTE = new Uint8Array(256);
for (const ch of "0123456789+-.eE") SCALAR_BYTE[ch.charCodeAt(0)] = 1;
for (let b = 0x41; b <= 0x5a; b++) SCALAR_BYTE[b] = 1;
for (let b = 0x61; b <= 0x7a; b++) SCALAR_BYTE[b] = 1;

/** End (exclusive) of the number or literal starting at `i`, or ~(index of the error). */
export function scalarEnd(bytes: Buffer, i: number): number {
  const n = bytes.length;
  const c = bytes[i]!;
  if (c === 0x74) return literalEnd(bytes, i, TRUE);
  if (c === 0x66) return literalEnd(bytes, i, FALSE);
  if (c === 0x6e) return literalEnd(bytes, i, NULL);
  let j = i;
  if (bytes[j] === MINUS) j++;
  if (j >= n || !isDigit(bytes[j]!)) return ~j;
  if (bytes[j] === 0x30) j++;
  else while (j < n && isDigit(bytes[j]!)) j++;
  if (j < n && bytes[j] === 0x2e) {
    j++;
    if (j >= n || !isDigit(bytes[j]!)) return ~j;
    while (j < n && isDigit(bytes[j]!)) j++;
  }
  if (j < n && (bytes[j] === 0x65 || bytes[j] === 0x45)) {
    j++;
    if (j < n && (bytes[j] === 0x2b || bytes[j] === MINUS)) j++;
    if (j >= n || !isDigit(bytes[j]!)) return ~j;
    while (j < n && isDigit(bytes[j]!)) j++;
  }
  return j;
}

const TRUE = Buffer.from("true");
const FALSE = Buffer.from("false");
const NULL = Buffer.from("null");

function literalEnd(bytes: Buffer, i: number, literal: Buffer): number {
  for (let k = 0; k < literal.length; k++) if (bytes[i + k] !== literal[k]) return ~Math.min(i + k, bytes.length);
  return i + literal.length;
}

/** Bytes that end the fast run through a string body: the closing quote, a backslash, raw control characters. */
export const STRING_STOP = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) STRING_STOP[b] = 1;
STRING_STOP[QUOTE] = 1;
STRING_STOP[BACKSLASH] = 1;

/** The characters after a backslash that JSON allows, besides `u`. */
export const SIMPLE_ESCAPE = new Uint8Array(256);
for (const ch of '"\\/bfnrt') SIMPLE_ESCAPE[ch.charCodeAt(0)] = 1;

export function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

export function describeByte(c: number): string {
  return c >= 0x21 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, "0")}`;
}

/**
 * A key as its UTF-8 bytes, one char per byte (latin1: the cheapest decoding, and equal bytes give
 * equal strings). An escaped key is decoded first, so `"\u006dethod"` is `method`. ASCII keys such
 * as "id" and "params" read the same either way.
 */
export function keyText(bytes: Buffer, open: number, close: number): string {
  const raw = bytes.toString("latin1", open + 1, close);
  if (!raw.includes("\\")) return raw;
  try {
    return utf8Bytes(JSON.parse(`"${bytes.toString("utf8", open + 1, close)}"`) as string);
  } catch {
    return raw;
  }
}

/**
 * A decoded key's UTF-8 bytes, one char per byte. A lone surrogate (`"\ud800"`, which JSON.parse
 * keeps as it is) gets the three bytes UTF-8 would give it were it allowed (WTF-8,
 * https://simonsapin.github.io/wtf-8/): Buffer's UTF-8 encoder makes every one U+FFFD, which would
 * make `"\ud800"` and `"\udbff"` one key. Valid UTF-8 never holds those bytes, so no unescaped
 * key can equal them either.
 */
function utf8Bytes(text: string): string {
  let out = "";
  for (const char of text) {
    const c = char.codePointAt(0)!;
    if (c < 0x80) out += char;
    else if (c < 0x800) out += String.fromCharCode(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) out += String.fromCharCode(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else out += String.fromCharCode(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return out;
}

/** A key as JSON.parse reads it: to report it. */
export function keyValue(bytes: Buffer, open: number, close: number): string {
  const raw = bytes.toString("utf8", open + 1, close);
  if (!raw.includes("\\")) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
