/**
 * Opening and closing the side panel. `open` must be called synchronously inside the user's
 * gesture (a context-menu click, a shortcut): an await before it and Chrome refuses. Firefox has
 * a sidebar instead; `sidePanel.close` only exists in newer Chrome, so callers feature-detect.
 */
import browser from "webextension-polyfill";

/** Chrome-only: make the toolbar button open (and close) the side panel. */
export function openPanelOnActionClick(): void {
  const sidePanel = globalThis.chrome?.sidePanel;
  if (!sidePanel?.setPanelBehavior) return;
  sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error: unknown) => {
    console.warn("goose: could not set the side panel behaviour", error);
  });
}

export function openPanel(tab: { id?: number; windowId?: number } | undefined): void {
  const sidePanel = globalThis.chrome?.sidePanel;
  const done = (e: unknown) => console.warn("goose: could not open the side panel", e);
  if (sidePanel?.open) {
    const target = tab?.id !== undefined ? { tabId: tab.id } : { windowId: tab?.windowId ?? chrome.windows.WINDOW_ID_CURRENT };
    sidePanel.open(target).catch(done);
    return;
  }
  (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction?.open().catch(done);
}

export function canClosePanel(): boolean {
  return typeof (globalThis.chrome?.sidePanel as { close?: unknown } | undefined)?.close === "function";
}

export function closePanel(windowId: number | undefined): void {
  const sidePanel = globalThis.chrome?.sidePanel as { close?(o: { windowId: number }): Promise<void> } | undefined;
  if (windowId !== undefined)
    sidePanel?.close?.({ windowId }).catch((e: unknown) => console.warn("goose: could not close the side panel", e));
}
