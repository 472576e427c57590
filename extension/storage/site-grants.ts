/** Origins the user allowed every browser-tool action on ("Allow on this site"), for this browser session. */
import { storage } from "wxt/utils/storage";

export const siteGrantsItem = storage.defineItem<string[]>("session:goose.browserTools.allowedSites", { fallback: [] });

export class SiteGrants {
  private async list(): Promise<string[]> {
    const raw = await siteGrantsItem.getValue();
    return Array.isArray(raw) ? raw.filter((o): o is string => typeof o === "string") : [];
  }

  async has(origin: string): Promise<boolean> {
    return (await this.list()).includes(origin);
  }

  async add(origin: string): Promise<void> {
    const list = await this.list();
    if (!list.includes(origin)) await siteGrantsItem.setValue([...list, origin]);
  }
}
