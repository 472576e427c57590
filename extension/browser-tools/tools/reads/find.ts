/** find: elements by visible text or accessible name and/or ARIA role, each with a ref, in every frame of the tab. */
import { findInAllFrames } from "../../frames/frame-find";
import { pageContent, ToolFailure } from "../../results";
import type { ToolHandler } from "../context";
import { pageHeader } from "../words";

/** Matches one find lists at most. */
const FIND_LIMIT = 20;

export const find: ToolHandler<"find"> = async (args, ctx) => {
  // Both fields are optional in the schema, but a search needs one of them.
  if (!args.text && !args.role) throw new ToolFailure("find needs text, role or both.");
  const { tab, site } = await ctx.readableTab(args.tabId);
  const found = await findInAllFrames(ctx.deps.api, ctx.deps.tabRefs, tab.id, {
    limit: FIND_LIMIT,
    ...(args.text ? { text: args.text } : {}),
    ...(args.role ? { role: args.role } : {}),
  });
  return pageContent(site.site, found.text, `${pageHeader(found)}\nTab: ${tab.id}`);
};
