/**
 * Fires the add-on's gesture listeners as Firefox would on a menu click or a shortcut: through the e2e
 * build's `__gooseE2E` on the background page (extension/background/gesture-test-hook.ts), reached from
 * an add-on page with `runtime.getBackgroundPage()` (Firefox's MV2 background is a persistent page).
 * A headless browser cannot click a native menu or press a global shortcut itself.
 */
import type { Page } from "puppeteer-core";

type Gesture = { kind: "menu"; selectionText: string } | { kind: "command"; name: string };

/** Fires `gesture` for the tab showing `url`; evaluated in `extensionPage`, any page of the add-on. */
async function fire(extensionPage: Page, url: string, gesture: Gesture): Promise<void> {
  await extensionPage.evaluate(
    async (url, gesture) => {
      type Tab = { id?: number; url?: string };
      type Gestures = { clickMenu(info: Record<string, unknown>, tab: Tab): void; pressCommand(name: string, tab: Tab): void };
      type Api = { tabs: { query(q: object): Promise<Tab[]> }; runtime: { getBackgroundPage(): Promise<{ __gooseE2E?: Gestures }> } };
      const api = (globalThis as unknown as { browser: Api }).browser;
      const tab = (await api.tabs.query({})).find((t) => t.url === url);
      if (!tab) throw new Error(`no tab shows ${url}`);
      const hook = (await api.runtime.getBackgroundPage()).__gooseE2E;
      if (!hook) throw new Error("the background has no __gooseE2E: not an e2e build?");
      if (gesture.kind === "command") hook.pressCommand(gesture.name, tab);
      else {
        const { selectionText } = gesture;
        hook.clickMenu(
          {
            menuItemId: "ask-goose-about-selection",
            pageUrl: url,
            frameId: 0,
            editable: false,
            ...(selectionText ? { selectionText } : {}),
          },
          tab,
        );
      }
    },
    url,
    gesture,
  );
}

/** Right-click → "Ask goose about selection" on the tab at `url`; `selectionText` is the menu's own (flattened) copy. */
export function clickAskGoose(extensionPage: Page, url: string, selectionText = ""): Promise<void> {
  return fire(extensionPage, url, { kind: "menu", selectionText });
}

/** The quick-prompt shortcut (Alt+Shift+G) pressed with the tab at `url` in front. */
export function pressQuickPrompt(extensionPage: Page, url: string): Promise<void> {
  return fire(extensionPage, url, { kind: "command", name: "quick-prompt" });
}

type SidebarApi = { sidebarAction: { close(): Promise<void>; isOpen(details: object): Promise<boolean> } };
type BackgroundPage = { browser: SidebarApi };
type RuntimeApi = { runtime: { getBackgroundPage(): Promise<BackgroundPage> } };

/** Whether the add-on's sidebar is open in the current window (Firefox opens it when the add-on is installed). */
export function isSidebarOpen(extensionPage: Page): Promise<boolean> {
  return extensionPage.evaluate(() => (globalThis as unknown as { browser: SidebarApi }).browser.sidebarAction.isOpen({}));
}

/**
 * Closes the sidebar as a user would. Firefox lets sidebarAction.close() run only while handling user
 * input, so a button on `extensionPage` makes the call and puppeteer clicks it (a trusted click). The
 * button sits fixed on top, where the page's own layout cannot move it between aiming and clicking.
 */
export async function closeSidebarAsUser(extensionPage: Page): Promise<void> {
  await extensionPage.evaluate(() => {
    const button = document.body.appendChild(document.createElement("button"));
    button.id = "test-close-sidebar";
    button.textContent = "Close the sidebar";
    button.style.cssText = "position: fixed; inset: 0 auto auto 0; z-index: 2147483647; width: 200px; height: 40px";
    button.addEventListener("click", () => {
      (globalThis as unknown as { browser: SidebarApi }).browser.sidebarAction.close().then(
        () => button.setAttribute("data-result", "closed"),
        (e: unknown) => button.setAttribute("data-result", String(e)),
      );
    });
  });
  await extensionPage.click("#test-close-sidebar");
  const result = await extensionPage
    .waitForSelector("#test-close-sidebar[data-result]")
    .then((b) => b?.evaluate((el) => el.getAttribute("data-result")));
  if (result !== "closed") throw new Error(`sidebarAction.close() from a click failed: ${result}`);
}

/**
 * Replaces the background's sidebarAction.close with a counter, for a headless Firefox that shows no
 * sidebar to watch; returns a reader of the count.
 */
export async function countSidebarCloses(extensionPage: Page): Promise<() => Promise<number>> {
  await extensionPage.evaluate(async () => {
    const background = await (globalThis as unknown as { browser: RuntimeApi }).browser.runtime.getBackgroundPage();
    const calls: number[] = [];
    background.browser.sidebarAction.close = async () => {
      calls.push(Date.now());
    };
    (globalThis as unknown as { sidebarCloses: number[] }).sidebarCloses = calls;
  });
  return () => extensionPage.evaluate(() => (globalThis as unknown as { sidebarCloses: number[] }).sidebarCloses.length);
}
