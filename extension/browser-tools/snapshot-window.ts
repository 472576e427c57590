/**
 * page_snapshot hands a long outline out in windows of whole lines, each call saying how much is left and
 * the cursor to pass for the next one; nothing is dropped. A continuation reuses the outline taken for the
 * same tab and address a moment ago, so its line numbers mean the same lines and the page is not walked again.
 */

/** Characters of outline one page_snapshot returns at most (at least one line). */
export const SNAPSHOT_CHARS = 30_000;
const CACHE_MS = 5 * 60_000;

export interface OutlineWindow {
  text: string;
  /** First line shown (0-based) and the line after the last one shown. */
  start: number;
  end: number;
  totalLines: number;
  /** Characters of outline after this window. */
  charsLeft: number;
}

export function sliceOutline(lines: string[], cursor: number, cap = SNAPSHOT_CHARS): OutlineWindow {
  if (cursor > lines.length || (cursor > 0 && cursor === lines.length))
    throw new RangeError(`cursor ${cursor} is past the end of the snapshot (${lines.length} lines); take a new page_snapshot.`);
  let used = 0;
  let end = cursor;
  while (end < lines.length && (end === cursor || used + lines[end]!.length + 1 <= cap)) used += lines[end++]!.length + 1;
  let charsLeft = 0;
  for (let i = end; i < lines.length; i++) charsLeft += lines[i]!.length + 1;
  return { text: lines.slice(cursor, end).join("\n"), start: cursor, end, totalLines: lines.length, charsLeft };
}

/** The sentence after a window: where it is in the outline and how to get the rest. */
export function windowFooter(w: OutlineWindow): string {
  if (w.totalLines === 0) return "";
  const range = `Lines ${w.start + 1}–${w.end} of ${w.totalLines}`;
  if (w.end >= w.totalLines) return w.start === 0 ? "" : `(${range}: the end of the snapshot.)`;
  const left = w.totalLines - w.end;
  return `(${range}. ${left} more lines, about ${w.charsLeft.toLocaleString("en")} characters, follow: call page_snapshot with cursor ${w.end} to read on.)`;
}

export class SnapshotCache {
  private entry: { tabId: number; url: string; lines: string[]; at: number } | null = null;

  get(tabId: number, url: string, now = Date.now()): string[] | null {
    const e = this.entry;
    return e && e.tabId === tabId && e.url === url && now - e.at < CACHE_MS ? e.lines : null;
  }

  put(tabId: number, url: string, lines: string[], now = Date.now()): void {
    this.entry = { tabId, url, lines, at: now };
  }
}
