/** open_tab: a URL in a new tab in the agent's tab group, after the user agrees. */
import { toolText } from "../../results";
import { LOAD_TIMEOUT_MS, loaded, loadSummary } from "../../tabs";
import type { ToolHandler } from "../context";

/** The prompt's tab when no window is focused: there is none to name. */
const NO_TAB = { id: -1, windowId: -1, active: false, groupId: -1 };

export const openTab: ToolHandler<"open_tab"> = async (args, ctx) => {
  const { api, agentName } = ctx.deps;
  const site = await ctx.siteOf(args.url);
  const [current] = await api.queryTabs({ active: true, lastFocusedWindow: true });
  await ctx.askToAct(current ?? NO_TAB, site, `open ${args.url} in a new tab`);
  const created = await api.createTab(args.url);
  ctx.reportTarget({ ...created, url: created.url || args.url });
  const wait = api.waitForLoad(created.id, LOAD_TIMEOUT_MS, { orAlreadyLoaded: true });
  let grouped = "";
  try {
    await api.groupTab(created, agentName);
  } catch (e) {
    grouped = ` (It could not be put in the "${agentName}" tab group: ${e instanceof Error ? e.message : String(e)})`;
  }
  return toolText(`${loadSummary("Opened", await loaded(api, created.id, wait))}${grouped}`);
};
