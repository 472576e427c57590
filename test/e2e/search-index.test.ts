/**
 * The index itself in the panel of the e2e build, over Chromium's real IndexedDB (the class the panel uses,
 * through its test hook): a turn added onto a session, newest first, a delete, a write repeated, and an index
 * an older version kept in FlexSearch's database dropped at start.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LONG } from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();
/** The build whose panel exposes the index class (extension/search/test-hook.ts). */
const E2E_BUILD = path.resolve(import.meta.dirname, "../../dist/extension/chrome-mv3-e2e");

/** Runs `steps` against the index in the panel; keys from 1000 on, clear of the panel's own sessions. */
function withIndex<T>(page: Page, steps: string): Promise<T> {
  return page.evaluate(`(async () => {
    const index = await globalThis.__gooseSearch.open();
    const doc = (sessionId, n, text) => ({ sessionId, n, at: n * 2, role: "agent", text });
    const hits = async (q) => (await index.search(q)).map((h) => h.sessionId + "@" + h.at);
    try { ${steps} } finally { index.close(); }
  })()`);
}

describe("the search index in IndexedDB", () => {
  it("finds a turn added onto a session, newest first, only where every word is in one message; a repeated write adds nothing twice; a delete removes the session", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    const page = await h.openPanel();
    await page.waitForFunction(() => "__gooseSearch" in globalThis);
    const r = await withIndex<Record<string, string[]>>(
      page,
      `
      await index.add([{ key: 1000, docs: [doc("a", 0, "The cache was cold"), doc("a", 1, "warm the cache")] }]);
      await index.add([{ key: 1001, docs: [doc("b", 0, "Cache keys differ")] }]);
      const before = await hits("cache");
      await index.add([{ key: 1000, docs: [doc("a", 2, "Déployé: cache hit at last")] }]);
      const turn = await hits("deploye cache");
      // Newer sessions with one of the words, or both in different messages: no match.
      await index.add([{ key: 1002, docs: [doc("c", 0, "hit now")] }]);
      await index.add([{ key: 1003, docs: [doc("d", 0, "cache"), doc("d", 1, "a hit")] }]);
      const join = await hits("hit cache");
      await index.removeSession(1002, 1);
      await index.removeSession(1003, 2);
      // Again, as after a crash between the write and the registry's update.
      await index.add([{ key: 1000, docs: [doc("a", 2, "Déployé: cache hit at last")] }]);
      const again = await hits("cache");
      await index.removeSession(1000, 3);
      return { before, turn, join, again, gone: await hits("cache"), stop: await hits("the"), none: await hits("  ") };
    `,
    );
    expect(r.before).toEqual(["b@0", "a@2", "a@0"]);
    expect(r.turn).toEqual(["a@4"]);
    expect(r.join).toEqual(["a@4"]);
    expect(r.again).toEqual(["b@0", "a@4", "a@2", "a@0"]);
    expect(r.gone).toEqual(["b@0"]);
    expect(r.stop).toEqual([]);
    expect(r.none).toEqual([]);
  });

  it("drops an index an older version kept in FlexSearch's database, and its registry, when a panel starts", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    const page = await h.openPanel();
    await page.waitForFunction(() => "__gooseSearch" in globalThis);
    await page.evaluate(async () => {
      await new Promise<void>((resolve, reject) => {
        const req = indexedDB.open("flexsearch:goose-search", 1);
        req.onupgradeneeded = () => req.result.createObjectStore("map");
        req.onsuccess = () => {
          req.result.close();
          resolve();
        };
        req.onerror = () => reject(req.error);
      });
      await chrome.storage.local.set({ "goose.searchIndexed": { next: 9, sessions: { old: { key: 3, docs: 40 } } } });
    });
    await page.reload();
    const state = () =>
      page.evaluate(async () => ({
        dbs: (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.startsWith("flexsearch")),
        registry: (await chrome.storage.local.get("goose.searchIndexed"))["goose.searchIndexed"] as unknown,
      }));
    await expect.poll(state, { timeout: LONG }).toEqual({ dbs: [], registry: { next: 1, sessions: {} } });
  });
});
