/**
 * The queued messages, kept so a queue survives a restart of the background (the service worker
 * is stopped whenever Chromium likes). Written through on every change of the queue (before a
 * queued message's prompt is sent: background/persistence/queue-persistence.ts); read once at start.
 */
import { storage } from "wxt/utils/storage";
import type { ContentBlock } from "../acp/schema";
import type { QueuedMessage, QueueSlice } from "../state/sessions/queue-state";

/** What the background needs (tests give it an in-memory one). */
export interface QueueStorage {
  load(): Promise<QueueSlice>;
  save(queues: QueueSlice): Promise<void>;
}

const queueItem = storage.defineItem<unknown>("local:goose.messageQueue", { fallback: {} });

export const storedQueues: QueueStorage = {
  load: async () => validQueues(await queueItem.getValue()),
  save: (queues) => queueItem.setValue(queues),
};

/** What storage held, keeping only well-formed queues and messages (an older or damaged value loses nothing else). */
export function validQueues(value: unknown): QueueSlice {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const queues: QueueSlice = {};
  for (const [sessionId, queue] of Object.entries(value)) {
    const items = (queue as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) continue;
    const valid = items.filter(isMessage);
    if (valid.length > 0) queues[sessionId] = { items: valid, hold: "restarted" };
  }
  return queues;
}

function isMessage(value: unknown): value is QueuedMessage {
  const m = value as { id?: unknown; content?: unknown } | null;
  return (
    typeof m?.id === "string" &&
    Array.isArray(m.content) &&
    m.content.every((b: ContentBlock | null) => typeof b === "object" && b !== null && typeof b.type === "string")
  );
}
