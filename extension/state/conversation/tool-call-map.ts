/**
 * A session's tool cards by toolCallId, as a persistent map. One record copied on every tool_call and
 * tool_call_update made a change cost as much as the session had cards, so replaying a session cost
 * the square of its tool calls (1,000 calls: 0.7 s of the background's time). Here the cards are
 * spread over BUCKETS records by a hash of their id: a change copies one bucket and the short list of
 * buckets, and the panel re-reads only the buckets that changed. Plain arrays and records, so the map
 * crosses structured clone and JSON like the rest of the state; never mutated, so an earlier state
 * keeps its cards. The hash is fixed, so the background and every panel place a card alike.
 */
import type { ToolCallState } from "../sessions/client-state";

const BUCKETS = 32;

export interface ToolCallMap {
  /** BUCKETS records of cards by toolCallId; a card is in the bucket its id hashes to. */
  readonly buckets: readonly Readonly<Record<string, ToolCallState>>[];
}

export const emptyToolCalls: ToolCallMap = { buckets: Array.from({ length: BUCKETS }, () => ({})) };

/** FNV-1a over the id's UTF-16 units. */
function bucketOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}

export function toolCallOf(map: ToolCallMap, id: string): ToolCallState | undefined {
  const bucket = map.buckets[bucketOf(id)]!;
  // Own keys only: an id such as "constructor" must not find Object.prototype's.
  return Object.hasOwn(bucket, id) ? bucket[id] : undefined;
}

/** The map with `card` set under its toolCallId. */
export function withToolCall(map: ToolCallMap, card: ToolCallState): ToolCallMap {
  const b = bucketOf(card.toolCallId);
  const buckets = map.buckets.slice();
  buckets[b] = { ...map.buckets[b], [card.toolCallId]: card };
  return { buckets };
}

/** Every card through `change`; copies only the buckets where a card changed, and gives `map` back when none did. */
export function mapToolCalls(map: ToolCallMap, change: (card: ToolCallState) => ToolCallState): ToolCallMap {
  let buckets: Readonly<Record<string, ToolCallState>>[] | null = null;
  map.buckets.forEach((bucket, b) => {
    const changed: [string, ToolCallState][] = [];
    for (const [id, card] of Object.entries(bucket)) {
      const next = change(card);
      if (next !== card) changed.push([id, next]);
    }
    if (changed.length === 0) return;
    buckets ??= map.buckets.slice();
    // Spread, not assignment: an id "__proto__" stays a key.
    buckets[b] = { ...bucket, ...Object.fromEntries(changed) };
  });
  return buckets === null ? map : { buckets };
}

/** Every card, in no particular order. */
export function toolCallList(map: ToolCallMap): ToolCallState[] {
  return map.buckets.flatMap((bucket) => Object.values(bucket));
}
