/**
 * The index's lists, pure: for each word of a session, which of its documents have it (their `n`,
 * ascending). A turn's end rewrites only that session's lists, and a delete drops them, whatever the size
 * of the index (see BENCHMARKS.md "Full-text search").
 */
import type { SearchDoc } from "./session-docs";
import { indexTerms } from "./terms";

/** The words of `docs` (one session's), each with the documents that have it, ascending. */
export function docPostings(docs: ReadonlyArray<Pick<SearchDoc, "n" | "text">>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const { n, text } of [...docs].sort((a, b) => a.n - b.n)) {
    for (const term of indexTerms(text)) {
      const list = out.get(term);
      if (list) list.push(n);
      else out.set(term, [n]);
    }
  }
  return out;
}

/**
 * `old` with `added` in, ascending and without repeats (a write repeated after a crash, before the
 * registry saw it, adds nothing twice); null when nothing changes.
 */
export function mergeList(old: ArrayLike<number> | undefined, added: readonly number[]): Uint32Array | null {
  if (!old || old.length === 0) return Uint32Array.from(added);
  const last = old[old.length - 1]!;
  // The usual case: a session only grows, so its new documents come after the ones it had.
  if (added[0]! > last) {
    const out = new Uint32Array(old.length + added.length);
    out.set(old);
    out.set(added, old.length);
    return out;
  }
  const all = new Set<number>(Array.from(old));
  const before = all.size;
  for (const n of added) all.add(n);
  return all.size === before ? null : Uint32Array.from([...all].sort((a, b) => a - b));
}

/** The numbers in every one of `lists` (each ascending), highest first. */
export function inAll(lists: ReadonlyArray<ArrayLike<number>>): number[] {
  if (lists.length === 0) return [];
  // Start from the shortest: every other list only narrows it.
  const [first, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  let found = Array.from(first!);
  for (const list of rest) {
    const has = new Set(Array.from(list));
    found = found.filter((x) => has.has(x));
  }
  return found.sort((a, b) => b - a);
}

/**
 * A session's lists, packed so a query reads three values, not thousands: its words in order, one per line
 * (a word never holds a line break: terms.ts), and all its lists one after another in `d`, the i-th word's
 * from `o[i]` to `o[i + 1]`.
 */
export interface PackedLists {
  w: string;
  o: Uint32Array;
  d: Uint32Array;
}

function unpack(packed: PackedLists | undefined): Map<string, Uint32Array> {
  const lists = new Map<string, Uint32Array>();
  if (!packed) return lists;
  packed.w.split("\n").forEach((word, i) => {
    lists.set(word, packed.d.subarray(packed.o[i]!, packed.o[i + 1]!));
  });
  return lists;
}

function pack(lists: ReadonlyMap<string, ArrayLike<number>>): PackedLists {
  const words = [...lists.keys()].sort();
  const o = new Uint32Array(words.length + 1);
  words.forEach((word, i) => {
    o[i + 1] = o[i]! + lists.get(word)!.length;
  });
  const d = new Uint32Array(o[words.length]!);
  words.forEach((word, i) => {
    d.set(lists.get(word)!, o[i]!);
  });
  return { w: words.join("\n"), o, d };
}

/** The session's lists with `postings` (its new documents' words) in, and the words it did not have; null when nothing changes. */
export function mergeSession(
  old: PackedLists | undefined,
  postings: ReadonlyMap<string, number[]>,
): { lists: PackedLists; newWords: string[] } | null {
  const lists = unpack(old);
  const newWords: string[] = [];
  let changed = false;
  for (const [t, ns] of postings) {
    const had = lists.get(t);
    const merged = mergeList(had, ns);
    if (!merged) continue;
    if (!had) newWords.push(t);
    lists.set(t, merged);
    changed = true;
  }
  return changed ? { lists: pack(lists), newWords } : null;
}

/**
 * A session's lists are kept in this many records by their words' hash, so a query reads only the records of
 * its words (a sixteenth of the session each), while a turn rewrites at most all of them.
 */
export const BUCKETS = 16;

/** Which of a session's records holds `word`'s list (FNV-1a over its UTF-16 units). */
export function bucketOf(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return (h >>> 0) % BUCKETS;
}

/** `postings` split by bucket. */
export function byBucket(postings: ReadonlyMap<string, number[]>): Map<number, Map<string, number[]>> {
  const out = new Map<number, Map<string, number[]>>();
  for (const [t, ns] of postings) {
    const b = bucketOf(t);
    const m = out.get(b) ?? new Map<string, number[]>();
    m.set(t, ns);
    out.set(b, m);
  }
  return out;
}

/** One word's list in a packed session, or null. */
function listOf(packed: PackedLists, word: string): Uint32Array | null {
  const at = `\n${packed.w}\n`.indexOf(`\n${word}\n`);
  if (at < 0) return null;
  let i = 0;
  for (let c = packed.w.indexOf("\n"); c >= 0 && c < at; c = packed.w.indexOf("\n", c + 1)) i++;
  return packed.d.subarray(packed.o[i]!, packed.o[i + 1]!);
}

/** The documents of a session that have every one of `words`, latest first; `packed[i]` holds `words[i]`'s list, if any. */
export function docsWithAll(packed: ReadonlyArray<PackedLists | undefined>, words: readonly string[]): number[] {
  const lists: Uint32Array[] = [];
  for (const [i, word] of words.entries()) {
    const record = packed[i];
    const list = record ? listOf(record, word) : null;
    if (!list) return [];
    lists.push(list);
  }
  return inAll(lists);
}
