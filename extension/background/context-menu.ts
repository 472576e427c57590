/**
 * "Ask goose about selection": opens the panel (synchronously, in the click's gesture), reads the
 * selection from the page with its line breaks, and hands it to the panel as a context chip.
 */
import browser from "webextension-polyfill";
import { readSelection } from "../context/read-tab";
import { platform } from "../platform";
import type { PageContext } from "../state/conversation/page-context";
import { deliverContext } from "../storage/pending-context";
import type { Settings } from "../storage/settings";

const MENU_ID = "ask-goose-about-selection";

export function registerContextMenu(): void {
  // removeAll first: onInstalled and a service-worker restart would otherwise create it twice.
  void browser.contextMenus
    .removeAll()
    .then(() => browser.contextMenus.create({ id: MENU_ID, title: "Ask goose about selection", contexts: ["selection"] }));
}

export interface MenuDeps {
  settings(): Promise<Settings>;
}

type ClickInfo = { menuItemId: string | number; selectionText?: string; pageUrl?: string; frameId?: number };
type ClickTab = { id?: number; windowId?: number; title?: string; url?: string };

export function onContextMenuClick(info: ClickInfo, tab: ClickTab | undefined, deps: MenuDeps): void {
  if (info.menuItemId !== MENU_ID) return;
  platform.openPanel(tab); // before any await: the browser needs the gesture
  void deliverSelection(info, tab, deps);
}

async function deliverSelection(info: ClickInfo, tab: ClickTab | undefined, deps: MenuDeps): Promise<void> {
  const read = tab?.id !== undefined ? await readSelection(tab.id, info.frameId ?? 0) : null;
  // Where scripting is refused (chrome:// pages, the Web Store, PDFs) the menu's own copy is all there is.
  const text = read?.trim() ? read : (info.selectionText ?? "");
  if (!text.trim()) return;
  const context: PageContext = {
    id: crypto.randomUUID(),
    kind: "selection",
    title: tab?.title ?? "",
    url: info.pageUrl ?? tab?.url ?? "",
    text,
  };
  const settings = await deps.settings();
  await deliverContext({ context, ...(settings.sendSelectionImmediately ? { sendWith: settings.defaultSelectionPrompt } : {}) });
}
