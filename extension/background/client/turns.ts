/**
 * Prompt turns and Stop. One prompt in flight per session (goose refuses a second with -32602): a
 * prompt sent while a turn runs is queued (queue-jobs.ts) unless it is steered in (steer.ts).
 * https://agentclientprotocol.com/protocol/prompt-turn
 */

import type { AgentConnection } from "../../acp/agent-connection";
import type { ContentBlock } from "../../acp/schema";
import { withRewindNote } from "../../state/fork-point";
import { type ClientContext, failure } from "./context";
import { takeForkNote } from "./fork-note";
import { refreshHistory } from "./history";
import { newSession } from "./sessions";

/** Sends a prompt to the session (null: the active one, else a new one); resolves when the turn ends. */
export async function prompt(ctx: ClientContext, conn: AgentConnection, sessionId: string | null, content: ContentBlock[]): Promise<void> {
  if (content.length === 0) return;
  const id = sessionId ?? ctx.state().client.activeSessionId ?? (await newSession(ctx, conn));
  const session = id ? ctx.state().client.sessions[id] : undefined;
  if (!id || !session || session.loading) return;
  if (session.turn !== "idle") {
    enqueue(ctx, id, content);
    return;
  }
  ctx.dispatch({ type: "prompt_sent", sessionId: id, content });
  await runTurn(ctx, conn, id, content);
}

/** Queues a message for when the session's turn ends. */
export function enqueue(ctx: ClientContext, sessionId: string, content: ContentBlock[]): void {
  ctx.dispatch({ type: "queue_added", sessionId, id: crypto.randomUUID(), content });
}

/** The turn that `prompt_sent` (or `queue_sent`) started: its prompt, and how it ended. */
export async function runTurn(ctx: ClientContext, conn: AgentConnection, sessionId: string, content: ContentBlock[]): Promise<void> {
  const note = takeForkNote(ctx, sessionId);
  try {
    const r = await conn.prompt(sessionId, withRewindNote(content, note));
    // Prompts that joined this turn end it with their own answers.
    const stopReason = await ctx.joined.settle(sessionId, r.stopReason);
    ctx.dispatch({ type: "prompt_finished", sessionId, stopReason });
  } catch (e) {
    ctx.dispatch({ type: "prompt_failed", sessionId, error: failure(ctx, e, "The turn") });
  }
  // The agent may have titled the session after its first turn.
  void refreshHistory(ctx, conn);
}

/** Stop: the turn ends as cancelled, and its pending permission requests are answered `cancelled`. */
export async function cancel(ctx: ClientContext, conn: AgentConnection, sessionId: string): Promise<void> {
  const session = ctx.state().client.sessions[sessionId];
  if (session?.turn !== "running") return;
  ctx.dispatch({ type: "cancel_requested", sessionId });
  ctx.permissions.cancelSession(sessionId);
  ctx.elicitations.cancelSession(sessionId);
  await conn.cancel(sessionId);
}
