/**
 * e2e and bench builds only (`wxt build --mode e2e`): the index's own class on the panel's global, so the
 * bench (test/bench/search-bench.ts) builds and queries a large index in the very context the panel uses.
 */
import { SearchIndex } from "./search-index";

export function exposeSearchForTests(): void {
  (globalThis as unknown as { __gooseSearch: { open: typeof SearchIndex.open } }).__gooseSearch = {
    open: () => SearchIndex.open(),
  };
}
