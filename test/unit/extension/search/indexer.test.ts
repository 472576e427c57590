/**
 * The indexer over a fake index that keeps documents in a map and answers a query with the documents
 * holding every word: what is indexed when, a delete, and the setting turned off and on again. The real
 * FlexSearch index in IndexedDB is driven by test/e2e/search.test.ts and the bench.
 */
// First: installs the fake browser the storage modules read when they load.
import "../../../helpers/dom/fake-browser";

import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { type IndexHandle, SearchIndexer } from "../../../../extension/search/indexer";
import type { SearchHit } from "../../../../extension/search/search-index";
import type { ClientState } from "../../../../extension/state/sessions/client-state";
import { EMPTY_REGISTRY, searchRegistryItem } from "../../../../extension/storage/search-sessions";
import { agentChunk, promptSent, run, S, upd, withSession } from "../../../helpers/client-reducer-fixtures";

const finished = { type: "prompt_finished", sessionId: S, stopReason: "end_turn" } as const;

class FakeIndex implements IndexHandle {
  docs = new Map<number, SearchHit>();
  commits = 0;
  closed = false;
  async add(batch: Parameters<IndexHandle["add"]>[0]) {
    for (const { key, docs } of batch)
      for (const d of docs) this.docs.set(key * 2 ** 20 + d.n, { sessionId: d.sessionId, at: d.at, role: d.role, text: d.text });
    this.commits++;
  }
  async removeSession(key: number, count: number) {
    for (let n = 0; n < count; n++) this.docs.delete(key * 2 ** 20 + n);
  }
  async search(query: string) {
    const words = query.toLowerCase().split(/\s+/);
    return [...this.docs.values()].filter((d) => words.every((w) => d.text.toLowerCase().split(/\W+/).includes(w)));
  }
  close() {
    this.closed = true;
  }
}

let index: FakeIndex;
let deleted: number;
let indexer: SearchIndexer;

beforeEach(() => {
  fakeBrowser.reset();
  index = new FakeIndex();
  deleted = 0;
  indexer = new SearchIndexer({
    open: async () => index,
    registry: searchRegistryItem,
    deleteDatabase: async () => {
      deleted++;
      index = new FakeIndex();
    },
    exclusive: (task) => task(),
    log: (message, detail) => {
      throw new Error(`${message}: ${String(detail)}`);
    },
  });
});

const texts = async (query: string) => (await indexer.search(query)).map((h) => h.text);
const sessions = (state: ClientState) => state.sessions;

describe("the search indexer", () => {
  it("indexes a turn once it ended, once, and what the next turn adds", async () => {
    await indexer.setEnabled(true);
    const running = withSession(promptSent("where is the quokka"), upd(agentChunk("looking")));
    await indexer.observe(sessions(running));
    expect(index.docs.size).toBe(0);
    const ended = run(running, finished);
    await indexer.observe(sessions(ended));
    await indexer.observe(sessions(ended));
    expect(index.commits).toBe(1);
    expect(await texts("quokka")).toEqual(["where is the quokka"]);
    await indexer.observe(sessions(run(ended, promptSent("and the lantern"), upd(agentChunk("lantern found")), finished)));
    expect(await texts("lantern")).toEqual(["and the lantern", "lantern found"]);
    expect((await searchRegistryItem.getValue()).sessions[S]).toEqual({ key: 1, docs: 4 });
  });

  it("a panel opened later adds only what the index lacks", async () => {
    await indexer.setEnabled(true);
    const state = withSession(promptSent("one"), upd(agentChunk("a")), finished);
    await indexer.observe(sessions(state));
    const again = new SearchIndexer({
      open: async () => index,
      registry: searchRegistryItem,
      deleteDatabase: async () => undefined,
      exclusive: (task) => task(),
      log: () => undefined,
    });
    await again.setEnabled(true);
    await again.observe(sessions(run(state, promptSent("two"), finished)));
    expect([...index.docs.values()].map((d) => d.text)).toEqual(["one", "a", "two"]);
  });

  it("removes a deleted session's documents and forgets it", async () => {
    await indexer.setEnabled(true);
    await indexer.observe(sessions(withSession(promptSent("quokka"), finished)));
    await indexer.forget(S);
    expect(index.docs.size).toBe(0);
    expect(await searchRegistryItem.getValue()).toEqual({ next: 2, sessions: {} });
  });

  it("turned off: deletes the index and its registry, indexes nothing, finds nothing; on again: starts anew", async () => {
    await indexer.setEnabled(true);
    const state = withSession(promptSent("quokka"), finished);
    await indexer.observe(sessions(state));
    await indexer.setEnabled(false);
    expect(deleted).toBe(1);
    expect(await searchRegistryItem.getValue()).toEqual(EMPTY_REGISTRY);
    await indexer.observe(sessions(run(state, promptSent("lantern"), finished)));
    expect(index.docs.size).toBe(0);
    expect(await indexer.search("quokka")).toEqual([]);

    await indexer.setEnabled(true);
    await indexer.observe(sessions(run(state, promptSent("lantern"), finished)));
    expect(await texts("quokka")).toEqual(["quokka"]);
    expect(await texts("lantern")).toEqual(["lantern"]);
  });
});
