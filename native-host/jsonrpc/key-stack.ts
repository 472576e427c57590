/**
 * The keys of the open objects while scanJson (json-scan.ts) reads a message, for its repeated-key
 * check.
 */
import { keyText } from "./json-grammar";

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
export const keyStack = new KeyStack();
const SMALL_OBJECT = 8;
