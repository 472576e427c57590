/**
 * page_snapshot hands a long outline out in windows of whole lines, each call saying how much is left and
 * the cursor to pass for the next one; nothing is dropped. The first window is taken by walks that stop once
 * it is full, so what is left after it is an estimate, and said to be one. A continuation goes on from the
 * outline taken for the same tab and address a moment ago (going on with the walks it stopped), so its line numbers
 * mean the same lines; it walks on only as far as its window needs, so each estimate gets closer.
 */

/** Characters of outline one page_snapshot returns at most (at least one line). */
export const SNAPSHOT_CHARS = 30_000;
const CACHE_MS = 5 * 60_000;

/** Lines and characters of outline past the ones taken, estimated (the page was not walked that far). */
export interface Unread {
  lines: number;
  chars: number;
}

export interface OutlineWindow {
  text: string;
  /** First line shown (0-based) and the line after the last one shown. */
  start: number;
  end: number;
  totalLines: number;
  /** Characters of outline after this window. */
  charsLeft: number;
  /** totalLines and charsLeft are estimates: the outline was taken only as far as the first window. */
  estimated: boolean;
}

/** `unread`: what the outline has past `lines`, estimated, when it was taken only in part. */
export function sliceOutline(lines: string[], cursor: number, cap = SNAPSHOT_CHARS, unread?: Unread): OutlineWindow {
  if (cursor > lines.length || (cursor > 0 && cursor === lines.length))
    throw new RangeError(`cursor ${cursor} is past the end of the snapshot (${lines.length} lines); take a new page_snapshot.`);
  let used = 0;
  let end = cursor;
  while (end < lines.length && (end === cursor || used + lines[end]!.length + 1 <= cap)) used += lines[end++]!.length + 1;
  let charsLeft = 0;
  for (let i = end; i < lines.length; i++) charsLeft += lines[i]!.length + 1;
  const more = unread ?? { lines: 0, chars: 0 };
  return {
    text: lines.slice(cursor, end).join("\n"),
    start: cursor,
    end,
    totalLines: lines.length + more.lines,
    charsLeft: charsLeft + more.chars,
    estimated: unread !== undefined,
  };
}

/** The sentence after a window: where it is in the outline and how to get the rest. */
export function windowFooter(w: OutlineWindow): string {
  if (w.totalLines === 0) return "";
  const range = `Lines ${w.start + 1}–${w.end} of ${w.totalLines}`;
  if (w.end >= w.totalLines) return w.start === 0 ? "" : `(${range}: the end of the snapshot.)`;
  const left = w.totalLines - w.end;
  const chars = w.charsLeft.toLocaleString("en");
  if (w.estimated)
    return `(Lines ${w.start + 1}–${w.end} of about ${w.totalLines}: the page was read only as far as this window, so what is left is an estimate. About ${left} more lines, about ${chars} characters, follow: call page_snapshot with cursor ${w.end} to read on.)`;
  return `(${range}. ${left} more lines, about ${chars} characters, follow: call page_snapshot with cursor ${w.end} to read on.)`;
}

/** An outline taken: every line, or (with `unread`) the lines as far as the first window reached. */
export interface TakenOutline {
  lines: string[];
  unread?: Unread;
}

export class SnapshotCache {
  private entry: { tabId: number; url: string; outline: TakenOutline; at: number } | null = null;

  get(tabId: number, url: string, now = Date.now()): TakenOutline | null {
    const e = this.entry;
    return e && e.tabId === tabId && e.url === url && now - e.at < CACHE_MS ? e.outline : null;
  }

  put(tabId: number, url: string, outline: TakenOutline, now = Date.now()): void {
    this.entry = { tabId, url, outline, at: now };
  }
}
