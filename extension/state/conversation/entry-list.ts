/**
 * A session's transcript as a persistent list. Streaming replaces the last entry once per chunk;
 * copying a plain array for that made every chunk cost as much as the transcript was long. Here the
 * entries sit in full blocks of BLOCK, never changed once full and shared by every later version, and
 * a short tail (1..BLOCK entries, none when the list is empty) that is copied on change. So replacing
 * the last entry copies at most BLOCK slots, and appending copies the tail (plus, once every BLOCK
 * appends, the index of blocks). Plain frozen-safe arrays and objects: the list crosses structured
 * clone and JSON like the rest of the state, and a change never alters an earlier version.
 */
import type { Entry } from "../sessions/client-state";

const BLOCK = 32;

export interface EntryList {
  /** Full blocks of exactly BLOCK entries, oldest first. */
  readonly blocks: readonly (readonly Entry[])[];
  /** The newest entries after the blocks. */
  readonly tail: readonly Entry[];
}

export const emptyEntries: EntryList = { blocks: [], tail: [] };

export function entryCount(list: EntryList): number {
  return list.blocks.length * BLOCK + list.tail.length;
}

export function entryAt(list: EntryList, index: number): Entry | undefined {
  if (index < 0) return undefined;
  const block = Math.floor(index / BLOCK);
  return block < list.blocks.length ? list.blocks[block]![index % BLOCK] : list.tail[index - list.blocks.length * BLOCK];
}

/** The tail is empty only when the whole list is, so the last entry is always in it. */
export function lastEntry(list: EntryList): Entry | undefined {
  return list.tail.at(-1);
}

export function pushEntry(list: EntryList, entry: Entry): EntryList {
  if (list.tail.length < BLOCK) return { blocks: list.blocks, tail: [...list.tail, entry] };
  return { blocks: [...list.blocks, list.tail], tail: [entry] };
}

export function replaceLastEntry(list: EntryList, entry: Entry): EntryList {
  if (list.tail.length === 0) return pushEntry(list, entry);
  const tail = list.tail.slice();
  tail[tail.length - 1] = entry;
  return { blocks: list.blocks, tail };
}

export function findEntry(list: EntryList, test: (entry: Entry) => boolean): Entry | undefined {
  for (const block of list.blocks) {
    const found = block.find(test);
    if (found) return found;
  }
  return list.tail.find(test);
}

/** The list with the first entry that passes `test` replaced by `change(entry)`, copying only its block. */
export function replaceEntry(list: EntryList, test: (entry: Entry) => boolean, change: (entry: Entry) => Entry): EntryList {
  const b = list.blocks.findIndex((block) => block.some(test));
  if (b >= 0) {
    const blocks = list.blocks.slice();
    blocks[b] = list.blocks[b]!.map((e) => (test(e) ? change(e) : e));
    return { blocks, tail: list.tail };
  }
  const t = list.tail.findIndex(test);
  if (t < 0) return list;
  const tail = list.tail.slice();
  tail[t] = change(tail[t]!);
  return { blocks: list.blocks, tail };
}

/** Every entry, oldest first, in a new array (costs the list's length: for exports and tests, not per event). */
export function entryArray(list: EntryList): Entry[] {
  return [...list.blocks.flat(), ...list.tail];
}

/** The first `n` entries, sharing every full block that stays whole (a fork's transcript). */
export function takeEntries(list: EntryList, n: number): EntryList {
  if (n >= entryCount(list)) return list;
  if (n <= 0) return emptyEntries;
  const whole = Math.floor(n / BLOCK);
  const rest = n % BLOCK;
  // The tail is never empty while the list is not: a cut at a block's end keeps that block as the tail.
  if (rest === 0) return { blocks: list.blocks.slice(0, whole - 1), tail: list.blocks[whole - 1]! };
  const from = whole < list.blocks.length ? list.blocks[whole]! : list.tail;
  return { blocks: list.blocks.slice(0, whole), tail: from.slice(0, rest) };
}
