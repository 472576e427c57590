/**
 * The browser APIs the tools use, behind one narrow interface (the runner's only I/O besides consent),
 * and its implementation over the extension APIs.
 */
import browser from "webextension-polyfill";
import { platform } from "../platform";
import { rememberedHostAccess } from "./host-access-cache";
import { groupTitle, isAgentGroup } from "./tab-group";

export interface TabInfo {
  id: number;
  windowId: number;
  title?: string;
  url?: string;
  active: boolean;
  /** -1 when the tab is in no group. */
  groupId: number;
  status?: string;
}

export interface BrowserApi {
  queryTabs(query: { active?: boolean; lastFocusedWindow?: boolean }): Promise<TabInfo[]>;
  getTab(tabId: number): Promise<TabInfo | null>;
  navigateTab(tabId: number, url: string): Promise<void>;
  /** Opens a tab in the background: the user's own tab stays in front. */
  createTab(url: string): Promise<TabInfo>;
  /**
   * Resolves when the tab next finishes loading (or at the time limit, or when it closes). Start it before
   * a navigation; `orAlreadyLoaded` also counts a load that finished before the call (a new tab).
   */
  waitForLoad(tabId: number, timeoutMs: number, options?: { orAlreadyLoaded?: boolean }): Promise<"complete" | "timeout" | "closed">;
  /** Puts the tab into the window's group of the agent `name` (tab-group.ts), creating the group if there is none. */
  groupTab(tab: TabInfo, name: string): Promise<void>;
  /** Titles every group of the agent `name` as working or not. */
  retitleGroups(name: string, working: boolean): Promise<void>;
  /** A data: URL of the window's visible tab, as PNG. */
  captureVisibleTab(windowId: number): Promise<string>;
  executeFunc<A extends unknown[], R>(tabId: number, func: (...args: A) => R, args: A): Promise<Awaited<R> | undefined>;
  executeFile(tabId: number, file: string): Promise<unknown>;
  /**
   * The same in some frames of the tab (`frameIds`) or in every frame the extension may enter ("all"),
   * with each frame's answer. A frame without host access, or sandboxed, is left out by the browser.
   */
  executeFuncInFrames<A extends unknown[], R>(
    tabId: number,
    frames: number[] | "all",
    func: (...args: A) => R,
    args: A,
  ): Promise<Array<{ frameId: number; result: Awaited<R> | undefined }>>;
  executeFileInFrames(tabId: number, frameIds: number[] | "all", file: string): Promise<void>;
  /**
   * True when the tab began loading a document since the page tools last answered in its top document: they
   * are not there yet, so installing them first saves a call that would only say so.
   */
  newDocumentIn(tabId: number): boolean;
  /** The page tools answered in the tab's top document. */
  toolsAnswered(tabId: number): void;
  hasHostAccess(originPattern: string): Promise<boolean>;
  fileAccessAllowed(): Promise<boolean>;
  /** This extension's origin: `chrome-extension://<id>`. */
  ownOrigin: string;
}

function toInfo(tab: browser.Tabs.Tab): TabInfo {
  return {
    id: tab.id ?? -1,
    windowId: tab.windowId ?? -1,
    ...(tab.title !== undefined ? { title: tab.title } : {}),
    ...(tab.url !== undefined ? { url: tab.url } : {}),
    active: tab.active,
    groupId: (tab as { groupId?: number }).groupId ?? -1,
    ...(tab.status !== undefined ? { status: tab.status } : {}),
  };
}

export function extensionBrowserApi(): BrowserApi {
  const loading = new Set<number>();
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === "loading") loading.add(tabId);
  });
  browser.tabs.onRemoved.addListener((tabId) => loading.delete(tabId));
  const hostAccess = rememberedHostAccess(
    (originPattern) => browser.permissions.contains({ origins: [originPattern] }),
    (forget) => browser.permissions.onRemoved.addListener(forget),
  );
  return {
    ownOrigin: new URL(browser.runtime.getURL("/")).origin,
    async queryTabs(query) {
      return (await browser.tabs.query(query)).map(toInfo);
    },
    async getTab(tabId) {
      try {
        return toInfo(await browser.tabs.get(tabId));
      } catch {
        return null;
      }
    },
    async navigateTab(tabId, url) {
      await browser.tabs.update(tabId, { url });
    },
    async createTab(url) {
      return toInfo(await browser.tabs.create({ url, active: false }));
    },
    waitForLoad(tabId, timeoutMs, options) {
      return new Promise((resolve) => {
        const done = (result: "complete" | "timeout" | "closed") => {
          clearTimeout(timer);
          browser.tabs.onUpdated.removeListener(onUpdated);
          browser.tabs.onRemoved.removeListener(onRemoved);
          resolve(result);
        };
        const onUpdated = (id: number, change: browser.Tabs.OnUpdatedChangeInfoType) => {
          if (id === tabId && change.status === "complete") done("complete");
        };
        const onRemoved = (id: number) => id === tabId && done("closed");
        const timer = setTimeout(() => done("timeout"), timeoutMs);
        browser.tabs.onUpdated.addListener(onUpdated);
        browser.tabs.onRemoved.addListener(onRemoved);
        if (options?.orAlreadyLoaded) {
          browser.tabs.get(tabId).then(
            (tab) => tab.status === "complete" && tab.url !== "about:blank" && done("complete"),
            () => done("closed"),
          );
        }
      });
    },
    async groupTab(tab, name) {
      if (!platform.canGroupTabs()) return;
      const groups = await browser.tabGroups.query({ windowId: tab.windowId });
      const existing = groups.find((g) => isAgentGroup(g.title, name));
      const groupId = await browser.tabs.group({
        tabIds: [tab.id],
        ...(existing ? { groupId: existing.id } : { createProperties: { windowId: tab.windowId } }),
      });
      if (!existing) await browser.tabGroups.update(groupId, { title: name, color: "blue" });
    },
    async retitleGroups(name, working) {
      if (!platform.canGroupTabs()) return;
      const title = groupTitle(name, working);
      for (const group of await browser.tabGroups.query({})) {
        if (isAgentGroup(group.title, name) && group.title !== title) await browser.tabGroups.update(group.id, { title });
      }
    },
    captureVisibleTab(windowId) {
      return browser.tabs.captureVisibleTab(windowId, { format: "png" });
    },
    async executeFunc(tabId, func, args) {
      const [first] = await browser.scripting.executeScript({ target: { tabId }, func: func as (...a: unknown[]) => unknown, args });
      return first?.result as never;
    },
    async executeFile(tabId, file) {
      const [first] = await browser.scripting.executeScript({ target: { tabId }, files: [file] });
      return first?.result;
    },
    async executeFuncInFrames(tabId, frames, func, args) {
      const target = frames === "all" ? { tabId, allFrames: true } : { tabId, frameIds: frames };
      const results = await browser.scripting.executeScript({ target, func: func as (...a: unknown[]) => unknown, args });
      return results.map((r) => ({ frameId: r.frameId, result: r.result as never }));
    },
    async executeFileInFrames(tabId, frameIds, file) {
      const target = frameIds === "all" ? { tabId, allFrames: true } : { tabId, frameIds };
      await browser.scripting.executeScript({ target, files: [file] });
    },
    newDocumentIn: (tabId) => loading.has(tabId),
    toolsAnswered: (tabId) => void loading.delete(tabId),
    hasHostAccess: hostAccess,
    fileAccessAllowed() {
      return browser.extension.isAllowedFileSchemeAccess();
    },
  };
}
