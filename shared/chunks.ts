/**
 * Reassembly of the chunk envelope (shared/host-protocol.ts) for agent lines over Chrome's 1 MiB
 * host→browser cap. The host cuts a line's bytes (never a string: no split surrogates, no
 * JSON-escaping blow-up; native-host/wire/outbound.ts); this collects the pieces of one id in order and
 * hands back the line's text for the caller to parse. No Node or browser-only APIs, so tests and
 * benches use it too.
 */
import { type HostChunk, MAX_CHUNKED_LINE_BYTES } from "./host-protocol";

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
  /** The whole line's text, when this piece completed it. */
  complete?: string;
  /** Why an earlier partial line, or this piece's line, was dropped. */
  dropped?: string;
}

/**
 * Collects chunk pieces. The host sends the pieces of one line consecutively, the last marked
 * `last`, so a piece of another id while one is incomplete means the earlier line was lost: it is
 * dropped and reported rather than held forever, and the new piece still counts. Each piece is
 * decoded to text as it arrives (UTF-8 split across pieces is carried over by the streaming
 * decoder), so only the text is held; a line over `maxBytes` is refused, and its later pieces are
 * ignored without further reports.
 */
export class ChunkReassembler {
  private id: string | null = null;
  private next = 0;
  private texts: string[] = [];
  private size = 0;
  private utf8 = new TextDecoder("utf-8", { fatal: true });
  /** A refused line whose remaining pieces are skipped. */
  private ignoring: string | null = null;

  constructor(
    private readonly maxBytes: number = MAX_CHUNKED_LINE_BYTES,
    private readonly decode: (b64: string) => Uint8Array = base64ToBytes,
  ) {}

  accept(chunk: HostChunk): ChunkResult {
    if (!isWellFormed(chunk)) return this.refuse(this.interrupt(), "malformed chunk", null);
    if (this.ignoring !== null) {
      if (chunk.id === this.ignoring) {
        if (chunk.last) this.ignoring = null;
        return {};
      }
      this.ignoring = null;
    }
    const interrupted = chunk.id !== this.id ? this.interrupt() : undefined;
    if (chunk.index !== this.next) {
      return this.refuse(interrupted, `chunk ${chunk.id}: piece ${chunk.index} arrived, expected ${this.next}`, chunk);
    }
    if (chunk.abandoned !== undefined)
      return this.refuse(interrupted, `chunked message ${chunk.id} was abandoned by the host: ${chunk.abandoned}`, null);
    this.id = chunk.id;
    let text: string;
    try {
      const bytes = this.decode(chunk.data);
      this.size += bytes.byteLength;
      if (this.size > this.maxBytes) return this.refuse(interrupted, `chunked message ${chunk.id} exceeds ${this.maxBytes} bytes`, chunk);
      text = this.utf8.decode(bytes, { stream: !chunk.last });
    } catch (e) {
      return this.refuse(interrupted, `chunk ${chunk.id}: ${(e as Error).message}`, chunk);
    }
    this.texts.push(text);
    this.next++;
    if (!chunk.last) return interrupted ? { dropped: interrupted } : {};
    const complete = this.texts.join("");
    this.reset();
    return interrupted ? { complete, dropped: interrupted } : { complete };
  }

  /** True while a line is partly received (to report its loss when the port closes). */
  get pending(): boolean {
    return this.id !== null;
  }

  /** Drops a partly received line; says so if there was one. */
  private interrupt(): string | undefined {
    if (this.id === null) return undefined;
    const why = `chunked message ${this.id} was interrupted after ${this.next} pieces`;
    this.reset();
    return why;
  }

  /** Drops the current line and skips the rest of `chunk`'s line (unless this was its last piece). */
  private refuse(earlier: string | undefined, problem: string, chunk: HostChunk | null): ChunkResult {
    this.reset();
    if (chunk && !chunk.last) this.ignoring = chunk.id;
    return { dropped: earlier ? `${earlier}; ${problem}` : problem };
  }

  private reset(): void {
    this.id = null;
    this.next = 0;
    this.texts = [];
    this.size = 0;
    this.utf8 = new TextDecoder("utf-8", { fatal: true });
  }
}

function isWellFormed(c: HostChunk): boolean {
  return (
    typeof c.id === "string" &&
    typeof c.data === "string" &&
    Number.isInteger(c.index) &&
    c.index >= 0 &&
    typeof c.last === "boolean" &&
    (c.abandoned === undefined || typeof c.abandoned === "string")
  );
}
