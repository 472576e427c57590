/**
 * Prompt turns and Stop. One prompt in flight per session (goose refuses a second with -32602): a
 * prompt sent while a turn runs is queued (queue-jobs.ts) unless it is steered in (steer.ts).
 * https://agentclientprotocol.com/protocol/prompt-turn
 */

import type { AgentConnection } from "../../acp/agent-connection";
import type { ContentBlock } from "../../acp/schema";
import { withRewindNote } from "../../state/sessions/fork-point";
import { type ClientContext, failure } from "./context";
import { takeForkNote } from "./forks/fork-note";
import { refreshHistory } from "./sessions/history";
import { LOST, retryIfRefused, SESSION_NOT_FOUND, SessionLost } from "./sessions/session-recovery";
import { newSession } from "./sessions/sessions";

/** Sends a prompt to the session (null: the active one, else a new one); resolves when the turn ends. */
export async function prompt(ctx: ClientContext, conn: AgentConnection, sessionId: string | null, content: ContentBlock[]): Promise<void> {
  if (content.length === 0) return;
  const id = sessionId ?? ctx.state().client.activeSessionId ?? (await newSession(ctx, conn));
  const session = id && id !== "away" ? ctx.state().client.sessions[id] : undefined;
  if (!id || !session || session.loading) return;
  if (session.turn !== "idle") {
    enqueue(ctx, id, content);
    return;
  }
  ctx.dispatch({ type: "prompt_sent", sessionId: id, content, at: unixSeconds() });
  await runTurn(ctx, conn, id, content);
}

/** Now, in the unit goose stamps its messages with (a fork's rewind compares the two: fork.ts). */
export const unixSeconds = () => Math.floor(Date.now() / 1000);

/** Queues a message for when the session's turn ends. */
export function enqueue(ctx: ClientContext, sessionId: string, content: ContentBlock[]): void {
  ctx.dispatch({ type: "queue_added", sessionId, id: crypto.randomUUID(), content });
}

/** The turn that `prompt_sent` (or `queue_sent`) started: its prompt, and how it ended. */
export async function runTurn(
  ctx: ClientContext,
  conn: AgentConnection,
  sessionId: string,
  content: ContentBlock[],
  /** Already moved once from a lost session: if this one is lost too, it stays here (no endless moving). */
  moved = false,
): Promise<void> {
  await ctx.untilToolsSettled(sessionId);
  if (ctx.state().client.sessions[sessionId]?.turn === "cancelling") {
    // Stopped while the tools were being added: nothing reached the agent.
    ctx.dispatch({ type: "prompt_finished", sessionId, stopReason: "cancelled" });
    return;
  }
  const note = takeForkNote(ctx, sessionId);
  try {
    const r = await retryIfRefused(ctx, conn, sessionId, () => conn.prompt(sessionId, withRewindNote(content, note)));
    // Prompts that joined this turn end it with their own answers.
    const stopReason = await ctx.joined.settle(sessionId, r.stopReason);
    ctx.dispatch({ type: "prompt_finished", sessionId, stopReason });
  } catch (e) {
    if (e instanceof SessionLost && !moved) return sendInNewSession(ctx, conn, sessionId, content);
    const lost = { title: LOST.title, message: LOST.message, fix: "Start a new session.", code: SESSION_NOT_FOUND };
    ctx.dispatch({ type: "prompt_failed", sessionId, error: e instanceof SessionLost ? lost : failure(ctx, e, "The turn") });
  }
  // The agent may have titled the session after its first turn.
  void refreshHistory(ctx, conn);
}

/**
 * The agent lost the session the message was sent in: the old session says so and the message goes
 * to a new one, with a note saying why it is there. If no session can be started, the message stays
 * on screen in the old session and the failure to start one is shown.
 */
async function sendInNewSession(ctx: ClientContext, conn: AgentConnection, lost: string, content: ContentBlock[]): Promise<void> {
  ctx.dispatch({
    type: "prompt_failed",
    sessionId: lost,
    error: { title: LOST.title, message: LOST.messageMoved, code: SESSION_NOT_FOUND },
  });
  const id = await newSession(ctx, conn);
  if (!id || id === "away") return;
  ctx.dispatch({ type: "session_notice", sessionId: id, tone: "warning", text: LOST.moved });
  ctx.dispatch({ type: "prompt_sent", sessionId: id, content, at: unixSeconds() });
  await runTurn(ctx, conn, id, content, true);
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
