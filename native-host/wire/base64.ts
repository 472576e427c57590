/**
 * Base64 (RFC 4648 §4, with padding) written straight into a buffer. Node encodes base64 only into a
 * new string (`toString("base64")`), which a chunk frame then copies: for a 512 KiB piece that is a
 * 700 KB string on V8's heap per piece, collected later. Writing into the frame's own (pooled) buffer
 * makes nothing per piece (BENCHMARKS.md).
 */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const PAD = 0x3d; // =

/** Each 12-bit value's two characters, as the two bytes of one 16-bit entry (first character in the low byte). */
const PAIRS = new Uint16Array(4096);
for (let i = 0; i < 4096; i++) PAIRS[i] = ALPHABET.charCodeAt(i >> 6) | (ALPHABET.charCodeAt(i & 63) << 8);

/** The length of `bytes` bytes in base64. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** Writes `src` as base64 into `dst` at `at`; returns where it ended. `dst` must have base64Length(src.length) bytes free there. */
export function writeBase64(src: Uint8Array, dst: Uint8Array, at: number): number {
  // Four characters per 32-bit store, little-endian (first character in the lowest byte): faster than
  // storing byte by byte (BENCHMARKS.md).
  const view = new DataView(dst.buffer, dst.byteOffset, dst.byteLength);
  const whole = src.length - (src.length % 3);
  let o = at;
  for (let i = 0; i < whole; i += 3) {
    const n = (src[i]! << 16) | (src[i + 1]! << 8) | src[i + 2]!;
    view.setUint32(o, PAIRS[n >> 12]! | (PAIRS[n & 4095]! << 16), true);
    o += 4;
  }
  const rest = src.length - whole;
  if (rest > 0) {
    const n = (src[whole]! << 16) | (rest === 2 ? src[whole + 1]! << 8 : 0);
    const hi = PAIRS[n >> 12]!;
    dst[o] = hi & 255;
    dst[o + 1] = hi >> 8;
    dst[o + 2] = rest === 2 ? PAIRS[n & 4095]! & 255 : PAD;
    dst[o + 3] = PAD;
    o += 4;
  }
  return o;
}
