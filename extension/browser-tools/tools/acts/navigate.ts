/** navigate: a URL in a tab, after the user agrees; answers once it has loaded or the wait ran out. */
import { toolText } from "../../results";
import { LOAD_TIMEOUT_MS, loaded, loadSummary } from "../../tabs";
import type { ToolHandler } from "../context";
import { quoteShort } from "../words";

export const navigate: ToolHandler<"navigate"> = async (args, ctx) => {
  const tab = await ctx.targetTab(args.tabId);
  // An extension's page (ours or another's) is not the agent's to navigate away from.
  if (tab.url && /^(chrome-extension|moz-extension):/.test(tab.url)) await ctx.siteOf(tab.url);
  const site = await ctx.siteOf(args.url);
  await ctx.askToAct(tab, site, `load ${args.url} in the tab ${quoteShort(tab.title ?? "")}`);
  const { api } = ctx.deps;
  const wait = api.waitForLoad(tab.id, LOAD_TIMEOUT_MS);
  await api.navigateTab(tab.id, args.url);
  return toolText(loadSummary("Loaded in", await loaded(api, tab.id, wait)));
};
