/**
 * read_page: the tab's readable text as Markdown (extract-page.js: Readability + turndown, the same path
 * as "Attach page"), one window of it per call with a nextOffset to read on. A continuation (offset > 0)
 * reuses the text extracted for the same tab and address a moment ago, so offsets stay consistent and a
 * long page is not re-extracted for every window.
 */
import type { ExtractedPage } from "../context/extracted-page";

/** Characters per read_page call. */
const READ_PAGE_CHARS = 20_000;
/** How long an extracted page serves continuations. */
const CACHE_MS = 5 * 60_000;

export interface PageWindow {
  text: string;
  start: number;
  end: number;
  total: number;
  /** Where the next call should start; absent at the end. */
  nextOffset?: number;
}

/** A window of `markdown` from `offset`, cut at a line break near the cap when there is one. */
export function sliceMarkdown(markdown: string, offset: number, cap = READ_PAGE_CHARS): PageWindow {
  const total = markdown.length;
  if (offset > total) throw new RangeError(`offset ${offset} is past the end of the page (${total} characters).`);
  let end = Math.min(total, offset + cap);
  if (end < total) {
    const lineBreak = markdown.lastIndexOf("\n", end);
    if (lineBreak > offset + cap * 0.8) end = lineBreak + 1;
  }
  return { text: markdown.slice(offset, end), start: offset, end, total, ...(end < total ? { nextOffset: end } : {}) };
}

export class ReadCache {
  private entry: { tabId: number; url: string; page: ExtractedPage; at: number } | null = null;

  get(tabId: number, url: string, now = Date.now()): ExtractedPage | null {
    const e = this.entry;
    return e && e.tabId === tabId && e.url === url && now - e.at < CACHE_MS ? e.page : null;
  }

  put(tabId: number, url: string, page: ExtractedPage, now = Date.now()): void {
    this.entry = { tabId, url, page, at: now };
  }
}

export function isExtractedPage(value: unknown): value is ExtractedPage {
  return typeof value === "object" && value !== null && typeof (value as ExtractedPage).markdown === "string";
}
