/**
 * goose's session controls: which the running agent serves, and the jobs that use them. goose
 * advertises none of its `_goose/unstable/session/…` methods in initialize, so a goose agent (its
 * initialize names it, or carries goose's own `_meta.goose`) is asked once per release, through a
 * host that lets them pass (hello's `goose_session_methods`: an older host would refuse them as
 * unknown, which must not be remembered as the agent's answer). Other agents are never asked, so
 * the panel shows them none of these controls.
 */
import type { AgentConnection } from "../../acp/agent-connection";
import {
  archiveSession,
  GOOSE_METHOD_OF,
  renameSession,
  servesGooseMethod,
  unarchiveSession,
  updateWorkingDir,
} from "../../acp/goose-sessions";
import { GOOSE_CONTROLS, type GooseControl, HOST_FEATURE_OF, offersGoose } from "../../state/connection/goose-controls";
import { hostServes } from "../../state/connection/host-compat";
import type { AgentState, UiError } from "../../state/sessions/client-state";
import type { GooseControlStorage } from "../../storage/goose-controls";
import { type ClientContext, failure } from "./context";

export async function learnGooseControls(ctx: ClientContext, conn: AgentConnection, stored?: GooseControlStorage): Promise<void> {
  const { client, connection } = ctx.state();
  const agent = client.agent;
  if (agent.phase !== "ready" || !speaksGoose(agent)) return;
  if (connection.link.phase !== "ready") return;
  const hello = connection.link.hello;
  const askable = GOOSE_CONTROLS.filter((control) => hostServes(hello, HOST_FEATURE_OF[control]));
  if (askable.length === 0) return;
  const key = agent.info?.name && agent.info.version ? `${agent.info.name}@${agent.info.version}` : null;
  // Each await stops for good if this agent goes away, so the event is only ever about this one.
  // What was learned through a host that let fewer methods pass is asked again for the rest.
  const known = key && stored ? await conn.whileCurrent(stored.get(key).catch(() => undefined)) : undefined;
  let served = known?.served.filter((c) => askable.includes(c));
  if (!known || askable.some((c) => !known.asked.includes(c))) {
    served = [];
    for (const control of askable) if (await servesGooseMethod(conn, GOOSE_METHOD_OF[control])) served.push(control);
    if (key && stored) await conn.whileCurrent(stored.set(key, { served, asked: [...askable] }).catch(() => undefined));
  }
  if (served && served.length > 0) ctx.dispatch({ type: "agent_serves_goose", controls: served });
}

function speaksGoose(agent: AgentState): boolean {
  const meta = agent.capabilities?._meta;
  return agent.info?.name === "goose" || (typeof meta === "object" && meta !== null && "goose" in meta);
}

/** Runs `call` if the agent serves `control`; a refusal is shown in History, where these controls live. */
async function withControl(ctx: ClientContext, control: GooseControl, what: string, call: () => Promise<void>): Promise<boolean> {
  if (!offersGoose(ctx.state().client.agent, control)) return false;
  try {
    await call();
    return true;
  } catch (e) {
    ctx.dispatch({ type: "history_failed", error: withReason(failure(ctx, e, what), e) });
    return false;
  }
}

export async function renameJob(ctx: ClientContext, conn: AgentConnection, sessionId: string, title: string): Promise<void> {
  const name = title.trim();
  if (!name) return;
  if (await withControl(ctx, "rename", "Renaming the session", () => renameSession(conn, sessionId, name)))
    ctx.dispatch({ type: "session_renamed", sessionId, title: name });
}

export async function archiveJob(ctx: ClientContext, conn: AgentConnection, sessionId: string, archive: boolean): Promise<void> {
  if (archive) {
    if (await withControl(ctx, "archive", "Archiving the session", () => archiveSession(conn, sessionId)))
      ctx.dispatch({ type: "session_archived", sessionId, archivedAt: new Date().toISOString() });
  } else if (await withControl(ctx, "unarchive", "Unarchiving the session", () => unarchiveSession(conn, sessionId))) {
    ctx.dispatch({ type: "session_archived", sessionId, archivedAt: null });
  }
}

/**
 * The session works in `cwd` from now on: goose moves its tools there, in the same process and
 * session. A folder goose refuses (not absolute, not an existing directory) is said in the session.
 */
export async function changeFolderJob(ctx: ClientContext, conn: AgentConnection, sessionId: string, cwd: string): Promise<boolean> {
  const folder = cwd.trim();
  if (!folder || !offersGoose(ctx.state().client.agent, "workingDir")) return false;
  try {
    await updateWorkingDir(conn, sessionId, folder);
  } catch (e) {
    ctx.dispatch({ type: "session_error", sessionId, error: withReason(failure(ctx, e, `Moving the session to ${folder}`), e) });
    return false;
  }
  ctx.dispatch({ type: "session_folder_changed", sessionId, cwd: folder });
  return true;
}

/**
 * The options page's new folder, for an agent that moves sessions: each open session this agent holds
 * moves there, no restart. "unavailable" when there is nothing to move (the caller restarts the agent
 * in the folder as before); "refused" when goose refused the folder, which then is not kept.
 */
export async function moveOpenSessions(
  ctx: ClientContext,
  conn: AgentConnection,
  cwd: string,
): Promise<"moved" | "refused" | "unavailable"> {
  const open = Object.keys(ctx.state().client.sessions).filter((id) => ctx.held.holds(id));
  if (open.length === 0 || !offersGoose(ctx.state().client.agent, "workingDir")) return "unavailable";
  for (const id of open) if (!(await changeFolderJob(ctx, conn, id, cwd))) return "refused";
  return "moved";
}

/** goose says why in the error's `data` ("invalid directory path", "Session not found: …"), under a generic message. */
function withReason(error: UiError, cause: unknown): UiError {
  const data = (cause as { data?: unknown } | null)?.data;
  return typeof data === "string" && data !== "" && !error.message.includes(data)
    ? { ...error, message: `${error.message}: ${data}` }
    : error;
}
