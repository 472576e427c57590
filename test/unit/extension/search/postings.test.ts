import { describe, expect, it } from "vitest";
import {
  BUCKETS,
  bucketOf,
  byBucket,
  docPostings,
  docsWithAll,
  inAll,
  mergeList,
  mergeSession,
  type PackedLists,
} from "../../../../extension/search/postings";

describe("a session's lists", () => {
  it("gives each word the documents that have it, ascending, whatever order they come in", () => {
    const p = docPostings([
      { n: 2, text: "cache miss" },
      { n: 0, text: "the cache" },
      { n: 1, text: "deploy cache cache" },
    ]);
    expect(Object.fromEntries(p)).toEqual({ cache: [0, 1, 2], deploy: [1], miss: [2] });
  });

  it("appends a turn's documents after the ones a session had", () => {
    expect(Array.from(mergeList(Uint32Array.from([0, 3]), [5, 7])!)).toEqual([0, 3, 5, 7]);
    expect(Array.from(mergeList(undefined, [4])!)).toEqual([4]);
  });

  it("adds nothing twice when a write is repeated, and says when nothing changed", () => {
    expect(mergeList(Uint32Array.from([1, 2, 3]), [2, 3])).toBeNull();
    expect(Array.from(mergeList(Uint32Array.from([1, 3]), [2, 3])!)).toEqual([1, 2, 3]);
  });
});

describe("a session's packed lists", () => {
  /** Packed from plain lists the way the index does: merged into nothing. */
  const packed = (lists: Record<string, number[]>) => mergeSession(undefined, new Map(Object.entries(lists)))!.lists;
  const plain = (lists: PackedLists) =>
    Object.fromEntries(lists.w.split("\n").map((w, i) => [w, Array.from(lists.d.subarray(lists.o[i]!, lists.o[i + 1]!))]));

  it("takes a turn's words in: new words added, known ones appended, and says which words are new to the session", () => {
    const merged = mergeSession(
      packed({ cache: [0, 2], cold: [0] }),
      new Map([
        ["cache", [5]],
        ["deploy", [4, 5]],
      ]),
    )!;
    expect(plain(merged.lists)).toEqual({ cache: [0, 2, 5], cold: [0], deploy: [4, 5] });
    expect(merged.newWords).toEqual(["deploy"]);
  });

  it("says when a repeated write changes nothing", () => {
    expect(mergeSession(packed({ cache: [0, 2] }), new Map([["cache", [2]]]))).toBeNull();
  });

  it("gives the documents with every word of a query, latest first, none when a word is missing", () => {
    const lists = packed({ cache: [0, 2, 4, 7], deploy: [2, 7, 9], cold: [1], ca: [3] });
    expect(
      docsWithAll(
        ["cache", "deploy"].map(() => lists),
        ["cache", "deploy"],
      ),
    ).toEqual([7, 2]);
    expect(
      docsWithAll(
        ["deploy"].map(() => lists),
        ["deploy"],
      ),
    ).toEqual([9, 7, 2]);
    expect(
      docsWithAll(
        ["ca"].map(() => lists),
        ["ca"],
      ),
    ).toEqual([3]);
    expect(
      docsWithAll(
        ["cache", "cold"].map(() => lists),
        ["cache", "cold"],
      ),
    ).toEqual([]);
    expect(
      docsWithAll(
        ["cache", "nowhere"].map(() => lists),
        ["cache", "nowhere"],
      ),
    ).toEqual([]);
    expect(
      docsWithAll(
        ["cach"].map(() => lists),
        ["cach"],
      ),
    ).toEqual([]);
  });
});

describe("a session's records by word", () => {
  it("puts each word in one of BUCKETS records, always the same, and splits a write's lists by them", () => {
    const words = ["cache", "deploy", "cold", "warm", "key", "miss", "hit", "tab"];
    for (const w of words) {
      expect(bucketOf(w)).toBe(bucketOf(w));
      expect(bucketOf(w)).toBeGreaterThanOrEqual(0);
      expect(bucketOf(w)).toBeLessThan(BUCKETS);
    }
    // Spread, not all in one record.
    expect(new Set(words.map(bucketOf)).size).toBeGreaterThan(3);
    const split = byBucket(new Map(words.map((w, i) => [w, [i]])));
    for (const [b, lists] of split) for (const w of lists.keys()) expect(bucketOf(w)).toBe(b);
    expect([...split.values()].reduce((n, m) => n + m.size, 0)).toBe(words.length);
  });

  it("finds no document when a word's record is missing", () => {
    expect(docsWithAll([undefined], ["cache"])).toEqual([]);
  });
});

describe("the sessions with every word", () => {
  it("keeps the numbers in every list, highest first, and none for no lists", () => {
    expect(
      inAll([
        [1, 2, 5, 9],
        [2, 9, 11],
        [0, 2, 9],
      ]),
    ).toEqual([9, 2]);
    expect(inAll([[3, 4]])).toEqual([4, 3]);
    expect(inAll([[1, 2], []])).toEqual([]);
    expect(inAll([])).toEqual([]);
  });
});
