/** scroll: an element into view, or the page up, down, to the top or the bottom. */
import { pageContent } from "../../results";
import type { ToolHandler } from "../context";

export const scroll: ToolHandler<"scroll"> = async (args, ctx) => {
  const { tab, site } = await ctx.readableTab(args.tabId);
  const { target, frameId } = await ctx.optionalRef(tab, args.ref);
  const reply = await ctx.onPage(tab.id, { op: "scroll", ...target, ...(args.direction ? { direction: args.direction } : {}) }, frameId);
  return pageContent(site.site, reply.text);
};
