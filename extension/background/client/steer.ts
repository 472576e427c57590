/**
 * Steering: a message added to the running turn, the way the agent says it takes one
 * (client-reducer/steering.ts): `_session/steering`, goose's `_goose/unstable/session/steer`, or a
 * second session/prompt that joins the turn. The transcript shows the message where it went in (`steer_added`).
 */
import type { AgentConnection } from "../../acp/agent-connection";
import type { ContentBlock } from "../../acp/schema";
import { steerWay } from "../../state/client-reducer/steering";
import { type ClientContext, failure } from "./context";
import { enqueue } from "./turns";

const METHOD_NOT_FOUND = -32601;

/** Adds `content` to the session's running turn; false when the agent cannot take it now (nothing was sent or it refused). */
export async function steer(ctx: ClientContext, conn: AgentConnection, sessionId: string, content: ContentBlock[]): Promise<boolean> {
  const way = steerWay(ctx.state().client, sessionId);
  if (!way) return false;
  if (way.kind === "steering") return steerBySteering(ctx, conn, sessionId, content);
  if (way.kind === "prompt") {
    ctx.dispatch({ type: "steer_added", sessionId, content });
    const answer = conn.prompt(sessionId, content);
    ctx.joined.add(sessionId, answer);
    answer.catch((e: unknown) => ctx.dispatch({ type: "session_error", sessionId, error: failure(ctx, e, "The added message") }));
    return true;
  }
  try {
    const { messageId } = await conn.gooseSteer(sessionId, way.runId, content);
    ctx.dispatch({ type: "steer_added", sessionId, content, ...(messageId ? { messageId } : {}) });
    return true;
  } catch (e) {
    // An agent without the method says so once; a run that just ended refuses it (invalid params).
    if ((e as { code?: unknown } | null)?.code === METHOD_NOT_FOUND) ctx.dispatch({ type: "steer_refused" });
    return false;
  }
}

/**
 * `_session/steering`: "injected" went into the running turn; "startedNewTurn" (an agent that starts
 * a turn of its own although asked not to) went in too, as the turn the agent now runs. Anything else
 * ("promptRequired": the turn had ended; "failed"; a refusal) leaves it to the queue, sent as a prompt.
 */
async function steerBySteering(ctx: ClientContext, conn: AgentConnection, sessionId: string, content: ContentBlock[]): Promise<boolean> {
  const outcome = await conn.sessionSteering(sessionId, content).catch(() => "failed");
  if (outcome !== "injected" && outcome !== "startedNewTurn") return false;
  ctx.dispatch({ type: "steer_added", sessionId, content });
  return true;
}

/** The composer's Steer: into the running turn, or queued when it cannot go in. */
export async function steerOrQueue(ctx: ClientContext, conn: AgentConnection, sessionId: string, content: ContentBlock[]): Promise<void> {
  if (content.length === 0) return;
  if (!(await steer(ctx, conn, sessionId, content))) enqueue(ctx, sessionId, content);
}
