/** Chrome-only: make the toolbar button open (and close) the side panel. Firefox has no chrome.sidePanel. */
export function openPanelOnActionClick(): void {
  const sidePanel = globalThis.chrome?.sidePanel;
  if (!sidePanel?.setPanelBehavior) return;
  sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error: unknown) => {
    console.warn("goose: could not set the side panel behaviour", error);
  });
}
