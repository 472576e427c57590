/**
 * The open session tabs in storage.local (extension/storage/session-tabs.ts), and the background's
 * writer of them (background/persistence/tab-persistence.ts): restored once at start, every change written.
 */
// First: installs the fake browser the storage modules read when they load.
import "../../../helpers/dom/fake-browser";

import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createStore } from "../../../../extension/background/observable-store";
import { persistTabs } from "../../../../extension/background/persistence/tab-persistence";
import { initialAppState, reduceApp } from "../../../../extension/state/app";
import { type StoredTab, storedTabs, validTabs } from "../../../../extension/storage/session-tabs";

beforeEach(() => fakeBrowser.reset());

/** The writes go out in order on a promise chain. */
const written = () => new Promise((resolve) => setTimeout(resolve, 0));

const opened = (sessionId: string, title: string | null = null) =>
  ({ scope: "client", event: { type: "session_opened", sessionId, cwd: "/w", loading: false, title } }) as const;

describe("stored session tabs", () => {
  it("reads none when nothing is stored, and what was stored after, under its own key", async () => {
    expect(await storedTabs.load()).toEqual([]);
    await storedTabs.save([
      { sessionId: "a", title: "Fix it" },
      { sessionId: "b", title: null },
    ]);
    expect(await fakeBrowser.storage.local.get("goose.sessionTabs")).toEqual({
      "goose.sessionTabs": [
        { sessionId: "a", title: "Fix it" },
        { sessionId: "b", title: null },
      ],
    });
    expect(await storedTabs.load()).toEqual([
      { sessionId: "a", title: "Fix it" },
      { sessionId: "b", title: null },
    ]);
  });

  it("keeps only well-formed tabs, each session once, from a damaged value", () => {
    expect(validTabs("nope")).toEqual([]);
    expect(validTabs({ sessionId: "a" })).toEqual([]);
    expect(
      validTabs([
        { sessionId: "a", title: 3 },
        null,
        { sessionId: "" },
        { title: "x" },
        { sessionId: "a", title: "again" },
        { sessionId: "b", title: "B" },
      ]),
    ).toEqual([
      { sessionId: "a", title: null },
      { sessionId: "b", title: "B" },
    ]);
    expect(validTabs(Array.from({ length: 80 }, (_, i) => ({ sessionId: `s${i}`, title: null })))).toHaveLength(50);
  });
});

describe("the background keeps the tabs", () => {
  function memory(initial: StoredTab[]) {
    const saves: StoredTab[][] = [];
    return { saves, storage: { load: async () => initial, save: async (t: StoredTab[]) => void saves.push(t) } };
  }

  it("restores the stored tabs at start, then writes each change of the list or a title, not of unread", async () => {
    const store = createStore(initialAppState, reduceApp);
    const m = memory([{ sessionId: "old", title: "From before" }]);
    await persistTabs(store, m.storage);
    expect(store.get().client.tabs.map((t) => t.sessionId)).toEqual(["old"]);
    expect(m.saves).toEqual([]);

    store.dispatch(opened("s1"));
    await written();
    expect(m.saves.at(-1)).toEqual([
      { sessionId: "old", title: "From before" },
      { sessionId: "s1", title: null },
    ]);
    store.dispatch({
      scope: "client",
      event: { type: "session_update", sessionId: "s1", update: { sessionUpdate: "session_info_update", title: "Named" } },
    });
    await written();
    expect(m.saves.at(-1)?.[1]).toEqual({ sessionId: "s1", title: "Named" });
    const count = m.saves.length;
    store.dispatch(opened("s2"));
    store.dispatch({
      scope: "client",
      event: {
        type: "session_update",
        sessionId: "s1",
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "x" } },
      },
    });
    expect(store.get().client.tabs[1]?.unread).toBe(true);
    await written();
    expect(m.saves).toHaveLength(count + 1);
    store.dispatch({ scope: "client", event: { type: "tab_closed", sessionId: "old" } });
    await written();
    expect(m.saves.at(-1)?.map((t) => t.sessionId)).toEqual(["s1", "s2"]);
  });

  it("a tab opened while the stored list is read is kept after the restored ones and written", async () => {
    const store = createStore(initialAppState, reduceApp);
    const m = memory([{ sessionId: "old", title: null }]);
    const done = persistTabs(store, m.storage);
    store.dispatch(opened("early", "First"));
    await done;
    await written();
    expect(m.saves.at(-1)).toEqual([
      { sessionId: "old", title: null },
      { sessionId: "early", title: "First" },
    ]);
  });

  it("an unreadable store still writes the tabs from then on", async () => {
    const store = createStore(initialAppState, reduceApp);
    const saves: StoredTab[][] = [];
    await persistTabs(store, { load: () => Promise.reject(new Error("broken")), save: async (t) => void saves.push(t) });
    store.dispatch(opened("s1"));
    await written();
    expect(saves.at(-1)).toEqual([{ sessionId: "s1", title: null }]);
  });
});
