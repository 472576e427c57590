/**
 * The transcript's persistent list (extension/state/conversation/entry-list.ts) against a plain array doing the
 * same appends and last-entry replacements: same entries in the same order at every step, across
 * block boundaries, and every earlier version unchanged.
 */
import { describe, expect, it } from "vitest";
import {
  type EntryList,
  emptyEntries,
  entryArray,
  entryAt,
  entryCount,
  findEntry,
  lastEntry,
  pushEntry,
  replaceLastEntry,
  takeEntries,
} from "../../../../extension/state/conversation/entry-list";
import type { Entry } from "../../../../extension/state/sessions/client-state";

const notice = (id: string, text = id): Entry => ({ kind: "notice", id, tone: "info", text });

/** A small deterministic generator (mulberry32), so a failing seed can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("entry list", () => {
  it("reads like the array it models after any appends and replacements, and keeps every earlier version", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const next = random(seed);
      let list = emptyEntries;
      let model: Entry[] = [];
      const versions: { list: EntryList; model: Entry[] }[] = [];
      for (let step = 0; step < 300; step++) {
        const entry = notice(`e${step}`);
        if (model.length > 0 && next() < 0.4) {
          list = replaceLastEntry(list, entry);
          model = [...model.slice(0, -1), entry];
        } else {
          list = pushEntry(list, entry);
          model = [...model, entry];
        }
        versions.push({ list, model });
        expect(entryCount(list)).toBe(model.length);
        expect(lastEntry(list)).toBe(model.at(-1));
        const i = Math.floor(next() * model.length);
        expect(entryAt(list, i)).toBe(model[i]);
      }
      for (const v of versions) expect(entryArray(v.list)).toEqual(v.model);
      expect(entryAt(list, -1)).toBeUndefined();
      expect(entryAt(list, model.length)).toBeUndefined();
    }
  });

  it("finds the first match, in blocks and tail alike", () => {
    const list = Array.from({ length: 70 }, (_, i) => notice(`e${i}`, i % 33 === 5 ? "hit" : "miss")).reduce(pushEntry, emptyEntries);
    expect(findEntry(list, (e) => e.kind === "notice" && e.text === "hit")?.id).toBe("e5");
    expect(findEntry(list, (e) => e.id === "e69")?.id).toBe("e69");
    expect(findEntry(list, (e) => e.id === "nope")).toBeUndefined();
  });

  it("replacing the last entry of an empty list adds it", () => {
    expect(entryArray(replaceLastEntry(emptyEntries, notice("a")))).toEqual([notice("a")]);
    expect(entryCount(emptyEntries)).toBe(0);
    expect(lastEntry(emptyEntries)).toBeUndefined();
  });

  it("takes the first n entries at every cut, sharing whole blocks, and keeps working as a list after", () => {
    const all = Array.from({ length: 100 }, (_, i) => notice(`e${i}`));
    const list = all.reduce(pushEntry, emptyEntries);
    for (let n = 0; n <= 101; n++) {
      const taken = takeEntries(list, n);
      expect(entryArray(taken)).toEqual(all.slice(0, n));
      expect(entryCount(taken)).toBe(Math.min(n, 100));
      expect(lastEntry(taken)).toEqual(all[Math.min(n, 100) - 1]);
      // Whole blocks before the cut are the very same arrays.
      for (const [i, block] of taken.blocks.entries()) expect(block).toBe(list.blocks[i]);
      expect(entryArray(pushEntry(taken, notice("next")))).toEqual([...all.slice(0, n), notice("next")]);
    }
    expect(entryArray(list)).toEqual(all);
  });
});
