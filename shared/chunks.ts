/**
 * Reassembly of the chunk envelope (shared/host-protocol.ts) for agent messages over Chrome's 1 MiB
 * host→browser cap. The host cuts a line's bytes (never a string: no split surrogates, no
 * JSON-escaping blow-up; native-host/outbound.ts); this collects the pieces of one id in order and
 * hands back the original bytes. No Node or browser-only APIs, so tests and benches use it too.
 */
import type { HostChunk } from "./host-protocol";

const B64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64_LOOKUP = (() => {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < B64_ALPHABET.length; i++) t[B64_ALPHABET.charCodeAt(i)] = i;
  return t;
})();

type WithFromBase64 = { fromBase64?: (s: string) => Uint8Array };

/**
 * Standard base64 → bytes. Uses the engine's native decoder where it exists (recent Chromium);
 * otherwise a table decoder, several times faster than atob plus a charCodeAt loop.
 */
export function base64ToBytes(b64: string): Uint8Array {
  const native = (Uint8Array as unknown as WithFromBase64).fromBase64;
  if (native) return native(b64);
  let end = b64.length;
  while (end > 0 && b64.charCodeAt(end - 1) === 61 /* = */) end--;
  if (end % 4 === 1) throw new Error("invalid base64 length");
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  const t = B64_LOOKUP;
  let o = 0;
  let bad = 0;
  let i = 0;
  // Hot loop: no closures or per-character branches; a character outside the alphabet maps to 255,
  // whose high bit survives the OR and is checked once at the end.
  for (const full = end - (end % 4); i < full; i += 4) {
    const a = t[b64.charCodeAt(i) & 127]! | (((127 - b64.charCodeAt(i)) >> 31) & 128);
    const b = t[b64.charCodeAt(i + 1) & 127]! | (((127 - b64.charCodeAt(i + 1)) >> 31) & 128);
    const c = t[b64.charCodeAt(i + 2) & 127]! | (((127 - b64.charCodeAt(i + 2)) >> 31) & 128);
    const d = t[b64.charCodeAt(i + 3) & 127]! | (((127 - b64.charCodeAt(i + 3)) >> 31) & 128);
    bad |= a | b | c | d;
    out[o++] = (a << 2) | (b >> 4);
    out[o++] = ((b & 15) << 4) | (c >> 2);
    out[o++] = ((c & 3) << 6) | d;
  }
  if (end - i >= 2) {
    const a = t[b64.charCodeAt(i) & 127]! | (((127 - b64.charCodeAt(i)) >> 31) & 128);
    const b = t[b64.charCodeAt(i + 1) & 127]! | (((127 - b64.charCodeAt(i + 1)) >> 31) & 128);
    bad |= a | b;
    out[o++] = (a << 2) | (b >> 4);
    if (end - i === 3) {
      const c = t[b64.charCodeAt(i + 2) & 127]! | (((127 - b64.charCodeAt(i + 2)) >> 31) & 128);
      bad |= c;
      out[o++] = ((b & 15) << 4) | (c >> 2);
    }
  }
  if (bad & 128) throw new Error("invalid base64 character");
  return out;
}

export interface ChunkResult {
  /** The whole message's bytes, when this piece completed it. */
  complete?: Uint8Array;
  /** Why an earlier partial message, or this piece, was dropped. */
  dropped?: string;
}

/**
 * Collects chunk pieces. The host sends the pieces of one line consecutively, so a piece of another
 * id while one is incomplete means the earlier message was lost: it is dropped and reported rather
 * than held forever, and the new piece still counts.
 */
export class ChunkReassembler {
  private id: string | null = null;
  private count = 0;
  private pieces: Uint8Array[] = [];
  private size = 0;

  constructor(
    private readonly maxBytes: number = 256 * 1024 * 1024,
    private readonly decode: (b64: string) => Uint8Array = base64ToBytes,
  ) {}

  accept(chunk: HostChunk): ChunkResult {
    let dropped: string | undefined;
    if (this.id !== null && (chunk.id !== this.id || chunk.count !== this.count)) {
      dropped = `chunked message ${this.id} was interrupted after ${this.pieces.length} of ${this.count} pieces`;
      this.reset();
    }
    const problem = this.check(chunk);
    if (problem) {
      this.reset();
      return { dropped: dropped ? `${dropped}; ${problem}` : problem };
    }
    if (this.id === null) {
      this.id = chunk.id;
      this.count = chunk.count;
    }
    let piece: Uint8Array;
    try {
      piece = this.decode(chunk.data);
    } catch (e) {
      this.reset();
      return { dropped: `chunk ${chunk.id}: ${(e as Error).message}` };
    }
    this.size += piece.byteLength;
    if (this.size > this.maxBytes) {
      this.reset();
      return { dropped: `chunked message ${chunk.id} exceeds ${this.maxBytes} bytes` };
    }
    this.pieces.push(piece);
    if (this.pieces.length < this.count) return dropped ? { dropped } : {};
    const complete = concat(this.pieces, this.size);
    this.reset();
    return dropped ? { complete, dropped } : { complete };
  }

  /** True while a message is partly received (to report its loss when the port closes). */
  get pending(): boolean {
    return this.id !== null;
  }

  private check(chunk: HostChunk): string | undefined {
    if (typeof chunk.id !== "string" || typeof chunk.data !== "string") return "malformed chunk";
    if (!Number.isInteger(chunk.count) || chunk.count < 1) return `chunk ${chunk.id}: bad count ${chunk.count}`;
    const expected = this.id === null ? 0 : this.pieces.length;
    if (chunk.index !== expected) return `chunk ${chunk.id}: piece ${chunk.index} arrived, expected ${expected}`;
    return undefined;
  }

  private reset(): void {
    this.id = null;
    this.count = 0;
    this.pieces = [];
    this.size = 0;
  }
}

function concat(pieces: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const p of pieces) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}
