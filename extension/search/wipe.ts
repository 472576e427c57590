/**
 * Deleting the index (search turned off), from a panel or from the options page with no panel open, and
 * the lock every extension page takes before it writes the index. No FlexSearch here: the options page
 * deletes the database without loading the library.
 */
import { EMPTY_REGISTRY, searchRegistryItem } from "../storage/search-sessions";
import type { IndexerDeps } from "./indexer";

/** The IndexedDB database FlexSearch makes for our index ("flexsearch:" + the name search-index.ts gives). */
const SEARCH_DB_NAME = "flexsearch:goose-search";

const LOCK = "goose-search-index";

/** Runs `task` while no other extension page runs one (the lock is held until its promise settles). */
export function exclusive<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks.request(LOCK, task) as unknown as Promise<T>;
}

/** Deletes the database. A panel holding it open closes on the version change (the adapter does), then it goes. */
export function deleteSearchDatabase(idb: IDBFactory = indexedDB): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = idb.deleteDatabase(SEARCH_DB_NAME);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error("could not delete the search index"));
  });
}

/** Deletes the index and forgets what it held. */
export function wipe(deps: Pick<IndexerDeps, "registry" | "deleteDatabase" | "exclusive">): Promise<void> {
  return deps.exclusive(async () => {
    await deps.deleteDatabase();
    await deps.registry.setValue(EMPTY_REGISTRY);
  });
}

export function wipeSearchIndex(): Promise<void> {
  return wipe({ registry: searchRegistryItem, deleteDatabase: () => deleteSearchDatabase(), exclusive });
}
