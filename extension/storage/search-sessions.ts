/**
 * Which sessions the full-text index holds (extension/search/): each session's number, from which its
 * documents' ids follow, and how many documents of it are in. Kept beside the index so a panel opened
 * later indexes only what is new; emptied with it when search is turned off.
 */
import { storage } from "wxt/utils/storage";

interface IndexedSession {
  key: number;
  docs: number;
}

export interface SearchRegistry {
  /** The number the next session gets. */
  next: number;
  sessions: Record<string, IndexedSession>;
}

export const EMPTY_REGISTRY: SearchRegistry = { next: 1, sessions: {} };

export const searchRegistryItem = storage.defineItem<SearchRegistry>("local:goose.searchIndexed", {
  fallback: EMPTY_REGISTRY,
});
