/**
 * A session the agent refuses as unknown (-32002) though it opened it for us and never closed it.
 * goose 1.50 and 1.52 do this after the newest session of the day is closed and deleted: the next
 * session/new hands its `YYYYMMDD_N` id out again, and goose refuses that session until a session/load
 * (goose issue #11654). The request is retried once after a quiet load (its replay is not added to
 * the transcript on screen); if the load fails too, the caller opens a new session and says so.
 * https://agentclientprotocol.com/protocol/session-setup#loading-sessions
 */
import type { AgentConnection } from "../../../acp/agent-connection";
import type { ClientContext } from "../context";

/** The agent has no such session (goose's "Resource not found"). */
export const SESSION_NOT_FOUND = -32002;

/** The agent lost the session and could not load it again: the caller moves the work to a new session. */
export class SessionLost extends Error {
  constructor(
    readonly sessionId: string,
    override readonly cause: unknown,
  ) {
    super(`session ${sessionId} is gone`);
  }
}

function notFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === SESSION_NOT_FOUND;
}

/**
 * Runs `request` about a session; on -32002 for a session this agent opened for us, loads it once and
 * runs `request` again. Throws SessionLost when that load fails, else whatever the request throws.
 */
export async function retryIfRefused<T>(
  ctx: ClientContext,
  conn: AgentConnection,
  sessionId: string,
  request: () => Promise<T>,
): Promise<T> {
  try {
    return await request();
  } catch (e) {
    if (!notFound(e) || !ctx.held.holds(sessionId) || !ctx.state().client.sessions[sessionId]) throw e;
    if (!(await reloadQuietly(ctx, conn, sessionId))) throw new SessionLost(sessionId, e);
    return await request();
  }
}

async function reloadQuietly(ctx: ClientContext, conn: AgentConnection, sessionId: string): Promise<boolean> {
  const session = ctx.state().client.sessions[sessionId];
  if (!session || !ctx.state().client.agent.capabilities?.loadSession) return false;
  ctx.dispatch({ type: "session_reloading", sessionId, reloading: true });
  try {
    const r = await conn.loadSession(sessionId, session.cwd);
    if (r.configOptions) ctx.dispatch({ type: "config_options_changed", sessionId, configOptions: r.configOptions });
    return true;
  } catch {
    // Still counted as opened: a later request about it tries again, then moves to a new session.
    return false;
  } finally {
    ctx.dispatch({ type: "session_reloading", sessionId, reloading: false });
  }
}

/** What the session the agent lost says, and what the new session its work went to says (the load failed too). */
export const LOST = {
  title: "The agent lost this session",
  message: "The agent no longer knew this session and could not load it again.",
  messageMoved: "The agent no longer knew this session and could not load it again, so your message was sent in a new session.",
  moved:
    "The agent lost the session this message was sent in, so it was sent here, in a new session. The earlier messages are not in its context.",
  settingMoved: "The agent lost the session this setting was changed in, so it was changed here, in a new session.",
} as const;
