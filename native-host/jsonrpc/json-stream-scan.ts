/**
 * scanJson's checks (json-scan.ts) for a message that arrives in pieces: the same grammar, depth,
 * repeated-key and top-level-member results, fed one read at a time, so a frame over the pool's size
 * is checked as it streams in and never has to be joined into one buffer (wire/frame-stream.ts).
 * State carries from one piece to the next: a string, an escape or a number may be cut anywhere.
 * Keys are kept as their keyText in a Set per open object (scanJson compares small objects' keys in
 * place, which needs them contiguous); numbers and literals are gathered, then checked by scalarEnd.
 * Spans and error positions are offsets in the whole message, as scanJson gives them.
 */
import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  closes,
  describeByte,
  isHex,
  isSpace,
  keyText,
  keyValue,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  SCALAR_BYTE,
  SIMPLE_ESCAPE,
  STRING_STOP,
  scalarEnd,
  scalarError,
  Want,
} from "./json-grammar";
import { type JsonScan, MAX_JSON_DEPTH } from "./json-scan";

/** Where the scan is between bytes. */
enum Mode {
  Between,
  String,
  Escape,
  Unicode,
  Scalar,
}

/** A growable byte buffer for a key or a scalar cut across pieces. */
class Gather {
  private bytes = Buffer.allocUnsafe(64);
  length = 0;

  add(from: Buffer, start: number, end: number): void {
    const need = this.length + end - start;
    if (need > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    from.copy(this.bytes, this.length, start, end);
    this.length = need;
  }

  get view(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}

export class JsonStreamScan {
  /** Offset of the next byte in the whole message. */
  private at = 0;
  private mode = Mode.Between;
  private unicodeLeft = 0;
  /** Per open container down to maxDepth: its keys' texts (an object) or null (an array). */
  private readonly open: Array<Set<string> | null> = [];
  private depth = 0;
  private deepest = 0;
  private duplicateKey: string | undefined;
  private expectKey = false;
  /** The string being read is a key (tracked), and the grammar wanted one (checked). */
  private stringIsKey = false;
  private grammarKey = false;
  private readonly key = new Gather();
  private readonly scalar = new Gather();
  private scalarStart = 0;
  private topKey: string | undefined;
  private valueStart = -1;
  /** End of the last byte that was not whitespace: where a top-level member's value ends. */
  private lastEnd = 0;
  private readonly members: JsonScan["members"] = new Map();
  private checking = true;
  private want = Want.Value;
  private error: string | undefined;
  private undecided = false;
  /** The first byte that is not whitespace: whether the message is an object. */
  first: number | undefined;

  constructor(private readonly maxDepth = MAX_JSON_DEPTH) {}

  /** Feeds the next piece; nothing refers to it once this returns. */
  push(chunk: Buffer): void {
    const base = this.at;
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      const c = chunk[i]!;
      switch (this.mode) {
        case Mode.String: {
          const from = i;
          while (i < n && STRING_STOP[chunk[i]!] === 0) i++;
          if (i < n) i++;
          if (this.stringIsKey) this.key.add(chunk, from, i);
          const stop = chunk[i - 1]!;
          if (i === from || STRING_STOP[stop] === 0) break;
          if (stop === QUOTE) this.stringDone(base + i - 1);
          else if (stop === BACKSLASH) this.mode = Mode.Escape;
          else this.fail("invalid string", base + i - 1);
          break;
        }
        case Mode.Escape:
          if (this.stringIsKey) this.key.add(chunk, i, i + 1);
          i++;
          this.mode = Mode.String;
          if (!this.checking) break;
          if (c === 0x75) {
            this.mode = Mode.Unicode;
            this.unicodeLeft = 4;
          } else if (SIMPLE_ESCAPE[c] !== 1) this.fail("invalid string", base + i - 1);
          break;
        case Mode.Unicode:
          // Not a hex digit: the escape is wrong, and this byte is read again as the string's.
          this.mode = Mode.String;
          if (!isHex(c)) {
            this.fail("invalid string", base + i);
            break;
          }
          if (this.stringIsKey) this.key.add(chunk, i, i + 1);
          i++;
          if (--this.unicodeLeft > 0) this.mode = Mode.Unicode;
          break;
        case Mode.Scalar:
          if (SCALAR_BYTE[c] === 1) {
            const from = i;
            while (i < n && SCALAR_BYTE[chunk[i]!] === 1) i++;
            this.scalar.add(chunk, from, i);
          } else this.scalarDone();
          break;
        default:
          this.between(c, base + i);
          i++;
      }
    }
    this.at = base + n;
  }

  /** The scan of everything pushed, at the end of the message. */
  end(): JsonScan {
    const n = this.at;
    if (this.mode === Mode.Scalar) this.scalarDone();
    else if (this.mode !== Mode.Between) this.fail("unterminated string", n);
    if (this.checking && this.want !== Want.End) this.unexpected(n, undefined);
    return {
      valid: this.error !== undefined ? false : this.undecided ? undefined : true,
      ...(this.error !== undefined ? { error: this.error } : {}),
      depth: this.deepest,
      members: this.members,
      ...(this.duplicateKey !== undefined ? { duplicateKey: this.duplicateKey } : {}),
    };
  }

  private between(c: number, at: number): void {
    if (isSpace(c)) return;
    this.first ??= c;
    // A member's value ends before the delimiter that ends it, and before any whitespace in front of that.
    const valueEnd = this.lastEnd;
    this.lastEnd = at + 1;
    const wantsValue = this.want === Want.Value || this.want === Want.ValueOrClose;
    switch (c) {
      case QUOTE:
        if (this.checking) {
          this.grammarKey = this.want === Want.Key || this.want === Want.KeyOrClose;
          if (!this.grammarKey && !wantsValue) this.unexpected(at, c);
        }
        this.stringIsKey = this.expectKey && this.depth <= this.maxDepth && this.open[this.depth - 1] !== null;
        if (this.expectKey) this.expectKey = false;
        else this.startsTopValue(at);
        if (this.stringIsKey) {
          this.key.length = 0;
          this.key.add(QUOTE_BYTE, 0, 1);
        }
        this.mode = Mode.String;
        return;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (this.checking && !wantsValue) this.unexpected(at, c);
        this.startsTopValue(at);
        this.depth++;
        if (this.depth > this.deepest) this.deepest = this.depth;
        if (this.depth <= this.maxDepth) this.open.push(c === OPEN_OBJECT ? new Set() : null);
        else if (this.checking) {
          this.checking = false;
          this.undecided = true;
        }
        this.want = c === OPEN_OBJECT ? Want.KeyOrClose : Want.ValueOrClose;
        this.expectKey = c === OPEN_OBJECT;
        return;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY: {
        if (this.checking && !closes(c, this.depth, this.depth > 0 && this.open[this.depth - 1] !== null, this.want))
          this.unexpected(at, c);
        if (this.depth === 1) this.endTopMember(valueEnd);
        if (this.depth > 0) {
          if (this.depth <= this.maxDepth) this.open.pop();
          this.depth--;
        }
        this.afterValue();
        this.expectKey = false;
        return;
      }
      case COMMA:
        if (this.checking && this.want !== Want.CommaOrClose) this.unexpected(at, c);
        if (this.depth === 1) this.endTopMember(valueEnd);
        this.expectKey = this.depth > 0 && this.depth <= this.maxDepth && this.open[this.depth - 1] !== null;
        this.want = this.expectKey ? Want.Key : Want.Value;
        return;
      case COLON:
        if (this.checking && this.want !== Want.Colon) this.unexpected(at, c);
        this.want = Want.Value;
        return;
      default:
        this.startsTopValue(at);
        if (!this.checking) return;
        if (!wantsValue) {
          this.unexpected(at, c);
          return;
        }
        this.mode = Mode.Scalar;
        this.scalarStart = at;
        this.scalar.length = 0;
        ONE_BYTE[0] = c;
        this.scalar.add(ONE_BYTE, 0, 1);
    }
  }

  private stringDone(quote: number): void {
    this.mode = Mode.Between;
    this.lastEnd = quote + 1;
    if (this.checking) {
      if (this.grammarKey) this.want = Want.Colon;
      else this.afterValue();
    }
    if (!this.stringIsKey) return;
    const bytes = this.key.view;
    const text = keyText(bytes, 0, bytes.length - 1);
    const keys = this.open[this.depth - 1]!;
    if (keys.has(text)) this.duplicateKey ??= keyValue(bytes, 0, bytes.length - 1);
    else keys.add(text);
    if (this.depth === 1) this.topKey = text;
  }

  /** A number or literal ended (at the byte that is not one's, or the end): checked as scanJson checks it. */
  private scalarDone(): void {
    this.mode = Mode.Between;
    const token = this.scalar.view;
    const start = this.scalarStart;
    this.lastEnd = start + token.length;
    const end = scalarEnd(token, 0);
    if (end < 0) {
      this.fail(scalarError(token[0]!), start + ~end);
      return;
    }
    this.afterValue();
    // scanJson reads what follows a shorter valid scalar ("12a", "0123") as the next token.
    if (end < token.length) this.unexpected(start + end, token[end]);
  }

  private startsTopValue(at: number): void {
    if (this.depth === 1 && this.topKey !== undefined && this.valueStart < 0) this.valueStart = at;
  }

  private endTopMember(end: number): void {
    if (this.topKey !== undefined && this.valueStart >= 0) this.members.set(this.topKey, { start: this.valueStart, end });
    this.topKey = undefined;
    this.valueStart = -1;
  }

  private afterValue(): void {
    this.want = this.depth === 0 ? Want.End : Want.CommaOrClose;
  }

  private unexpected(at: number, c: number | undefined): void {
    this.fail(c === undefined ? "unexpected end" : `unexpected ${describeByte(c)}`, at);
  }

  private fail(what: string, at: number): void {
    if (!this.checking) return;
    this.checking = false;
    this.error = `${what} at byte ${at}`;
  }
}

const QUOTE_BYTE = Buffer.of(QUOTE);
const ONE_BYTE = Buffer.alloc(1);
