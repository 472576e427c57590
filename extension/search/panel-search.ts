/**
 * The panel's search: one indexer fed with every sessions map the panel gets, switched by the setting,
 * and the queries the History view makes. Started once by the side panel's entry point.
 */
import { effect, signal } from "@preact/signals";
import { searchRegistryItem } from "../storage/search-sessions";
import { settingsItem } from "../storage/settings";
import { sessions } from "../view/state-signals";
import { type IndexerDeps, SearchIndexer } from "./indexer";
import { type SearchHit, SearchIndex } from "./search-index";
import { deleteSearchDatabase, dropFlexSearchIndex, exclusive } from "./wipe";

/** Whether full-text search is on (the setting), once read. */
export const searchEnabled = signal<boolean | null>(null);

const deps: IndexerDeps = {
  open: () => SearchIndex.open(),
  registry: searchRegistryItem,
  deleteDatabase: () => deleteSearchDatabase(),
  exclusive,
  log: (message, detail) => console.warn(`goose: ${message}`, detail ?? ""),
};

const indexer = new SearchIndexer(deps);

export function startSearch(): void {
  // First an index an older version left (its registry would say sessions are in that are not).
  void dropFlexSearchIndex()
    .catch((error) => deps.log("search index", error))
    .then(follow);
}

function follow(): void {
  const apply = (on: boolean) => {
    searchEnabled.value = on;
    void indexer.setEnabled(on).then(() => indexer.observe(sessions.peek()));
  };
  void settingsItem.getValue().then((s) => apply(s.search));
  settingsItem.watch((s) => apply(s?.search ?? true));
  effect(() => {
    const all = sessions.value;
    if (searchEnabled.peek()) void indexer.observe(all);
  });
}

export function searchMessages(query: string, limit?: number): Promise<SearchHit[]> {
  return indexer.search(query, limit);
}

/** A session deleted in History leaves the index. */
export function forgetSearchSession(sessionId: string): void {
  void indexer.forget(sessionId);
}
