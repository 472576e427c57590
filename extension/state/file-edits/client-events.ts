/**
 * What the client's events mean for the edits: a turn beginning or ending (read from the sessions'
 * `turn` before and after, however it came about: a prompt, a queued message, Stop, the agent going
 * away), a card that may take an edit, a deleted session. Pure.
 */
import type { ClientEvent, ClientState } from "../sessions/client-state";
import { bindChangedCard } from "./edit-binding";
import { droppedSession, type FileEditsState, turnChanged } from "./file-edits";

export function editsAfterClientEvent(edits: FileEditsState, before: ClientState, after: ClientState, event: ClientEvent): FileEditsState {
  if (event.type === "history_removed") return droppedSession(edits, event.sessionId);
  let next = edits;
  if (after.sessions !== before.sessions) {
    for (const [id, s] of Object.entries(after.sessions)) {
      const was = before.sessions[id];
      const running = s.turn !== "idle";
      const wasRunning = was !== undefined && was.turn !== "idle";
      if (was !== s && wasRunning !== running) next = turnChanged(next, id, running);
    }
  }
  const card = changedCard(event);
  if (card) next = bindChangedCard(next, card.sessionId, after.sessions[card.sessionId], card.toolCallId);
  return next;
}

function changedCard(event: ClientEvent): { sessionId: string; toolCallId: string } | null {
  if (event.type === "permission_requested") return { sessionId: event.sessionId, toolCallId: event.toolCall.toolCallId };
  if (event.type !== "session_update") return null;
  const u = event.update;
  return u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update"
    ? { sessionId: event.sessionId, toolCallId: u.toolCallId }
    : null;
}
