/**
 * The quick-prompt shortcut: opens the panel with the composer focused and the page's selection, if
 * any, attached; pressed while a panel is open it closes it where the browser can.
 */

import { readSelection } from "../context/read-tab";
import { QUICK_PROMPT } from "../context/shortcut-binding";
import { platform } from "../platform";
import { deliverContext } from "../storage/pending-context";

export interface ShortcutDeps {
  panelsOpen(): number;
}

type ShortcutTab = { id?: number; windowId?: number; title?: string; url?: string };

export function onShortcut(command: string, tab: ShortcutTab | undefined, deps: ShortcutDeps): void {
  if (command !== QUICK_PROMPT) return;
  if (deps.panelsOpen() > 0 && platform.canClosePanel()) {
    platform.closePanel(tab?.windowId);
    return;
  }
  platform.openPanel(tab); // before any await: the browser needs the gesture
  void attachSelection(tab);
}

async function attachSelection(tab: ShortcutTab | undefined): Promise<void> {
  if (tab?.id === undefined) return;
  const text = await readSelection(tab.id);
  if (!text?.trim()) return;
  await deliverContext({
    context: { id: crypto.randomUUID(), kind: "selection", title: tab.title ?? "", url: tab.url ?? "", text },
  });
}
