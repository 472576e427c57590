/**
 * goose's own session methods (`_goose/unstable/session/…`), served by goose 1.50 on without being
 * advertised in initialize: rename, archive and unarchive (History), the session's working folder,
 * and the session's info. Their shapes are goose's (crates/goose/src/acp/server/manage_sessions.rs,
 * checked against the 1.50 and 1.52 binaries): each answers `{}`, info `{session: {cwd, title, …}}`.
 */
import type { GooseFeatureMethod, GooseSessionMethod } from "../../shared/goose-session-methods";
import type { GooseControl } from "../state/connection/goose-controls";
import type { AgentConnection } from "./agent-connection";

const METHOD_NOT_FOUND = -32601;

/** Each control's method. */
export const GOOSE_METHOD_OF: Readonly<Record<GooseControl, GooseSessionMethod | GooseFeatureMethod>> = {
  rename: "_goose/unstable/session/rename",
  archive: "_goose/unstable/session/archive",
  unarchive: "_goose/unstable/session/unarchive",
  workingDir: "_goose/unstable/session/working-dir/update",
  // Asked without a sessionId, as the others; recipes by decode without its deeplink (list would answer).
  extensions: "_goose/unstable/session/extensions/list",
  recipes: "_goose/unstable/recipes/decode",
};

/**
 * Whether the agent serves `method`: asked without the `sessionId` (or deeplink) each requires, so
 * nothing is done; goose answers -32602 (invalid params) for a method it has, and every JSON-RPC
 * peer -32601 for one it has not. Any other answer counts as served.
 */
export async function servesGooseMethod(conn: AgentConnection, method: GooseSessionMethod | GooseFeatureMethod): Promise<boolean> {
  try {
    await conn.extRequest(method, {});
    return true;
  } catch (e) {
    return (e as { code?: unknown } | null)?.code !== METHOD_NOT_FOUND;
  }
}

/** goose keeps the title as the user's (`_meta.userSetName`), never replacing it with one of its own. */
export async function renameSession(conn: AgentConnection, sessionId: string, title: string): Promise<void> {
  await conn.extRequest(GOOSE_METHOD_OF.rename, { sessionId, title });
}

/** goose marks it archived (`_meta.archivedAt` in session/list) and lets go of it in memory; it still loads. */
export async function archiveSession(conn: AgentConnection, sessionId: string): Promise<void> {
  await conn.extRequest(GOOSE_METHOD_OF.archive, { sessionId });
}

export async function unarchiveSession(conn: AgentConnection, sessionId: string): Promise<void> {
  await conn.extRequest(GOOSE_METHOD_OF.unarchive, { sessionId });
}

/** goose checks the folder (absolute, an existing directory: -32602 otherwise) and moves the session's tools there. */
export async function updateWorkingDir(conn: AgentConnection, sessionId: string, workingDir: string): Promise<void> {
  await conn.extRequest(GOOSE_METHOD_OF.workingDir, { sessionId, workingDir });
}
