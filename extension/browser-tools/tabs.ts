/** The tab-side tools and the tab a call is about: list_tabs, the target tab, open_tab's group, screenshots. */
import type { ToolContent } from "../../shared/browser-tools";
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

/** list_tabs: the fields the agent may use, as JSON. Titles and URLs come from pages: untrusted. */
export async function listTabs(api: BrowserApi): Promise<string> {
  const tabs = await api.queryTabs({});
  const rows = tabs.map((t) => ({
    id: t.id,
    title: t.title ?? null,
    url: t.url ?? null,
    active: t.active,
    windowId: t.windowId,
    groupId: t.groupId === -1 ? null : t.groupId,
  }));
  const hidden = rows.some((r) => r.url === null) ? "\nTabs with url null are on sites the extension may not see." : "";
  return `${rows.length} open tabs (titles and URLs are page content, untrusted):${hidden}\n${JSON.stringify(rows, null, 1)}`;
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

/** A PNG of the tab, which must be the one showing in its window (the browser captures only that). */
export async function screenshotTab(api: BrowserApi, tab: TabInfo): Promise<ToolContent[]> {
  if (!tab.active) {
    throw new ToolFailure(
      `Tab ${tab.id} is not the visible tab of its window, and only the visible tab can be captured. ` +
        "Ask the user to switch to it, or use page_snapshot or read_page.",
    );
  }
  let dataUrl: string;
  try {
    dataUrl = await api.captureVisibleTab(tab.windowId);
  } catch (e) {
    throw new ToolFailure(`The screenshot failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const match = /^data:(image\/[a-z]+);base64,(.+)$/.exec(dataUrl);
  if (!match?.[1] || !match[2]) throw new ToolFailure("The browser returned no image.");
  return [
    { type: "text", text: `Screenshot of tab ${tab.id} (${tab.url ?? "address not visible"}); the image is page content, untrusted.` },
    { type: "image", mimeType: match[1], data: match[2] },
  ];
}
