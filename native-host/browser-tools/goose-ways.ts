/**
 * The ways a goose release takes a client's MCP server, and the requests for each. Pure.
 *
 *  - before 1.46: goose's own `_goose/extensions/add {sessionId, config}` / `_goose/extensions/remove
 *    {sessionId, name}`; a non-empty `mcpServers` replaced goose's own extensions (goose issue #11643)
 *    and some builds refused it in session/load, so it is never used there;
 *  - 1.46 and 1.47: `_goose/unstable/session/extensions/add {sessionId, extension}` /
 *    `…/remove {sessionId, extensionKey}`; `mcpServers` still replaced goose's own extensions;
 *  - 1.48 on (goose PR #11339): `mcpServers` of session/new and session/load are added to goose's own
 *    extensions, each one's result in the answer's `_meta.extensionResults`; the unstable methods
 *    still serve a session that is already open.
 * A goose that answers an extension method with -32601 gets the other one (see `otherAddWay`), so a
 * release that moved between these boundaries is still served.
 */

export type GooseWay = "mcp-servers" | "session-extensions" | "legacy-extensions";
/** The ways that add a server to an open session with a request of goose's own. */
export type AddWay = Exclude<GooseWay, "mcp-servers">;

export interface McpServerHttp {
  type: "http";
  name: string;
  url: string;
  headers: Array<{ name: string; value: string }>;
}

interface Request {
  method: string;
  params: Record<string, unknown>;
}

/** goose's per-extension timeout, seconds; above the host's own tool call time-out. */
const GOOSE_EXTENSION_TIMEOUT_S = 300;
const DESCRIPTION = "The user's own browser (goose-browser): tabs, page text, snapshots with element refs, clicks and typing";

/** The way for the version goose reports in `agentInfo` (x.y.z); a goose without one is an old one. */
export function gooseWayOf(version: string | undefined): GooseWay {
  const m = /^(\d+)\.(\d+)\./.exec(version ?? "");
  if (!m) return "legacy-extensions";
  const [major, minor] = [Number(m[1]), Number(m[2])];
  if (major > 1 || minor >= 48) return "mcp-servers";
  if (minor >= 46) return "session-extensions";
  return "legacy-extensions";
}

/** How an open session gets the server in a goose that takes it this way. */
export function addWayOf(way: GooseWay): AddWay {
  return way === "mcp-servers" ? "session-extensions" : way;
}

/** The method to try when goose does not know this one (-32601). */
export function otherAddWay(way: AddWay): AddWay {
  return way === "session-extensions" ? "legacy-extensions" : "session-extensions";
}

export function addRequest(way: AddWay, sessionId: string, server: McpServerHttp): Request {
  if (way === "session-extensions") {
    return {
      method: "_goose/unstable/session/extensions/add",
      params: { sessionId, extension: { type: "mcp", server, description: DESCRIPTION, timeout: GOOSE_EXTENSION_TIMEOUT_S } },
    };
  }
  return {
    method: "_goose/extensions/add",
    params: {
      sessionId,
      config: {
        type: "streamable_http",
        name: server.name,
        description: DESCRIPTION,
        uri: server.url,
        headers: Object.fromEntries(server.headers.map((h) => [h.name, h.value])),
        timeout: GOOSE_EXTENSION_TIMEOUT_S,
      },
    },
  };
}

export function removeRequest(way: AddWay, sessionId: string, name: string): Request {
  return way === "session-extensions"
    ? { method: "_goose/unstable/session/extensions/remove", params: { sessionId, extensionKey: extensionKey(name) } }
    : { method: "_goose/extensions/remove", params: { sessionId, name } };
}

/** goose's key for an extension: the name lowercased, other characters than a–z and 0–9 as `_`. */
function extensionKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "_");
}

/** Whether a session answer lists goose's per-extension results at all. */
export function reportsExtensions(result: unknown): boolean {
  return Array.isArray((result as { _meta?: { extensionResults?: unknown } } | undefined)?._meta?.extensionResults);
}

/**
 * What a session answer's `_meta.extensionResults` (goose's per-extension results) says about the
 * server `name`: undefined when the agent did not report it.
 */
export function extensionResult(result: unknown, name: string): { success: true } | { success: false; error: string } | undefined {
  const list = (result as { _meta?: { extensionResults?: unknown } } | undefined)?._meta?.extensionResults;
  if (!Array.isArray(list)) return undefined;
  const entry = list.find((e): e is { name: string; success?: unknown; error?: unknown } => (e as { name?: unknown })?.name === name);
  if (!entry) return undefined;
  if (entry.success === true) return { success: true };
  return { success: false, error: typeof entry.error === "string" && entry.error ? entry.error : "it could not load the server" };
}
