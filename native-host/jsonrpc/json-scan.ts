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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;

/** What the grammar allows next (only while checking). */
enum Want {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
  End,
}

/**
 * The keys of the open objects, one stack for all of them, each key as where it lies. A small
 * object's keys are compared in place, byte by byte (length first), and become strings only when
 * one holds an escape (then keyText decodes both, so "a" and "\u0061" are one key) or is repeated;
 * an object past SMALL_OBJECT keys keeps a Set of their texts instead, so a wide one stays O(n).
 * The arrays are kept from scan to scan (a scan runs to its end synchronously).
 */
class KeyStack {
  private open = new Int32Array(64);
  private close = new Int32Array(64);
  /** 1: the key has an escape (or was read after a grammar error, unchecked): compare its decoded text. */
  private escaped = new Uint8Array(64);
  private top = 0;
  /** Per open object past SMALL_OBJECT keys (by depth): the texts of its keys. */
  private readonly wide: Array<Set<string> | undefined> = [];

  /** Empties the stack for a new scan. */
  reset(): void {
    this.top = 0;
    this.wide.length = 0;
  }

  /** Where the next object's keys start. */
  get size(): number {
    return this.top;
  }

  /**
   * Adds the key between the quotes at `open` and `close` to the object whose keys start at `first`
   * (at nesting `depth`); false when that object already holds the same key. `text`: the key's
   * keyText, when the caller has it already.
   */
  add(bytes: Buffer, open: number, close: number, escaped: boolean, first: number, depth: number, text?: string): boolean {
    const wide = this.wide[depth - 1];
    if (wide) {
      text ??= keyText(bytes, open, close);
      if (wide.has(text)) return false;
      wide.add(text);
      return true;
    }
    const top = this.top;
    for (let k = first; k < top; k++) if (this.same(bytes, open, close, escaped, k)) return false;
    if (top - first >= SMALL_OBJECT) {
      const texts = new Set<string>([text ?? keyText(bytes, open, close)]);
      for (let k = first; k < top; k++) texts.add(keyText(bytes, this.open[k]!, this.close[k]!));
      this.wide[depth - 1] = texts;
      return true;
    }
    if (top === this.open.length) this.grow();
    this.open[top] = open;
    this.close[top] = close;
    this.escaped[top] = escaped ? 1 : 0;
    this.top = top + 1;
    return true;
  }

  /** Drops the keys of the object closing at `depth`, whose keys start at `first`. */
  closeObject(first: number, depth: number): void {
    this.top = first;
    if (depth <= this.wide.length) this.wide[depth - 1] = undefined;
  }

  private same(bytes: Buffer, open: number, close: number, escaped: boolean, k: number): boolean {
    const kOpen = this.open[k]!;
    const kClose = this.close[k]!;
    if (escaped || this.escaped[k] === 1) return keyText(bytes, open, close) === keyText(bytes, kOpen, kClose);
    if (close - open !== kClose - kOpen) return false;
    for (let i = open + 1, j = kOpen + 1; i < close; i++, j++) if (bytes[i] !== bytes[j]) return false;
    return true;
  }

  private grow(): void {
    const size = this.open.length * 2;
    const open = new Int32Array(size);
    const close = new Int32Array(size);
    const escaped = new Uint8Array(size);
    open.set(this.open);
    close.set(this.close);
    escaped.set(this.escaped);
    this.open = open;
    this.close = close;
    this.escaped = escaped;
  }
}
const keyStack = new KeyStack();
const SMALL_OBJECT = 8;

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
      if (checking) {
        const isKey = want === Want.Key || want === Want.KeyOrClose;
        if (!isKey && want !== Want.Value && want !== Want.ValueOrClose) unexpected(i);
        words ??= wordsOf(bytes);
        stringEscaped = false;
        close = checkedStringEnd(bytes, words, i + 1);
        if (close < 0) {
          fail(~close < n ? "invalid string" : "unterminated string", ~close);
          close = stringEnd(bytes, i + 1);
          stringEscaped = true;
        } else if (isKey) want = Want.Colon;
        else afterValue();
      } else {
        close = stringEnd(bytes, i + 1);
        stringEscaped = true;
      }
      if (expectKey) {
        expectKey = false;
        const first = depth <= maxDepth ? open[depth - 1]! : -1;
        if (first >= 0) {
          // Top-level keys become strings anyway: they key `members`.
          const text = depth === 1 ? keyText(bytes, i, close) : undefined;
          if (!keys.add(bytes, i, close, stringEscaped, first, depth, text)) duplicateKey ??= keyValue(bytes, i, close);
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
        if (checking) {
          const isObject = depth > 0 && open[depth - 1] !== -1;
          const ok =
            depth > 0 &&
            (c === CLOSE_OBJECT
              ? isObject && (want === Want.KeyOrClose || want === Want.CommaOrClose)
              : !isObject && (want === Want.ValueOrClose || want === Want.CommaOrClose));
          if (!ok) unexpected(i);
        }
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
            fail(`invalid ${c === MINUS || (c >= 0x30 && c <= 0x39) ? "number" : "literal"}`, ~end);
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

/** Set by checkedStringEnd when the string it checked holds an escape (a key then compares as decoded text). */
let stringEscaped = false;

/**
 * Index of the quote closing the string whose body starts at `from`, checking its body: no raw
 * control characters, only JSON's escapes. On an error, ~(its index) (negative).
 *
 * The body is read a 32-bit word at a time (stopMask marks the bytes that end a plain run), and the
 * first marked byte of a word is found from the mask (count trailing zeros), so an escape costs one
 * look at a byte and the scan goes on in the same word. Looking at a hit word's bytes one by one
 * instead made escape-dense text (source code in a prompt: an escape every 50 bytes) scan at a third
 * of the speed of plain text (BENCHMARKS.md). Bytes before the first aligned word and after the last
 * are read one at a time.
 */
function checkedStringEnd(bytes: Buffer, w: Words, from: number): number {
  const n = bytes.length;
  const { first, words } = w;
  const count = words.length;
  const wordsEnd = first + count * 4;
  let j = from;
  for (;;) {
    let c: number;
    if (j < first || j >= wordsEnd) {
      if (j >= n) return ~n;
      c = bytes[j]!;
      if (STRING_STOP[c] === 0) {
        j++;
        continue;
      }
    } else {
      let k = (j - first) >> 2;
      // This word's bytes before j were read already (the opening quote, an escape).
      let m = stopMask(words[k]!) & (-1 << (((j - first) & 3) << 3));
      while (m === 0 && ++k < count) m = stopMask(words[k]!);
      if (m === 0) {
        j = wordsEnd;
        continue;
      }
      // Little-endian words (wordsOf): the lowest marked byte is the first one.
      j = first + (k << 2) + ((31 - Math.clz32(m & -m)) >> 3);
      c = bytes[j]!;
    }
    if (c === QUOTE) return j;
    if (c !== BACKSLASH) return ~j;
    stringEscaped = true;
    const e = j + 1 < n ? bytes[j + 1]! : -1;
    if (e === 0x75) {
      // \uXXXX
      for (let k = j + 2; k < j + 6; k++) if (k >= n || !isHex(bytes[k]!)) return ~Math.min(k, n);
      j += 6;
    } else if (e >= 0 && SIMPLE_ESCAPE[e] === 1) j += 2;
    else return ~Math.min(j + 1, n);
  }
}

/**
 * 0x80 in each byte of `x` that ends a plain run in a string body (a quote, a backslash, a control
 * character), 0 in the others. Exact per byte, with no borrow or carry from one byte into the next:
 * each byte's low seven bits are tested on their own (adding at most 0x7f to at most 0x7f stays
 * within the byte), and a byte of 0x80 or more (UTF-8 beyond ASCII) is never a stop.
 */
function stopMask(x: number): number {
  const low = x & 0x7f7f7f7f;
  const quote = low ^ 0x22222222;
  const backslash = low ^ 0x5c5c5c5c;
  // Bit 7 of each sum is set when the byte is not a quote, not a backslash, not below 0x20.
  return ~(((quote + 0x7f7f7f7f) & (backslash + 0x7f7f7f7f) & (low + 0x60606060)) | x) & 0x80808080;
}

/**
 * The bytes as 32-bit words from the first 4-aligned byte on (`first`), made once per scan, for
 * checkedStringEnd. Only on little-endian platforms (x64, arm64), where a word's first byte is its
 * lowest; elsewhere there are no words and string bodies are read byte by byte.
 */
interface Words {
  first: number;
  words: Int32Array;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function wordsOf(bytes: Buffer): Words {
  const first = (4 - (bytes.byteOffset & 3)) & 3;
  if (!LITTLE_ENDIAN || bytes.length - first < 4) return { first, words: new Int32Array(0) };
  return { first, words: new Int32Array(bytes.buffer, bytes.byteOffset + first, (bytes.length - first) >> 2) };
}

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

/** The exact text of a top-level member's value, if present. */
export function memberText(bytes: Buffer, scan: JsonScan, key: string): string | undefined {
  const span = scan.members.get(key);
  return span ? bytes.toString("utf8", span.start, span.end) : undefined;
}
