/**
 * session/update: what the agent reports about a session, applied to it. Variants this client does
 * not know are ignored, as the spec asks. https://agentclientprotocol.com/protocol/prompt-turn
 */
import type { ContentBlock, SessionModeState, SessionUpdate } from "../../acp/schema";
import { commandReplay } from "../conversation/command-replay";
import { findEntry, lastEntry } from "../conversation/entry-list";
import { continuesUserMessage, isInterruptionMarker } from "../conversation/turn-reading";
import type { AgentTextEntry, SessionState, UserEntry } from "../sessions/client-state";
import { appendAgentNotice, appendCompactionChunk, applyCommandReplay, applyCompactionUpdate, noteContextAfter } from "./notices";
import { appendEntry, appendNotice, withLastEntry } from "./structural-sharing";
import { upsertToolCall } from "./tool-calls";

export function applySessionUpdate(session: SessionState, update: SessionUpdate): SessionState {
  switch (update.sessionUpdate) {
    case "user_message_chunk":
      // goose echoes a steered message when its turn picks it up: it already shows where it went in.
      return isSteerEcho(session, update.messageId)
        ? session
        : appendUserChunk(session, update.content, update.messageId, gooseCreated(update._meta));
    case "agent_message_chunk":
      return appendTextChunk(session, "agent", update.content, update.messageId, gooseCreated(update._meta));
    case "agent_thought_chunk":
      return appendTextChunk(session, "thought", update.content, update.messageId, gooseCreated(update._meta));
    case "tool_call":
      return upsertToolCall(session, update);
    case "tool_call_update":
      return upsertToolCall(session, update);
    case "plan":
      return { ...session, plan: update.entries };
    case "available_commands_update":
      return { ...session, commands: update.availableCommands };
    case "current_mode_update":
      return withCurrentMode(session, update.currentModeId);
    case "config_option_update":
      return { ...session, configOptions: update.configOptions };
    case "session_info_update":
      return withSessionInfo(session, update.title, update.updatedAt);
    case "usage_update": {
      const next = withUsage(session, update.used, update.size, update.cost);
      return next === session ? session : noteContextAfter(next);
    }
    case "notice":
      return appendAgentNotice(session, update);
    case "compaction_update":
      return applyCompactionUpdate(session, update);
    case "compaction_summary_chunk":
      return appendCompactionChunk(session, update);
    default:
      // Future variants: ignored, as the spec asks.
      return session;
  }
}

function isSteerEcho(session: SessionState, messageId: string | null | undefined): boolean {
  return (
    messageId != null &&
    !session.loading &&
    findEntry(session.entries, (e) => e.kind === "user" && e.steered === true && e.messageId === messageId) !== undefined
  );
}

/** When goose stored the message (`_meta.goose.created`, Unix seconds), for its rewind (background/client/forks/fork.ts). */
function gooseCreated(meta: unknown): number | undefined {
  const created = (meta as { goose?: { created?: unknown } } | null | undefined)?.goose?.created;
  return typeof created === "number" && Number.isFinite(created) ? created : undefined;
}

function appendUserChunk(
  session: SessionState,
  block: ContentBlock,
  messageId: string | null | undefined,
  created: number | undefined,
): SessionState {
  // The agent's record that the user stopped a turn is not something the user said.
  if (isInterruptionMarker(block)) return appendNotice(session, "info", "Stopped.");
  // Nor is a local slash command Claude's adapters replay as markup: one notice says what it did.
  const replay = commandReplay(block);
  if (replay) return applyCommandReplay(session, replay);
  const last = lastEntry(session.entries);
  if (continuesUserMessage(last, block, messageId, session.loading)) {
    return withLastEntry(session, { ...last, content: appendBlock(last.content, block) });
  }
  const entry = withMessageId<UserEntry>({ kind: "user", id: "", content: [block] }, messageId);
  return appendEntry(session, (id) => (created === undefined ? { ...entry, id } : { ...entry, id, created }));
}

/** Adjacent text blocks are one run of text; anything else stays a block of its own. */
function appendBlock(content: ContentBlock[], block: ContentBlock): ContentBlock[] {
  const last = content.at(-1);
  if (last?.type === "text" && block.type === "text") {
    return [...content.slice(0, -1), { ...last, text: last.text + block.text }];
  }
  return [...content, block];
}

function appendTextChunk(
  session: SessionState,
  kind: "agent" | "thought",
  block: ContentBlock,
  messageId: string | null | undefined,
  created: number | undefined,
): SessionState {
  const last = lastEntry(session.entries);
  // A new messageId starts a new bubble; a chunk without one continues the current bubble.
  if ((last?.kind === "agent" || last?.kind === "thought") && last.kind === kind && (messageId == null || last.messageId === messageId)) {
    if (block.type === "text" && block.text === "" && !later(created, last.created)) return session;
    return withLastEntry(session, withCreated(addToTextEntry(last, block), created));
  }
  return appendEntry(session, (id) =>
    withCreated(addToTextEntry(withMessageId<AgentTextEntry>({ kind, id, text: "", attachments: [] }, messageId), block), created),
  );
}

const later = (created: number | undefined, than: number | undefined) => created !== undefined && (than === undefined || created > than);

/** The latest time goose gave the message's chunks (one message's chunks can span seconds). */
function withCreated(entry: AgentTextEntry, created: number | undefined): AgentTextEntry {
  return later(created, entry.created) ? { ...entry, created } : entry;
}

function addToTextEntry(entry: AgentTextEntry, block: ContentBlock): AgentTextEntry {
  if (block.type === "text") return { ...entry, text: entry.text + block.text };
  return { ...entry, attachments: [...entry.attachments, block] };
}

/** Only sets the key when there is an id, so JSON round trips stay exact. */
function withMessageId<T extends { messageId?: string }>(entry: T, messageId: string | null | undefined): T {
  return messageId == null ? entry : { ...entry, messageId };
}

function withSessionInfo(session: SessionState, title: string | null | undefined, updatedAt: string | null | undefined): SessionState {
  // undefined = unchanged, null = cleared (goose sends many info updates that only carry _meta).
  const nextTitle = title === undefined ? session.title : title;
  const nextUpdatedAt = updatedAt === undefined ? session.updatedAt : updatedAt;
  if (nextTitle === session.title && nextUpdatedAt === session.updatedAt) return session;
  return { ...session, title: nextTitle, updatedAt: nextUpdatedAt };
}

function withUsage(
  session: SessionState,
  used: number,
  size: number,
  cost: { amount: number; currency: string } | null | undefined,
): SessionState {
  // Keep only the fields we show (the wire's _meta would be noise in the snapshot).
  const usage: NonNullable<SessionState["usage"]> =
    cost === undefined ? { used, size } : { used, size, cost: cost && { amount: cost.amount, currency: cost.currency } };
  return session.usage && sameUsage(session.usage, usage) ? session : { ...session, usage };
}

function sameUsage(a: NonNullable<SessionState["usage"]>, b: NonNullable<SessionState["usage"]>): boolean {
  if (a.used !== b.used || a.size !== b.size) return false;
  if (!a.cost || !b.cost) return a.cost === b.cost;
  return a.cost.amount === b.cost.amount && a.cost.currency === b.cost.currency;
}

/** From the agent (current_mode_update) or from the client's own session/set_mode (mode_changed). */
export function withCurrentMode(session: SessionState, modeId: string): SessionState {
  if (session.modes?.currentModeId === modeId) return session;
  // Without a mode list (agent sent none) keep the id anyway; the UI shows no picker for an empty list.
  const modes: SessionModeState = session.modes
    ? { ...session.modes, currentModeId: modeId }
    : { currentModeId: modeId, availableModes: [] };
  return { ...session, modes };
}
