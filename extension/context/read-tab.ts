/**
 * Reading from the user's tab, only ever on their gesture (context menu, shortcut, a panel button):
 * the selection with its line breaks (the menu's `selectionText` flattens them), the readable page,
 * a screenshot. Needs activeTab's grant, which those gestures give; chrome:// pages, the Web Store
 * and PDFs refuse scripting, and callers fall back or explain.
 */
import browser from "webextension-polyfill";
import { capText, type PageContext } from "../state/conversation/page-context";
import type { ExtractedPage } from "./extracted-page";

export async function readSelection(tabId: number, frameId = 0): Promise<string | null> {
  try {
    const [first] = await browser.scripting.executeScript({
      target: { tabId, frameIds: [frameId] },
      func: () => window.getSelection()?.toString() ?? "",
    });
    return typeof first?.result === "string" ? first.result : null;
  } catch {
    return null;
  }
}

export class TabReadError extends Error {}

export async function readPage(tab: { id?: number; title?: string; url?: string }): Promise<PageContext> {
  if (tab.id === undefined) throw new TabReadError("There is no page to read in this window.");
  let page: ExtractedPage | undefined;
  try {
    const [first] = await browser.scripting.executeScript({ target: { tabId: tab.id }, files: ["/extract-page.js"] });
    page = first?.result as ExtractedPage | undefined;
  } catch (e) {
    throw new TabReadError(cannotRead(tab.url, e));
  }
  if (!page || typeof page.markdown !== "string") throw new TabReadError("The page gave no readable text.");
  const capped = capText(page.markdown);
  return {
    id: crypto.randomUUID(),
    kind: "page",
    title: page.title || tab.title || page.url,
    url: page.url || tab.url || "",
    text: capped.text,
    truncated: capped.truncated,
    originalChars: capped.originalChars,
  };
}

export async function captureScreenshot(tab: { windowId?: number; title?: string; url?: string }): Promise<PageContext> {
  let dataUrl: string;
  try {
    // JPEG keeps a full-window capture small enough to travel comfortably; the model reads it fine.
    dataUrl = await browser.tabs.captureVisibleTab(tab.windowId ?? browser.windows.WINDOW_ID_CURRENT, { format: "jpeg", quality: 85 });
  } catch (e) {
    throw new TabReadError(cannotRead(tab.url, e));
  }
  const [, mimeType = "image/jpeg", data = ""] = /^data:([^;]+);base64,(.*)$/.exec(dataUrl) ?? [];
  return { id: crypto.randomUUID(), kind: "screenshot", title: tab.title ?? "", url: tab.url ?? "", data, mimeType };
}

function cannotRead(url: string | undefined, e: unknown): string {
  if (url && /^(chrome|edge|brave|about|chrome-extension|moz-extension|view-source):/.test(url))
    return "Browser pages like this one cannot be read by extensions.";
  if (url && /chromewebstore\.google\.com|chrome\.google\.com\/webstore/.test(url))
    return "The Chrome Web Store cannot be read by extensions.";
  if (url && /^https:\/\/addons\.mozilla\.org\//.test(url)) return "Firefox's add-ons site cannot be read by extensions.";
  const why = e instanceof Error ? e.message : String(e);
  if (/permission|Cannot access/i.test(why)) {
    return (
      "goose may only read the page you opened it on. " +
      "Click the goose toolbar button (or use its shortcut) on this page, then try again."
    );
  }
  return `The page could not be read: ${why}`;
}
