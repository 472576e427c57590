/**
 * Where a string's body ends, for scanJson (json-scan.ts): checked (no raw control characters,
 * only JSON's escapes) a word at a time, or unchecked after a grammar error.
 */
import { BACKSLASH, isHex, QUOTE, SIMPLE_ESCAPE, STRING_STOP } from "./json-grammar";

/** Set by checkedStringEnd: whether the string it checked holds an escape (a key then compares as decoded text). */
export const lastString = { escaped: false };

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
export function checkedStringEnd(bytes: Buffer, w: Words, from: number): number {
  lastString.escaped = false;
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
    lastString.escaped = true;
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
export interface Words {
  first: number;
  words: Int32Array;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function wordsOf(bytes: Buffer): Words {
  const first = (4 - (bytes.byteOffset & 3)) & 3;
  if (!LITTLE_ENDIAN || bytes.length - first < 4) return { first, words: new Int32Array(0) };
  return { first, words: new Int32Array(bytes.buffer, bytes.byteOffset + first, (bytes.length - first) >> 2) };
}

/** Index of the quote closing the string whose body starts at `from` (or the end of the input). */
export function stringEnd(bytes: Buffer, from: number): number {
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
