/**
 * Deleting the index (search turned off), from a panel or from the options page with no panel open, and
 * the lock every extension page takes before it writes the index. Nothing of the index's code here: the
 * options page deletes the database without loading it.
 */
import { EMPTY_REGISTRY, searchRegistryItem } from "../storage/search-sessions";
import type { IndexerDeps } from "./indexer";

/** The index's IndexedDB database (search-index.ts). */
export const SEARCH_DB_NAME = "goose-search";

/** The database FlexSearch kept the index in before (BENCHMARKS.md "Full-text search"): deleted with it. */
const FLEXSEARCH_DB_NAME = "flexsearch:goose-search";

const LOCK = "goose-search-index";

/** Runs `task` while no other extension page runs one (the lock is held until its promise settles). */
export function exclusive<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks.request(LOCK, task) as unknown as Promise<T>;
}

function deleteDatabase(idb: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = idb.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error("could not delete the search index"));
  });
}

/** Deletes the database (and FlexSearch's, if an older version left it). A panel holding it open closes on the version change (idb.ts). */
export async function deleteSearchDatabase(idb: IDBFactory = indexedDB): Promise<void> {
  await deleteDatabase(idb, SEARCH_DB_NAME);
  await deleteDatabase(idb, FLEXSEARCH_DB_NAME);
}

/**
 * An index FlexSearch kept (before this version): deleted, and its registry with it, so the sessions it
 * held are indexed anew as panels show them. Nothing to do once it is gone.
 */
export async function dropFlexSearchIndex(idb: IDBFactory = indexedDB): Promise<void> {
  const names = (await idb.databases()).map((d) => d.name);
  if (!names.includes(FLEXSEARCH_DB_NAME)) return;
  await exclusive(async () => {
    await deleteDatabase(idb, FLEXSEARCH_DB_NAME);
    await searchRegistryItem.setValue(EMPTY_REGISTRY);
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
