/**
 * What the extension keeps in browser storage: settings, the agent choice and session metadata
 * (storage.local), the context hand-over and drafts (storage.session). Runs the real modules on
 * WXT's in-memory fake browser; the hand-over is also run on a storage whose calls interleave.
 */
// First: installs the fake browser the storage modules read when they load.
import "../../../helpers/dom/fake-browser";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { DRAFT_PREFIX, Drafts, NO_SESSION } from "../../../../extension/panel/composer/drafts";
import type { PageContext } from "../../../../extension/state/conversation/page-context";
import { agentChoiceItem } from "../../../../extension/storage/agent-choice";
import {
  deliverContext,
  isDelivery,
  PENDING_PREFIX,
  type PendingContext,
  takeContexts,
} from "../../../../extension/storage/pending-context";
import { storedMeta } from "../../../../extension/storage/session-meta";
import { DEFAULT_SETTINGS, settingsItem } from "../../../../extension/storage/settings";

const selection = (id: string): PageContext => ({
  id,
  kind: "selection",
  title: "Rust ownership",
  url: "https://doc.rust-lang.org/",
  text: id,
});
const session = () => fakeBrowser.storage.session.get() as Promise<Record<string, unknown>>;

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.useRealTimers());

describe("settings and choices in storage.local", () => {
  it("reads defaults when nothing is stored, and what was stored after", async () => {
    expect(await settingsItem.getValue()).toEqual(DEFAULT_SETTINGS);
    expect(await agentChoiceItem.getValue()).toEqual({});
    expect(await storedMeta.load()).toEqual({ activeSessionId: null, modeBySession: {} });
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, notify: true });
    await agentChoiceItem.setValue({ profile: "claude", cwd: "/home/me" });
    // The keys are the ones earlier versions wrote, so existing users keep their settings.
    expect(await fakeBrowser.storage.local.get(["goose.settings", "goose.agentChoice"])).toEqual({
      "goose.settings": { ...DEFAULT_SETTINGS, notify: true },
      "goose.agentChoice": { profile: "claude", cwd: "/home/me" },
    });
    expect((await settingsItem.getValue()).notify).toBe(true);
  });

  it("session metadata keeps only the newest sessions' modes", async () => {
    const many = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`s${i}`, "auto"]));
    await storedMeta.save({ activeSessionId: "s249", modeBySession: many });
    const back = await storedMeta.load();
    expect(back.activeSessionId).toBe("s249");
    expect(Object.keys(back.modeBySession)).toHaveLength(200);
    expect(back.modeBySession.s249).toBe("auto");
    expect(back.modeBySession.s0).toBeUndefined();
  });
});

/** Makes every storage.session call yield a seeded-random number of times before and after it runs. */
function interleaveSessionStorage(seed: number): void {
  let x = seed;
  const rand = () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
  const yieldSome = async () => {
    for (let i = Math.floor(rand() * 6); i > 0; i--) await new Promise((r) => setImmediate(r));
  };
  const area = fakeBrowser.storage.session as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of ["get", "set", "remove"]) {
    const real = area[name]!.bind(area);
    area[name] = async (...args: unknown[]) => {
      await yieldSome();
      const result = await real(...args);
      await yieldSome();
      return result;
    };
  }
}

describe("context hand-over", () => {
  it("keeps items until a panel takes them, once each, oldest first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await deliverContext({ context: selection("c1") });
    vi.advanceTimersByTime(5);
    await deliverContext({ context: selection("c1") }); // the same item twice is one item
    vi.advanceTimersByTime(5);
    await deliverContext({ context: selection("c2"), sendWith: "Explain this." });
    const kept: PendingContext[][] = [];
    const taken = await takeContexts((items) => void kept.push(items));
    expect(taken.map((p) => [p.context.id, p.sendWith])).toEqual([
      ["c1", undefined],
      ["c2", "Explain this."],
    ]);
    expect(kept).toEqual([taken]);
    expect(await session()).toEqual({});
    expect(await takeContexts(() => undefined)).toEqual([]);
  });

  it("removes nothing when the panel could not keep the items", async () => {
    await deliverContext({ context: selection("c1") });
    await expect(takeContexts(() => Promise.reject(new Error("quota")))).rejects.toThrow("quota");
    expect(Object.keys(await session())).toEqual([`${PENDING_PREFIX}c1`]);
  });

  it("ignores malformed stored values and other keys", async () => {
    await fakeBrowser.storage.session.set({ [`${PENDING_PREFIX}x`]: { nope: true }, other: 1 });
    expect(await takeContexts(() => undefined)).toEqual([]);
    expect(await session()).toEqual({ other: 1 });
  });

  it("loses nothing when 75 deliveries and the panel's takes interleave", async () => {
    for (const seed of [1, 2, 3]) {
      fakeBrowser.reset();
      interleaveSessionStorage(seed);
      const ids = Array.from({ length: 75 }, (_, i) => `c${i}`);
      const got: string[] = [];
      let delivering = true;
      // Concurrent, and spread out over a while so that takes happen between them.
      const deliveries = Promise.all(
        ids.map(async (id, i) => {
          for (let n = 0; n < i; n++) await new Promise((r) => setImmediate(r));
          await deliverContext({ context: selection(id) });
        }),
      ).then(() => (delivering = false));
      // The panel takes one batch after another while deliveries are still arriving, then once more.
      let takes = 0;
      while (delivering) {
        const batch = await takeContexts((items) => void got.push(...items.map((p) => p.context.id)));
        if (batch.length > 0) takes++;
      }
      await deliveries;
      await takeContexts((items) => void got.push(...items.map((p) => p.context.id)));
      expect(takes).toBeGreaterThan(1);
      expect([...got].sort()).toEqual([...ids].sort());
      expect(await session()).toEqual({});
    }
  });

  it("tells a delivery from other storage changes", () => {
    expect(isDelivery({ [`${PENDING_PREFIX}c1`]: { newValue: {} } })).toBe(true);
    expect(isDelivery({ [`${PENDING_PREFIX}c1`]: {} })).toBe(false); // taken
    expect(isDelivery({ [`${DRAFT_PREFIX}s1`]: { newValue: {} } })).toBe(false);
  });
});

describe("drafts", () => {
  const stored = async (key: string) => (await session())[`${DRAFT_PREFIX}${key}`];

  it("keeps what was typed per session, written after a pause, and shows it again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const d = new Drafts(400);
    await d.load();
    d.watch();
    d.show("s1");
    d.text.value = "half a";
    d.text.value = "half a question";
    expect(await stored("s1")).toBeUndefined(); // still typing
    await vi.advanceTimersByTimeAsync(400);
    await d.flush();
    expect(await stored("s1")).toEqual({ text: "half a question", chips: [] });
    d.show("s2");
    expect(d.text.value).toBe("");
    d.text.value = "other";
    d.show("s1");
    expect(d.text.value).toBe("half a question");
    // A new page (a reload) finds both.
    await d.flush();
    const again = new Drafts(400);
    await again.load();
    again.show("s2");
    expect(again.text.value).toBe("other");
  });

  it("writes chips at once, and a sent draft is removed", async () => {
    const d = new Drafts(60_000);
    await d.load();
    d.watch();
    d.show("s1");
    d.chips.value = [selection("c1")];
    await d.flush();
    expect(await stored("s1")).toEqual({ text: "", chips: [selection("c1")] });
    d.chips.value = [];
    d.text.value = "";
    await d.flush();
    expect(await session()).toEqual({});
  });

  it("what was typed before a session existed comes along to the first session", async () => {
    const d = new Drafts(0);
    await d.load();
    d.watch();
    d.show(null);
    d.text.value = "question";
    d.chips.value = [selection("c1")];
    d.show("s1");
    expect(d.text.value).toBe("question");
    expect(d.chips.value.map((c) => c.id)).toEqual(["c1"]);
    await d.flush();
    expect(await stored(NO_SESSION)).toBeUndefined();
    expect(await stored("s1")).toEqual({ text: "question", chips: [selection("c1")] });
  });

  it("a draft edited before the stored ones are read is not overwritten by them", async () => {
    await fakeBrowser.storage.session.set({ [`${DRAFT_PREFIX}s1`]: { text: "old", chips: [] } });
    const d = new Drafts(0);
    d.watch();
    d.show("s1");
    d.text.value = "new";
    await d.load();
    expect(d.text.value).toBe("new");
  });
});
