/**
 * Fires the add-on's gesture listeners the way Firefox would on a menu click: through the e2e build's
 * `__gooseE2E` on the background page (extension/background/gesture-test-hook.ts), reached from an
 * add-on page with `runtime.getBackgroundPage()` (Firefox's MV2 background is a persistent page).
 */
import type { Page } from "puppeteer-core";

/** What a right-click → "Ask goose about selection" on the tab at `url` fires; evaluated in `extensionPage`. */
export async function clickAskGoose(extensionPage: Page, url: string, selectionText?: string): Promise<void> {
  await extensionPage.evaluate(
    async (url, selectionText) => {
      type Tab = { id?: number; url?: string };
      type Gestures = { clickMenu(info: Record<string, unknown>, tab: Tab): void };
      type Api = { tabs: { query(q: object): Promise<Tab[]> }; runtime: { getBackgroundPage(): Promise<{ __gooseE2E?: Gestures }> } };
      const api = (globalThis as unknown as { browser: Api }).browser;
      const tab = (await api.tabs.query({})).find((t) => t.url === url);
      if (!tab) throw new Error(`no tab shows ${url}`);
      const hook = (await api.runtime.getBackgroundPage()).__gooseE2E;
      if (!hook) throw new Error("the background has no __gooseE2E: not an e2e build?");
      hook.clickMenu(
        { menuItemId: "ask-goose-about-selection", pageUrl: url, frameId: 0, editable: false, ...(selectionText ? { selectionText } : {}) },
        tab,
      );
    },
    url,
    selectionText ?? "",
  );
}
