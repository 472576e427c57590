/**
 * Keeps the open session tabs in storage: reads them once at start (the tabs come back, their
 * sessions load when first shown), then writes each change of the list or a title, in order.
 */
import type { AppEvent, AppState } from "../../state/app";
import type { SessionTab } from "../../state/sessions/client-state";
import type { StoredTab, TabStorage } from "../../storage/session-tabs";
import type { Store } from "../observable-store";

export function persistTabs(
  store: Store<AppState, AppEvent>,
  storage: TabStorage,
  log?: (message: string, detail?: unknown) => void,
): Promise<void> {
  let written: SessionTab[] | null = null;
  let shape = "";
  let chain: Promise<void> = Promise.resolve();
  const write = (tabs: SessionTab[]) => {
    written = tabs;
    const stored: StoredTab[] = tabs.map(({ sessionId, title }) => ({ sessionId, title }));
    const next = JSON.stringify(stored);
    if (next === shape) return; // only `unread` changed: nothing stored
    shape = next;
    chain = chain.then(() => storage.save(stored)).catch((e) => log?.("could not save the session tabs", e));
  };
  const unread = (e: unknown): StoredTab[] => {
    log?.("could not read the session tabs", e);
    return [];
  };
  return storage
    .load()
    .catch(unread)
    .then((tabs) => {
      shape = JSON.stringify(tabs);
      if (tabs.length > 0) store.dispatch({ scope: "client", event: { type: "tabs_restored", tabs } });
      // Tabs opened while the list was read are written now, and every change after.
      write(store.get().client.tabs);
      store.subscribe((state) => {
        if (state.client.tabs !== written) write(state.client.tabs);
      });
    });
}
