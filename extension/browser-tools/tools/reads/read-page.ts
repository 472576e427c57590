/**
 * read_page: one window of the tab's readable text as Markdown (extract-page.js, the same path as "Attach
 * page"). A continuation reuses the text extracted a moment ago, so its offsets mean the same text.
 */
import { isExtractedPage, type PageWindow, sliceMarkdown } from "../../markdown-window";
import { pageContent, ToolFailure } from "../../results";
import type { ToolHandler } from "../context";
import { pageHeader } from "../words";

const EXTRACT_FILE = "/extract-page.js";

export const readPage: ToolHandler<"read_page"> = async (args, ctx) => {
  const { tab, site } = await ctx.readableTab(args.tabId);
  const offset = args.offset ?? 0;
  const cache = ctx.deps.readCache;
  let page = offset > 0 && tab.url ? cache?.get(tab.id, tab.url) : null;
  if (!page) {
    let extracted: unknown;
    try {
      extracted = await ctx.deps.api.executeFile(tab.id, EXTRACT_FILE);
    } catch (e) {
      throw new ToolFailure(`The page could not be read: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!isExtractedPage(extracted)) throw new ToolFailure("The page gave no readable text.");
    page = extracted;
    if (tab.url) cache?.put(tab.id, tab.url, page);
  }
  let window: PageWindow;
  try {
    window = sliceMarkdown(page.markdown, offset);
  } catch (e) {
    throw new ToolFailure((e as Error).message);
  }
  const more = window.nextOffset !== undefined ? ` More follows: pass offset ${window.nextOffset} to read on.` : "";
  const range = `Characters ${window.start}–${window.end} of ${window.total}.${more}`;
  return pageContent(site.site, window.text, `${pageHeader(page)}\n${range}`);
};
