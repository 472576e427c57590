/**
 * page_snapshot: an outline of the page's landmarks and interactive elements, each with a ref, across its
 * frames, in windows of SNAPSHOT_CHARS with a cursor for the next one. The first window walks each frame only
 * until it is full; reading on walks on as far as the next window needs, and windows already walked come from
 * the outline kept.
 */
import { snapshotAllFrames } from "../../frames/frame-snapshot";
import { type OutlineWindow, SNAPSHOT_CHARS, sliceOutline, type TakenOutline, windowFooter } from "../../frames/snapshot-window";
import { pageContent, ToolFailure } from "../../results";
import type { ToolContext, ToolHandler } from "../context";
import { pageHeader } from "../words";

const RETAKEN = "(The outline was taken again for this window; the page may have changed since the previous one.)\n";

/** The lines `before` showed up to `upTo` are the same in `after`. */
function samePrefix(before: string[], after: string[], upTo: number): boolean {
  const n = Math.min(upTo, before.length);
  if (after.length < n) return false;
  for (let i = 0; i < n; i++) if (before[i] !== after[i]) return false;
  return true;
}

/** Characters of the first `n` lines, as a window counts them (with their newlines). */
function charsBefore(lines: string[], n: number): number {
  let chars = 0;
  for (let i = 0; i < n && i < lines.length; i++) chars += lines[i]!.length + 1;
  return chars;
}

/** The outline for a window at `cursor`, and whether it is not the one the earlier windows came from. */
async function outlineFor(
  ctx: ToolContext,
  tabId: number,
  url: string | undefined,
  cursor: number,
): Promise<{ outline: TakenOutline; title?: string; url?: string; retaken: boolean }> {
  const { api, tabRefs, snapshotCache: cache } = ctx.deps;
  const cached = cursor > 0 && url ? cache?.get(tabId, url) : null;
  if (cached && !cached.unread) return { outline: cached, retaken: false };
  // Reading on walks only as far as this window needs: a long page costs a window's walk per call.
  const mode =
    cursor === 0
      ? { budget: SNAPSHOT_CHARS }
      : cached
        ? { resume: true as const, budget: charsBefore(cached.lines, cursor) + SNAPSHOT_CHARS }
        : { resume: true as const };
  const taken = await snapshotAllFrames(api, tabRefs, tabId, mode);
  cache?.put(tabId, url ?? taken.url, taken);
  // Reading on: the frames finished the walks they kept, so the lines already shown come out the same,
  // unless the page went away or was taken again in between.
  const retaken = cursor > 0 && !(cached && samePrefix(cached.lines, taken.lines, cursor));
  return { outline: taken, title: taken.title, url: taken.url, retaken };
}

export const pageSnapshot: ToolHandler<"page_snapshot"> = async (args, ctx) => {
  const { tab, site } = await ctx.readableTab(args.tabId);
  const cursor = args.cursor ?? 0;
  const taken = await outlineFor(ctx, tab.id, tab.url, cursor);
  let window: OutlineWindow;
  try {
    window = sliceOutline(taken.outline.lines, cursor, SNAPSHOT_CHARS, taken.outline.unread);
  } catch (e) {
    throw new ToolFailure((e as Error).message);
  }
  const body = window.text || "(no landmarks or interactive elements on this page)";
  const footer = windowFooter(window);
  const header = pageHeader({ title: taken.title ?? tab.title ?? "", url: taken.url ?? tab.url ?? "" });
  return pageContent(site.site, `${taken.retaken ? RETAKEN : ""}${footer ? `${body}\n${footer}` : body}`, `${header}\nTab: ${tab.id}`);
};
