/**
 * Merging a batch of events before it crosses the panel port. An agent streams a message as many
 * small text chunks; consecutive chunks of one message become one event carrying their joined text,
 * which the reducer turns into exactly the state the separate chunks would give
 * (test/unit/extension/state/event-batch.test.ts checks that against the reducer).
 */
import type { ContentBlock } from "../acp/schema";
import type { AppEvent } from "./app";
import { type ChunkUpdate, isChunkUpdate } from "./client-reducer/text-chunks";

type TextChunkEvent = {
  scope: "client";
  event: { type: "session_update"; sessionId: string; update: ChunkUpdate & { content: Extract<ContentBlock, { type: "text" }> } };
};

/** Joins runs of consecutive text chunks of the same message (same session, kind and messageId); keeps order. */
export function mergeChunkEvents(events: readonly AppEvent[]): AppEvent[] {
  const out: AppEvent[] = [];
  for (const event of events) {
    const last = out.at(-1);
    if (last !== undefined && isTextChunk(event) && isTextChunk(last) && sameMessage(last, event)) {
      out[out.length - 1] = joined(last, event);
    } else {
      out.push(event);
    }
  }
  return out;
}

function isTextChunk(e: AppEvent): e is TextChunkEvent {
  if (e.scope !== "client" || e.event.type !== "session_update") return false;
  const u = e.event.update;
  return isChunkUpdate(u) && u.content.type === "text";
}

/**
 * The second chunk lands where the first did: the reducer continues the last entry when the kind
 * matches and the messageId is absent or equal, and the first chunk left an entry of that kind
 * with that messageId last. Different messageIds (even null after an id) are not merged.
 */
function sameMessage(a: TextChunkEvent, b: TextChunkEvent): boolean {
  return (
    a.event.sessionId === b.event.sessionId &&
    a.event.update.sessionUpdate === b.event.update.sessionUpdate &&
    (a.event.update.messageId ?? null) === (b.event.update.messageId ?? null)
  );
}

/**
 * The first chunk's event and block (the reducer keeps the first text block's other fields), with both
 * texts; an agent message keeps the latest time goose gave its chunks, as the reducer does (`created`).
 */
function joined(a: TextChunkEvent, b: TextChunkEvent): TextChunkEvent {
  const content = { ...a.event.update.content, text: a.event.update.content.text + b.event.update.content.text };
  const later = a.event.update.sessionUpdate !== "user_message_chunk" && (created(b) ?? -1) > (created(a) ?? -1);
  const update = { ...a.event.update, content, ...(later ? { _meta: b.event.update._meta } : {}) };
  return { ...a, event: { ...a.event, update } };
}

function created(e: TextChunkEvent): number | undefined {
  const at = (e.event.update._meta as { goose?: { created?: unknown } } | null | undefined)?.goose?.created;
  return typeof at === "number" ? at : undefined;
}
