/**
 * The action log in storage (extension/storage/action-log.ts) and its write-through from the
 * background's store (extension/background/persistence/action-log-persistence.ts), on WXT's in-memory fake
 * browser: a restarted background gets each session's log back, bounded, and a deleted session's log
 * is gone from storage too.
 */
// First: installs the fake browser the storage modules read when they load.
import "../../../helpers/dom/fake-browser";

import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createStore } from "../../../../extension/background/observable-store";
import { ActionLogPersistence } from "../../../../extension/background/persistence/action-log-persistence";
import { initialAppState, reduceApp } from "../../../../extension/state/app";
import type { ActionLogEntry } from "../../../../extension/state/browser-tools/action-log";
import {
  boundedActionLog,
  STORED_PER_SESSION,
  STORED_SESSIONS,
  storedActionLog,
  validActionLog,
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
