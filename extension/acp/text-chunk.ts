/**
 * The one kind of agent message the extension reads without the ACP SDK: a session/update that
 * carries a text chunk (agent, thought or user message). It is most of what arrives, one per
 * streamed token and one per message of a session/load replay, and the SDK checks each twice
 * against its full schema (its session-update router, then our handler's params): about 60 % of
 * the background's time during a replay. This checks the few fields such a chunk has, by hand, and
 * returns the notification as the SDK's schema would (unknown keys left out), or undefined for
 * anything else, which then goes through the SDK as before.
 * Shapes: https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output
 */
import { isTextChunkKind } from "../state/client-reducer/text-chunks";
import type { SessionNotification } from "./schema";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
/** `_meta` may be there and is not kept; one of the wrong type is left to the SDK to judge. */
const optionalObject = (v: unknown) => v === undefined || v === null || isObject(v);

export function textChunkNotification(message: unknown): SessionNotification | undefined {
  if (!isObject(message) || message.method !== "session/update" || "id" in message) return undefined;
  const params = message.params;
  if (!isObject(params) || typeof params.sessionId !== "string" || !optionalObject(params._meta)) return undefined;
  const update = params.update;
  if (!isObject(update) || typeof update.sessionUpdate !== "string" || !isTextChunkKind(update.sessionUpdate)) return undefined;
  const { messageId, content } = update;
  if (!(messageId === undefined || messageId === null || typeof messageId === "string") || !optionalObject(update._meta)) return undefined;
  if (!isObject(content) || content.type !== "text" || typeof content.text !== "string") return undefined;
  // Annotations are kept by the SDK's schema; a chunk that has them takes that path.
  if (!optionalObject(content._meta) || content.annotations !== undefined) return undefined;
  return {
    sessionId: params.sessionId,
    update: {
      sessionUpdate: update.sessionUpdate as "agent_message_chunk",
      content: { type: "text", text: content.text },
      ...(messageId === undefined ? {} : { messageId }),
    },
  };
}
