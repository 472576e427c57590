/**
 * Per tab: the token of the document the agent last took refs from, and the next free ref number, so a
 * ref op names its document and refs never repeat within a tab. Kept in storage.session: it survives the
 * service worker sleeping, and is gone with the browser session. The top document's token is `token`;
 * each other frame a snapshot reached has a number of its own (its refs are `f<number>e<n>`), kept with
 * the browser's frame id and its document's token.
 */
import { storage } from "wxt/utils/storage";

export interface FrameRefs {
  frameId: number;
  token: string;
}

export interface TabRefs {
  token: string;
  next: number;
  /** By frame number (the `2` of `f2e7`). */
  frames?: Record<string, FrameRefs>;
}

const tabRefsItem = storage.defineItem<Record<string, TabRefs>>("session:goose.browserTools.tabRefs", { fallback: {} });

/**
 * Only the background writes these, so it reads storage once per service-worker life and keeps the
 * copy: a tool call's refs cost no storage read (a round trip to the browser each, BENCHMARKS.md). A change
 * is in the copy at once and reaches storage in order, without holding up the call that made it: storage
 * only has to have it for the worker's next life.
 */
export class TabRefStore {
  private copy: Promise<Record<string, TabRefs>> | undefined;
  private writing: Promise<void> = Promise.resolve();

  private async all(): Promise<Record<string, TabRefs>> {
    this.copy ??= tabRefsItem.getValue().then(
      (raw) => (raw && typeof raw === "object" ? raw : {}),
      (e: unknown) => {
        this.copy = undefined;
        throw e;
      },
    );
    return { ...(await this.copy) };
  }

  private save(all: Record<string, TabRefs>): void {
    this.copy = Promise.resolve(all);
    this.writing = this.writing
      .then(() => tabRefsItem.setValue(all))
      .catch((e: unknown) => console.warn("goose: could not keep the tabs' element refs", e));
  }

  /** Settles once every change so far is in storage (or its write failed, logged). */
  written(): Promise<void> {
    return this.writing;
  }

  async get(tabId: number): Promise<TabRefs | undefined> {
    return (await this.all())[String(tabId)];
  }

  async set(tabId: number, refs: TabRefs): Promise<void> {
    const all = await this.all();
    const before = all[String(tabId)];
    const frames = { ...before?.frames, ...refs.frames };
    all[String(tabId)] = {
      token: refs.token,
      next: Math.max(refs.next, before?.next ?? 1),
      ...(Object.keys(frames).length > 0 ? { frames } : {}),
    };
    this.save(all);
  }

  async forget(tabId: number): Promise<void> {
    const all = await this.all();
    if (!(String(tabId) in all)) return;
    delete all[String(tabId)];
    this.save(all);
  }
}
