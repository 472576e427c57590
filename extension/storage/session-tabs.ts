/**
 * The panel's open session tabs, in order, with the title last known: kept so the tabs come back
 * after the browser restarts (background/persistence/tab-persistence.ts writes every change and reads them once
 * at start). Only ids and titles: each session's transcript is the agent's, loaded when first shown.
 */
import { storage } from "wxt/utils/storage";

export interface StoredTab {
  sessionId: string;
  title: string | null;
}

/** What the background needs (tests give it an in-memory one). */
export interface TabStorage {
  load(): Promise<StoredTab[]>;
  save(tabs: StoredTab[]): Promise<void>;
}

/** More tabs than anyone keeps open; a longer stored list is cut to its first ones. */
const MAX_TABS = 50;

const tabsItem = storage.defineItem<unknown>("local:goose.sessionTabs", { fallback: [] });

export const storedTabs: TabStorage = {
  load: async () => validTabs(await tabsItem.getValue()),
  save: (tabs) => tabsItem.setValue(tabs.slice(0, MAX_TABS).map(({ sessionId, title }) => ({ sessionId, title }))),
};

/** What storage held, keeping only well-formed tabs, each session once (a damaged value loses nothing else). */
export function validTabs(value: unknown): StoredTab[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const tabs: StoredTab[] = [];
  for (const t of value as { sessionId?: unknown; title?: unknown }[]) {
    if (typeof t?.sessionId !== "string" || t.sessionId === "" || seen.has(t.sessionId)) continue;
    seen.add(t.sessionId);
    tabs.push({ sessionId: t.sessionId, title: typeof t.title === "string" ? t.title : null });
    if (tabs.length === MAX_TABS) break;
  }
  return tabs;
}
