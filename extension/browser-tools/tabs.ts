/** The tab a call is about, and the wait for a load that navigate and open_tab share. */
import type { BrowserApi, TabInfo } from "./browser-api";
import { ToolFailure } from "./results";

/** How long navigate and open_tab wait for the page to load before answering anyway. */
export const LOAD_TIMEOUT_MS = 30_000;

/** The tab a call names, or the active tab of the last focused window. */
export async function resolveTab(api: BrowserApi, tabId: number | undefined): Promise<TabInfo> {
  if (tabId !== undefined) {
    const tab = await api.getTab(tabId);
    if (!tab) throw new ToolFailure(`No tab ${tabId} is open; list_tabs shows the open tabs.`);
    return tab;
  }
  const [active] = await api.queryTabs({ active: true, lastFocusedWindow: true });
  if (!active) throw new ToolFailure("There is no active tab; pass a tabId from list_tabs.");
  return active;
}

/** Waits for a load and says how it went, for navigate and open_tab. */
export async function loaded(api: BrowserApi, tabId: number, wait: Promise<"complete" | "timeout" | "closed">): Promise<TabInfo> {
  const outcome = await wait;
  if (outcome === "closed") throw new ToolFailure(`Tab ${tabId} was closed while loading.`);
  const tab = await api.getTab(tabId);
  if (!tab) throw new ToolFailure(`Tab ${tabId} was closed while loading.`);
  return outcome === "timeout" ? { ...tab, status: "loading" } : tab;
}

export function loadSummary(verb: string, tab: TabInfo): string {
  const still = tab.status === "loading" ? ` It was still loading after ${LOAD_TIMEOUT_MS / 1000} s; use wait_for before reading it.` : "";
  return `${verb} tab ${tab.id}: ${tab.url ?? "(address not visible)"}, title "${tab.title ?? ""}".${still}`;
}
