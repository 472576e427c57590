/**
 * goose's session controls the panel offers (rename, archive, unarchive, the working folder, a
 * session's extensions, recipes), each
 * only where the running agent serves its method: goose advertises none of them, so the background
 * asks (background/client/goose-methods.ts) and the agent state keeps what it learned.
 */
import type { HostCapability } from "../../../shared/host-protocol";
import type { SessionInfo } from "../../acp/schema";
import type { AgentState } from "../sessions/client-state";

/** What AgentState.gooseControls lists: the controls the running agent serves, learned by asking. */
export type GooseControl = "rename" | "archive" | "unarchive" | "workingDir" | "extensions" | "recipes";

export const GOOSE_CONTROLS: readonly GooseControl[] = ["rename", "archive", "unarchive", "workingDir", "extensions", "recipes"];

/** The host feature that lets each control's methods pass (an older host refuses them as unknown). */
export const HOST_FEATURE_OF: Readonly<Record<GooseControl, HostCapability>> = {
  rename: "goose_session_methods",
  archive: "goose_session_methods",
  unarchive: "goose_session_methods",
  workingDir: "goose_session_methods",
  extensions: "goose_features",
  recipes: "goose_features",
};

/** The client events of these controls (client-reducer/sessions/goose-sessions.ts). */
export type GooseSessionEvent =
  /** The ready agent serves these of goose's session controls. */
  | { type: "agent_serves_goose"; controls: GooseControl[] }
  /** The agent took the user's name for the session (goose's rename): History, the tab and the session show it. */
  | { type: "session_renamed"; sessionId: string; title: string }
  /** The agent archived the session at `archivedAt` (ISO time), or took it out of the archive (null). */
  | { type: "session_archived"; sessionId: string; archivedAt: string | null }
  /** The session now works in `cwd` (goose's working-dir/update): same session, same agent process. */
  | { type: "session_folder_changed"; sessionId: string; cwd: string };

export function offersGoose(agent: Pick<AgentState, "phase" | "gooseControls"> | null | undefined, control: GooseControl): boolean {
  return agent?.phase === "ready" && (agent.gooseControls?.includes(control) ?? false);
}

/** When goose archived the session (`_meta.archivedAt` in session/list), else null. */
export function archivedAt(item: Pick<SessionInfo, "_meta">): string | null {
  const at = item._meta?.archivedAt;
  return typeof at === "string" && at !== "" ? at : null;
}

/** The user named it (goose's `_meta.userSetName`): no title of the panel's or the agent's replaces it. */
export function namedByUser(item: Pick<SessionInfo, "_meta">): boolean {
  return item._meta?.userSetName === true;
}
