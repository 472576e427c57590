/** Origins the user allowed every browser-tool action on ("Allow on this site"), for this browser session. */
import { storage } from "wxt/utils/storage";

export const siteGrantsItem = storage.defineItem<string[]>("session:goose.browserTools.allowedSites", { fallback: [] });

/** Only the background writes the grants, so it reads them once per service-worker life (as tab-refs.ts). */
export class SiteGrants {
  private copy: Promise<string[]> | undefined;

  private list(): Promise<string[]> {
    this.copy ??= siteGrantsItem.getValue().then(
      (raw) => (Array.isArray(raw) ? raw.filter((o): o is string => typeof o === "string") : []),
      (e: unknown) => {
        this.copy = undefined;
        throw e;
      },
    );
    return this.copy;
  }

  async has(origin: string): Promise<boolean> {
    return (await this.list()).includes(origin);
  }

  async add(origin: string): Promise<void> {
    const list = await this.list();
    if (list.includes(origin)) return;
    const next = [...list, origin];
    this.copy = Promise.resolve(next);
    await siteGrantsItem.setValue(next);
  }
}
