/** get_selection: the text the user has selected in the tab. */
import { pageContent } from "../../results";
import type { ToolHandler } from "../context";
import { pageHeader } from "../words";

export const getSelection: ToolHandler<"get_selection"> = async (args, ctx) => {
  const { tab, site } = await ctx.readableTab(args.tabId);
  const reply = await ctx.onPage(tab.id, { op: "get_selection" });
  return pageContent(site.site, reply.text || "(nothing is selected)", pageHeader(reply));
};
