/** Closing a session tab (session/close where the agent has it). https://agentclientprotocol.com/protocol/session-setup */
import type { AgentConnection } from "../../../acp/agent-connection";
import type { SessionTab } from "../../../state/sessions/client-state";
import type { ClientContext } from "../context";
import { cancel } from "../turns";
import { openSession } from "./sessions";

/**
 * The user closed the session's tab: a running turn is stopped first, then the session leaves memory
 * and the agent frees it where it can (session/close); History reopens it. Closing the tab on screen
 * shows its neighbour (the next tab, else the one before).
 */
export async function closeSession(ctx: ClientContext, conn: AgentConnection, sessionId: string): Promise<void> {
  if (ctx.state().client.sessions[sessionId]?.turn === "running") {
    await cancel(ctx, conn, sessionId);
    await ctx.untilIdle(sessionId);
  }
  const { client } = ctx.state();
  if (client.sessions[sessionId] && client.sessions[sessionId].turn !== "idle") return;
  const next = client.activeSessionId === sessionId ? neighbour(client.tabs, sessionId) : null;
  if (client.sessions[sessionId]) ctx.dispatch({ type: "session_closed", sessionId });
  ctx.dispatch({ type: "tab_closed", sessionId });
  ctx.held.close(ctx, conn, sessionId);
  if (ctx.memory.activeSessionId === sessionId) await conn.whileCurrent(ctx.memory.setActive(null));
  if (next) await openSession(ctx, conn, next);
}

function neighbour(tabs: readonly SessionTab[], sessionId: string): string | null {
  const at = tabs.findIndex((t) => t.sessionId === sessionId);
  return (tabs[at + 1] ?? tabs[at - 1])?.sessionId ?? null;
}
