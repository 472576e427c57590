/** Tool cards: tool_call, tool_call_update and a permission request's toolCall merged into one card per id. */
import type { ToolCall, ToolCallUpdate } from "../../acp/schema";
import { pushEntry } from "../conversation/entry-list";
import { mapToolCalls, toolCallOf, withToolCall } from "../conversation/tool-call-map";
import { nextToolStatus } from "../conversation/turn-reading";
import type { SessionState, ToolCallState } from "../sessions/client-state";

export function upsertToolCall(session: SessionState, update: ToolCall | ToolCallUpdate): SessionState {
  const existing = toolCallOf(session.toolCalls, update.toolCallId);
  const denied = session.deniedToolCalls.includes(update.toolCallId);
  if (existing) {
    const merged = mergeToolCall(existing, update, denied);
    if (merged === existing) return session;
    return { ...session, toolCalls: withToolCall(session.toolCalls, merged) };
  }
  const card = mergeToolCall(
    { toolCallId: update.toolCallId, title: "", kind: null, status: denied ? "denied" : "pending", content: [], locations: [] },
    update,
    denied,
  );
  // The entry's id is the toolCallId (the panel looks the card up by it); a known id never gets a second entry.
  return {
    ...session,
    toolCalls: withToolCall(session.toolCalls, card),
    entries: pushEntry(session.entries, { kind: "tool", id: update.toolCallId }),
  };
}

/**
 * A permission request's toolCall: it fills what the card lacks (some agents ask before announcing the
 * call) and adds its content, but never renames the card or replaces its input. codex-acp asks about an
 * MCP call with a title and input of its question's own ("Approve Type text", `{server_name, request}`),
 * which would hide the call the card announced (`Tool: browser/type`, `{server, tool, arguments}`).
 */
export function upsertAskedToolCall(session: SessionState, asked: ToolCallUpdate): SessionState {
  const card = toolCallOf(session.toolCalls, asked.toolCallId);
  if (!card) return upsertToolCall(session, asked);
  const { title, rawInput, ...rest } = asked;
  return upsertToolCall(session, {
    ...rest,
    ...(card.title === "" && title != null ? { title } : {}),
    ...(card.rawInput === undefined && rawInput !== undefined ? { rawInput } : {}),
  });
}

function mergeToolCall(card: ToolCallState, update: ToolCall | ToolCallUpdate, denied: boolean): ToolCallState {
  const next: ToolCallState = { ...card };
  let changed = false;
  const set = <K extends keyof ToolCallState>(key: K, value: ToolCallState[K]) => {
    if (next[key] !== value) {
      next[key] = value;
      changed = true;
    }
  };
  // null means "no change" for the scalar fields; content/locations replace the whole list.
  if (update.title != null) set("title", update.title);
  if (update.kind != null) set("kind", update.kind);
  if (update.status != null) set("status", nextToolStatus(card.status, update.status, denied));
  if (update.content != null) set("content", update.content);
  if (update.locations != null) set("locations", update.locations);
  if (update.rawInput !== undefined) set("rawInput", update.rawInput);
  if (update.rawOutput !== undefined) set("rawOutput", update.rawOutput);
  const toolName = gooseToolName(update._meta);
  if (toolName !== undefined) set("toolName", toolName);
  return changed ? next : card;
}

/** goose names the tool in `_meta.goose.toolCall.toolName` (e.g. "developer__shell"). */
function gooseToolName(meta: { [key: string]: unknown } | null | undefined): string | undefined {
  const goose = asRecord(meta?.goose);
  const toolName = asRecord(goose?.toolCall)?.toolName;
  return typeof toolName === "string" ? toolName : undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
}

function isOpen(card: ToolCallState): boolean {
  return card.status === "pending" || card.status === "in_progress";
}

/**
 * The turn is over but the agent never said how these calls ended: they did not finish. A call whose
 * question is still open stays as it is, so the user can still answer it.
 */
export function settleOpenToolCalls(session: SessionState): SessionState {
  const toolCalls = mapToolCalls(session.toolCalls, (card) =>
    isOpen(card) && !session.permissions.some((p) => p.toolCallId === card.toolCallId) ? { ...card, status: "unfinished" } : card,
  );
  return toolCalls === session.toolCalls ? session : { ...session, toolCalls };
}

/** A UI-only status: the agent won't report on these calls (Stop, or the agent went away). */
export function cancelOpenToolCalls(session: SessionState): SessionState {
  const toolCalls = mapToolCalls(session.toolCalls, (card) => (isOpen(card) ? { ...card, status: "cancelled" } : card));
  return toolCalls === session.toolCalls ? session : { ...session, toolCalls };
}
