/**
 * The action log in storage (extension/storage/action-log.ts) and its write-through from the
 * background's store (extension/background/persistence/action-log-persistence.ts), on WXT's in-memory fake
 * browser: a restarted background gets each session's log back, bounded, and a deleted session's log
 * is gone from storage too.
 */
// First: installs the fake browser the storage modules read when they load.
import "../../../helpers/dom/fake-browser";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createStore } from "../../../../extension/background/observable-store";
import { ActionLogPersistence, RECENT_MAX, WRITE_AFTER_MS } from "../../../../extension/background/persistence/action-log-persistence";
import { initialAppState, reduceApp } from "../../../../extension/state/app";
import type { ActionLogEntry } from "../../../../extension/state/browser-tools/action-log";
import {
  addedSince,
  boundedActionLog,
  STORED_PER_SESSION,
  STORED_SESSIONS,
  storedActionLog,
  validActionLog,
  withRecent,
} from "../../../../extension/storage/action-log";

const entry = (callId: string, at = 1_000): ActionLogEntry => ({
  callId,
  tool: "click",
  tab: { id: 4, title: "Sign up" },
  site: "example.com",
  element: 'button "Submit"',
  consent: "allow_once",
  ok: true,
  text: "Clicked.",
  at,
});

function background() {
  const store = createStore(initialAppState, reduceApp);
  const persistence = new ActionLogPersistence(store, storedActionLog);
  const logged = (sessionId: string, e: ActionLogEntry) =>
    store.dispatch({ scope: "tools", event: { type: "action_logged", sessionId, entry: e } });
  return { store, persistence, logged };
}

describe("the stored action log", () => {
  beforeEach(() => fakeBrowser.reset());

  it("is back after a restart of the background, entries as they were", async () => {
    const first = background();
    await first.persistence.restored;
    first.logged("s1", entry("a"));
    first.logged("s1", { ...entry("b", 2_000), consent: "deny", ok: false, text: "The user denied it." });
    first.logged("s2", entry("c"));
    await first.persistence.flush();

    const second = background();
    await second.persistence.restored;
    expect(second.store.get().tools.log).toEqual(first.store.get().tools.log);
    expect(second.store.get().tools.log.s1!.map((e) => [e.callId, e.consent])).toEqual([
      ["a", "allow_once"],
      ["b", "deny"],
    ]);
  });

  it("keeps what was logged while storage was read, after what storage held", async () => {
    const first = background();
    await first.persistence.restored;
    first.logged("s1", entry("a"));
    await first.persistence.flush();
    const second = background();
    second.logged("s1", entry("b", 3_000));
    await second.persistence.flush();
    expect(second.store.get().tools.log.s1!.map((e) => e.callId)).toEqual(["a", "b"]);
    const third = background();
    await third.persistence.restored;
    expect(third.store.get().tools.log.s1!.map((e) => e.callId)).toEqual(["a", "b"]);
  });

  it("drops a deleted session's log, in the state and in storage", async () => {
    const first = background();
    await first.persistence.restored;
    first.logged("s1", entry("a"));
    first.logged("s2", entry("b"));
    first.store.dispatch({ scope: "client", event: { type: "history_removed", sessionId: "s1" } });
    await first.persistence.flush();
    expect(Object.keys(first.store.get().tools.log)).toEqual(["s2"]);
    const second = background();
    await second.persistence.restored;
    expect(Object.keys(second.store.get().tools.log)).toEqual(["s2"]);
  });
});

/** What the two storage items hold now, by the session ids and call ids in them. */
async function stored(): Promise<{ whole: Record<string, string[]>; recent: Record<string, string[]> }> {
  const raw = await fakeBrowser.storage.local.get(["goose.actionLog", "goose.actionLog.recent"]);
  const ids = (log: unknown) =>
    Object.fromEntries(Object.entries((log ?? {}) as Record<string, ActionLogEntry[]>).map(([s, es]) => [s, es.map((e) => e.callId)]));
  return { whole: ids(raw["goose.actionLog"]), recent: ids(raw["goose.actionLog.recent"]) };
}

describe("writing the log as calls end", () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => vi.useRealTimers());

  it("keeps each new entry at once in the small item, and the whole log once changes have gathered", async () => {
    const first = background();
    await first.persistence.restored;
    first.logged("s1", entry("a"));
    await vi.advanceTimersByTimeAsync(0);
    expect(await stored()).toEqual({ whole: {}, recent: { s1: ["a"] } });
    first.logged("s1", entry("b", 2_000));
    first.logged("s2", entry("c", 3_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(await stored()).toEqual({ whole: {}, recent: { s1: ["a", "b"], s2: ["c"] } });
    // A background that restarts now still gets every entry.
    const second = background();
    await second.persistence.restored;
    expect(second.store.get().tools.log.s1!.map((e) => e.callId)).toEqual(["a", "b"]);

    fakeBrowser.reset();
    const third = background();
    await third.persistence.restored;
    third.logged("s1", entry("d"));
    await vi.advanceTimersByTimeAsync(WRITE_AFTER_MS - 1);
    expect((await stored()).whole).toEqual({});
    await vi.advanceTimersByTimeAsync(1);
    expect(await stored()).toEqual({ whole: { s1: ["d"] }, recent: {} });
    third.logged("s1", entry("e", 2_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(await stored()).toEqual({ whole: { s1: ["d"] }, recent: { s1: ["e"] } });
  });

  it("writes the whole log at once past RECENT_MAX recent entries, so the recent item stays small", async () => {
    const first = background();
    await first.persistence.restored;
    for (let i = 0; i < RECENT_MAX; i++) first.logged("s1", entry(`r${i}`, i));
    await vi.advanceTimersByTimeAsync(0);
    expect((await stored()).recent.s1).toHaveLength(RECENT_MAX);
    expect((await stored()).whole).toEqual({});
    first.logged("s1", entry("one-more", 99));
    await vi.advanceTimersByTimeAsync(0);
    expect((await stored()).recent).toEqual({});
    expect((await stored()).whole.s1).toHaveLength(RECENT_MAX + 1);
  });

  it("writes the whole log at once when a session's log is dropped, so its entries cannot come back", async () => {
    const first = background();
    await first.persistence.restored;
    first.logged("s1", entry("a"));
    first.logged("s2", entry("b"));
    await first.persistence.flush();
    first.logged("s1", entry("c"));
    await vi.advanceTimersByTimeAsync(0);
    expect(await stored()).toEqual({ whole: { s1: ["a"], s2: ["b"] }, recent: { s1: ["c"] } });
    first.store.dispatch({ scope: "client", event: { type: "history_removed", sessionId: "s1" } });
    await vi.advanceTimersByTimeAsync(0);
    expect(await stored()).toEqual({ whole: { s2: ["b"] }, recent: {} });
    const second = background();
    await second.persistence.restored;
    expect(Object.keys(second.store.get().tools.log)).toEqual(["s2"]);
  });
});

describe("addedSince and withRecent", () => {
  it("gives the entries added per session, or null when a session's log went", () => {
    const before = { s1: [entry("a")] };
    expect(addedSince(before, before)).toEqual({});
    expect(addedSince(before, { s1: [entry("a"), entry("b")], s2: [entry("c")] })).toEqual({ s1: [entry("b")], s2: [entry("c")] });
    expect(addedSince(before, { s2: [entry("c")] })).toBeNull();
  });

  it("puts the recent entries after the whole log's own, none twice, bounded", () => {
    expect(withRecent({ s1: [entry("a")] }, { s1: [entry("a"), entry("b")], s2: [entry("c")] })).toEqual({
      s1: [entry("a"), entry("b")],
      s2: [entry("c")],
    });
    const many = Array.from({ length: STORED_PER_SESSION }, (_, i) => entry(`w${i}`, i));
    expect(withRecent({ s1: many }, { s1: [entry("new", 99_999)] }).s1!.at(-1)!.callId).toBe("new");
    expect(withRecent({ s1: many }, { s1: [entry("new", 99_999)] }).s1).toHaveLength(STORED_PER_SESSION);
  });
});

describe("boundedActionLog and validActionLog", () => {
  it("keeps the most recently active sessions and each one's newest entries", () => {
    const log: Record<string, ActionLogEntry[]> = {};
    for (let s = 0; s < STORED_SESSIONS + 5; s++) log[`s${s}`] = [entry(`c${s}`, s)];
    log.big = Array.from({ length: STORED_PER_SESSION + 10 }, (_, i) => entry(`b${i}`, 10_000 + i));
    const kept = boundedActionLog(log);
    expect(Object.keys(kept)).toHaveLength(STORED_SESSIONS);
    expect(kept.s0).toBeUndefined(); // the least recent went first
    expect(kept.big).toHaveLength(STORED_PER_SESSION);
    expect(kept.big![0]!.callId).toBe("b10");
  });

  it("keeps only well-formed entries of what storage held", () => {
    expect(validActionLog(null)).toEqual({});
    expect(validActionLog([1])).toEqual({});
    const good = entry("a");
    const read = validActionLog({
      s1: [good, { callId: "x" }, { ...good, callId: "y", consent: "maybe" }, { ...good, callId: "z", extra: 1 }],
      s2: "no",
    });
    expect(read).toEqual({ s1: [good, { ...good, callId: "z" }] });
  });
});
