/**
 * The agent's permission requests and the user's answers. A denied call reads "Denied" for every
 * agent, whatever the agent reports after, until the agent asks about it again.
 */

import { toolCallOf, withToolCall } from "../conversation/tool-call-map";
import { isDenial } from "../conversation/turn-reading";
import type { ClientEventOf, SessionState } from "../sessions/client-state";
import { upsertAskedToolCall } from "./tool-calls";

export function permissionRequested(session: SessionState, event: ClientEventOf<"permission_requested">): SessionState {
  if (session.permissions.some((p) => p.key === event.key)) return session;
  // The request's toolCall is often richer than the tool_call notification (content, rawInput).
  const s = upsertAskedToolCall(askedAgain(session, event.toolCall.toolCallId), event.toolCall);
  const request = { key: event.key, toolCallId: event.toolCall.toolCallId, options: event.options };
  return { ...s, permissions: [...s.permissions, request] };
}

/** Answered for the user (background/browser-tools/our-questions.ts): the card says so, and no question of the agent's waits. */
export function permissionAutoAllowed(session: SessionState, event: ClientEventOf<"permission_auto_allowed">): SessionState {
  const s = upsertAskedToolCall(session, event.toolCall);
  const card = toolCallOf(s.toolCalls, event.toolCall.toolCallId);
  if (!card || (card.autoAllowed && card.autoAllowed.site === event.site)) return s;
  const autoAllowed = event.site === undefined ? {} : { site: event.site };
  return { ...s, toolCalls: withToolCall(s.toolCalls, { ...card, autoAllowed }) };
}

export function permissionResolved(session: SessionState, key: string, optionId: string | null | undefined): SessionState {
  const request = session.permissions.find((p) => p.key === key);
  if (!request) return session;
  const s: SessionState = { ...session, permissions: session.permissions.filter((p) => p !== request) };
  return isDenial(request, optionId) ? markDenied(s, request.toolCallId) : s;
}

function markDenied(session: SessionState, toolCallId: string): SessionState {
  const card = toolCallOf(session.toolCalls, toolCallId);
  const deniedToolCalls = session.deniedToolCalls.includes(toolCallId) ? session.deniedToolCalls : [...session.deniedToolCalls, toolCallId];
  const toolCalls = card && card.status !== "denied" ? withToolCall(session.toolCalls, { ...card, status: "denied" }) : session.toolCalls;
  return { ...session, deniedToolCalls, toolCalls };
}

/** The agent asks again about a call the user denied: the new answer decides. */
function askedAgain(session: SessionState, toolCallId: string): SessionState {
  if (!session.deniedToolCalls.includes(toolCallId)) return session;
  const deniedToolCalls = session.deniedToolCalls.filter((id) => id !== toolCallId);
  const card = toolCallOf(session.toolCalls, toolCallId);
  const toolCalls = card ? withToolCall(session.toolCalls, { ...card, status: "pending" }) : session.toolCalls;
  return { ...session, deniedToolCalls, toolCalls };
}
