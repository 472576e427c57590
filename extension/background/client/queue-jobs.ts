/**
 * The queue's jobs: queue a message, send the next one when its turn may go, "Send now". Which
 * message may go and when is the reducer's (client-reducer/queue.ts); these only carry it out.
 */
import type { AgentConnection } from "../../acp/agent-connection";
import { nextQueued } from "../../state/client-reducer/queue";
import { steerWay } from "../../state/client-reducer/steering";
import type { ClientContext } from "./context";
import { steer } from "./steer";
import { cancel, runTurn, unixSeconds } from "./turns";

/** Sends the session's next queued message if its turn may go now (nothing otherwise). */
export async function sendNextQueued(ctx: ClientContext, conn: AgentConnection, sessionId: string): Promise<void> {
  const next = nextQueued(ctx.state().client, sessionId);
  if (next) await sendQueued(ctx, conn, sessionId, next.id);
}

/**
 * The message leaves the queue and its turn starts (one event), the queue without it is stored, and
 * only then does its prompt go: a background that dies in between has lost it, never sends it twice.
 */
async function sendQueued(ctx: ClientContext, conn: AgentConnection, sessionId: string, id: string): Promise<void> {
  const message = ctx.state().client.queues[sessionId]?.items.find((m) => m.id === id);
  if (!message) return;
  ctx.dispatch({ type: "queue_sent", sessionId, id, at: unixSeconds() });
  if (ctx.state().client.queues[sessionId]?.items.some((m) => m.id === id)) return; // the session was busy
  await ctx.flushQueue();
  await runTurn(ctx, conn, sessionId, message.content);
}

/** "Send now": steered into the running turn where the agent can take it, else the turn stops and it goes. */
export async function sendNow(ctx: ClientContext, conn: AgentConnection, sessionId: string, id: string): Promise<void> {
  const client = ctx.state().client;
  const message = client.queues[sessionId]?.items.find((m) => m.id === id);
  const session = client.sessions[sessionId];
  if (!message || !session || session.loading) return;
  if (session.turn === "idle") return sendQueued(ctx, conn, sessionId, id);
  if (steerWay(client, sessionId)) {
    ctx.dispatch({ type: "queue_taken", sessionId, id });
    await ctx.flushQueue();
    if (await steer(ctx, conn, sessionId, message.content)) return;
    ctx.dispatch({ type: "queue_returned", sessionId, message });
  }
  await cancel(ctx, conn, sessionId);
  await ctx.untilIdle(sessionId);
  await sendQueued(ctx, conn, sessionId, id);
}

/** The held queue's Send: it goes on (now, if no turn runs). */
export async function resumeQueue(ctx: ClientContext, conn: AgentConnection, sessionId: string): Promise<void> {
  ctx.dispatch({ type: "queue_resumed", sessionId });
  await sendNextQueued(ctx, conn, sessionId);
}
