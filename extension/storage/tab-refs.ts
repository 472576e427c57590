/**
 * Per tab: the token of the document the agent last took refs from, and the next free ref number, so a
 * ref op names its document and refs never repeat within a tab. Kept in storage.session: it survives the
 * service worker sleeping, and is gone with the browser session.
 */
import { storage } from "wxt/utils/storage";

export interface TabRefs {
  token: string;
  next: number;
}

const tabRefsItem = storage.defineItem<Record<string, TabRefs>>("session:goose.browserTools.tabRefs", { fallback: {} });

export class TabRefStore {
  private async all(): Promise<Record<string, TabRefs>> {
    const raw = await tabRefsItem.getValue();
    return raw && typeof raw === "object" ? { ...raw } : {};
  }

  async get(tabId: number): Promise<TabRefs | undefined> {
    return (await this.all())[String(tabId)];
  }

  async set(tabId: number, refs: TabRefs): Promise<void> {
    const all = await this.all();
    const before = all[String(tabId)];
    all[String(tabId)] = { token: refs.token, next: Math.max(refs.next, before?.next ?? 1) };
    await tabRefsItem.setValue(all);
  }

  async forget(tabId: number): Promise<void> {
    const all = await this.all();
    if (!(String(tabId) in all)) return;
    delete all[String(tabId)];
    await tabRefsItem.setValue(all);
  }
}
