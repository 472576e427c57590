/**
 * Opening a search result: which session, where in its transcript, and the words to mark. The History
 * view sets it; the transcript (panel/search-jump.ts) scrolls to the match once the session is on screen.
 */
import { signal } from "@preact/signals";
import { matchRanges } from "./snippet";

export interface JumpTarget {
  sessionId: string;
  /** The entry's position when it was indexed. */
  at: number;
  terms: string[];
}

export const jumpTarget = signal<JumpTarget | null>(null);

/**
 * The entry to show: the one at `at` if its text still has a term (a replay can shift positions a little),
 * else the nearest one that has; -1 when none does.
 */
export function locateMatch(texts: ReadonlyArray<string | null>, at: number, terms: string[]): number {
  const has = (i: number) => {
    const t = texts[i];
    return t != null && matchRanges(t, terms).length > 0;
  };
  for (let d = 0; d <= Math.max(at, texts.length); d++) {
    if (at - d >= 0 && at - d < texts.length && has(at - d)) return at - d;
    if (d > 0 && at + d < texts.length && has(at + d)) return at + d;
  }
  return -1;
}
