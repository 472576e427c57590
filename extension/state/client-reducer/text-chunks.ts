/**
 * The session/update variants that carry one chunk of a message (user, agent or thought), listed
 * once: they are most of what an agent sends, so the background reads them by hand
 * (acp/text-chunk.ts), the outbox merges runs of them (state/event-batch.ts), and the reducer drops
 * them from a replay it already shows (session-lifecycle.ts).
 */
import type { SessionUpdate } from "../../acp/schema";

export const TEXT_CHUNK_UPDATES = [
  "user_message_chunk",
  "agent_message_chunk",
  "agent_thought_chunk",
] as const satisfies readonly SessionUpdate["sessionUpdate"][];

type TextChunkKind = (typeof TEXT_CHUNK_UPDATES)[number];
export type ChunkUpdate = Extract<SessionUpdate, { sessionUpdate: TextChunkKind }>;

const KINDS: ReadonlySet<string> = new Set(TEXT_CHUNK_UPDATES);

/** For a name read off the wire, before it is known to be a SessionUpdate. */
export function isTextChunkKind(kind: string): kind is TextChunkKind {
  return KINDS.has(kind);
}

export function isChunkUpdate(update: SessionUpdate): update is ChunkUpdate {
  return KINDS.has(update.sessionUpdate);
}
