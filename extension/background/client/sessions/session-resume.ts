/**
 * Coming back to a session the agent still holds (session/resume: no replay, the parked transcript
 * comes back as it was).
 */
import type { AgentConnection } from "../../../acp/agent-connection";
import type { SessionState } from "../../../state/sessions/client-state";
import { DEFAULT_APPROVAL_MODE } from "../approval-mode";
import type { ClientContext } from "../context";
import { applyMode } from "../modes";

/** Resolves true once resumed; false when the agent refused (the caller loads the session instead). */
export async function resumeSession(ctx: ClientContext, conn: AgentConnection, parked: SessionState): Promise<boolean> {
  const { sessionId } = parked;
  ctx.dispatch({ type: "session_opening", open: { kind: "load", sessionId } });
  ctx.dispatch({ type: "session_restored", session: parked });
  try {
    const r = await conn.resumeSession(sessionId, parked.cwd);
    ctx.dispatch({
      type: "session_loaded",
      sessionId,
      modes: r.modes ?? parked.modes,
      configOptions: r.configOptions ?? parked.configOptions,
    });
    await conn.whileCurrent(ctx.memory.setActive(sessionId));
    await applyMode(ctx, conn, sessionId, ctx.memory.modeOf(sessionId) ?? DEFAULT_APPROVAL_MODE, r.configOptions, r.modes);
    return true;
  } catch {
    // Not held after all (e.g. the agent freed it): the transcript comes from a load instead.
    ctx.held.forget(sessionId);
    ctx.dispatch({ type: "session_closed", sessionId });
    return false;
  }
}
