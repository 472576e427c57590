/**
 * page_snapshot: an outline of the page's landmarks and interactive elements, each with a ref, across its
 * frames, in windows of SNAPSHOT_CHARS with a cursor for the next one.
 */
import { snapshotAllFrames } from "../frame-snapshot";
import { pageContent, ToolFailure } from "../results";
import { type OutlineWindow, SNAPSHOT_CHARS, sliceOutline, windowFooter } from "../snapshot-window";
import type { ToolHandler } from "./context";
import { pageHeader } from "./words";

export const pageSnapshot: ToolHandler<"page_snapshot"> = async (args, ctx) => {
  const { tab, site } = await ctx.readableTab(args.tabId);
  const cursor = args.cursor ?? 0;
  const cache = ctx.deps.snapshotCache;
  const cached = cursor > 0 && tab.url ? cache?.get(tab.id, tab.url) : null;
  const taken = cached
    ? { lines: cached, title: tab.title ?? "", url: tab.url ?? "" }
    : await snapshotAllFrames(ctx.deps.api, ctx.deps.tabRefs, tab.id);
  if (!cached) cache?.put(tab.id, tab.url ?? taken.url, taken.lines);
  let window: OutlineWindow;
  try {
    window = sliceOutline(taken.lines, cursor, SNAPSHOT_CHARS);
  } catch (e) {
    throw new ToolFailure((e as Error).message);
  }
  const body = window.text || "(no landmarks or interactive elements on this page)";
  const footer = windowFooter(window);
  // A continuation whose outline was no longer at hand was taken again: the page may have changed in between.
  const retaken =
    cursor > 0 && !cached ? "(The outline was taken again for this window; the page may have changed since the previous one.)\n" : "";
  return pageContent(site.site, `${retaken}${footer ? `${body}\n${footer}` : body}`, `${pageHeader(taken)}\nTab: ${tab.id}`);
};
