/**
 * A session's mode and config options: the user's changes, and putting a freshly opened session in
 * the mode the user chose for it (approve by default), each choice remembered per session.
 */

import type { AgentConnection } from "../../acp/agent-connection";
import type { SessionConfigOption, SessionModeState } from "../../acp/schema";
import { currentMode, modeChangeTo } from "./approval-mode";
import { type ClientContext, failure } from "./context";
import { LOST, retryIfRefused, SESSION_NOT_FOUND, SessionLost } from "./sessions/session-recovery";

export async function setConfigOption(
  ctx: ClientContext,
  conn: AgentConnection,
  sessionId: string,
  configId: string,
  value: string | boolean,
): Promise<Lost> {
  try {
    const r = await retryIfRefused(ctx, conn, sessionId, () => conn.setConfigOption(sessionId, configId, value));
    ctx.dispatch({ type: "config_options_changed", sessionId, configOptions: r.configOptions });
    const mode = currentMode(r.configOptions, null);
    if (mode !== null) await conn.whileCurrent(ctx.memory.setMode(sessionId, mode));
  } catch (e) {
    return failed(ctx, sessionId, e, "Changing the setting");
  }
}

export async function setMode(ctx: ClientContext, conn: AgentConnection, sessionId: string, modeId: string): Promise<Lost> {
  try {
    await retryIfRefused(ctx, conn, sessionId, () => conn.setMode(sessionId, modeId));
    ctx.dispatch({ type: "mode_changed", sessionId, modeId });
    await conn.whileCurrent(ctx.memory.setMode(sessionId, modeId));
  } catch (e) {
    return failed(ctx, sessionId, e, "Changing the mode");
  }
}

/** "lost": the agent lost the session (session-recovery.ts); the controller moves the change to a new one. */
type Lost = "lost" | undefined;

function failed(ctx: ClientContext, sessionId: string, e: unknown, what: string): Lost {
  if (e instanceof SessionLost) {
    ctx.dispatch({ type: "session_error", sessionId, error: { title: LOST.title, message: LOST.message, code: SESSION_NOT_FOUND } });
    return "lost";
  }
  ctx.dispatch({ type: "session_error", sessionId, error: failure(ctx, e, what) });
  return undefined;
}

/** Puts a session in `wanted` mode if it offers it and is not there yet. */
export async function applyMode(
  ctx: ClientContext,
  conn: AgentConnection,
  sessionId: string,
  wanted: string,
  configOptions: SessionConfigOption[] | null | undefined,
  modes: SessionModeState | null | undefined,
): Promise<void> {
  const change = modeChangeTo(wanted, configOptions, modes);
  if (!change) return;
  if (change.kind === "config") await setConfigOption(ctx, conn, sessionId, change.configId, change.value);
  else await setMode(ctx, conn, sessionId, change.modeId);
}
