/**
 * What may pass through the host, in each direction. Pure: takes parsed messages, returns decisions.
 *
 * Extension → agent: only JSON-RPC 2.0 objects whose id (if any) is a string, number or null;
 * requests and notifications only for ACP methods (so no message can reach an agent's private
 * extension methods such as goose's `_goose/config/*`), and `mcpServers` replaced by what the host
 * allows: a stdio MCP server is an arbitrary command (the relay splices that into the original bytes).
 * Agent → extension: only JSON-RPC 2.0 objects. Ids are never touched in either direction.
 */
import { GOOSE_EXTENSION_ADD, GOOSE_FEATURE_METHODS, GOOSE_SESSION_METHODS } from "../../shared/goose-session-methods";
import { type HostErrorCode, isJsonRpc, type JsonRpcMessage } from "../../shared/host-protocol";
import { echo } from "./clip";
import { refusedExtensionAdd } from "./goose-extension-add";
import { INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND } from "./rpc-reply";

/** ACP v1 client→agent methods (stable spec), session/fork (unstable, gated by the agent's capability) and the protocol-level cancel. */
const ALLOWED_CLIENT_METHODS: ReadonlySet<string> = new Set([
  "initialize",
  "authenticate",
  "logout",
  "session/new",
  "session/load",
  "session/list",
  "session/delete",
  "session/resume",
  "session/fork",
  "session/close",
  "session/set_mode",
  "session/set_config_option",
  "session/prompt",
  "session/cancel",
  "$/cancel_request",
  // goose's steer adds the user's message to the running turn: no more than session/prompt can do.
  "_goose/unstable/session/steer",
  // Claude's and Codex's adapters take the same through `_session/steering` (advertised in initialize).
  "_session/steering",
  // goose's own session controls: each changes one session's name, archive mark or folder, as History
  // and the panel offer (the folder as freely as session/new's cwd). The hello says so
  // (`goose_session_methods`), so an extension never asks an older host that would refuse them.
  ...GOOSE_SESSION_METHODS,
  // goose's extensions of a session and its recipes (`goose_features`): an add is checked below.
  ...GOOSE_FEATURE_METHODS,
]);

/** Methods whose params carry `mcpServers`. */
const MCP_SERVER_METHODS: ReadonlySet<string> = new Set(["session/new", "session/load", "session/resume", "session/fork"]);

/**
 * The messages from the extension whose `params` the host reads: `mcpServers` here, the session id in
 * browser-tools/offering.ts, the folders in files/session-folders.ts, `clientCapabilities.fs` in
 * `initialize` (files/capability.ts). The relay parses no other message's params (see message-head.ts).
 */
export const PARAMS_READ_FOR: ReadonlySet<string> = new Set([
  ...MCP_SERVER_METHODS,
  "session/close",
  "session/delete",
  "initialize",
  GOOSE_EXTENSION_ADD,
]);

export type InboundDecision =
  | {
      action: "forward";
      message: JsonRpcMessage;
      /** Set when `params.mcpServers` must be replaced by the host's list before forwarding: how many the extension sent. */
      replaceMcpServers?: number;
    }
  | {
      action: "refuse";
      code: HostErrorCode;
      reason: string;
      /** The JSON-RPC error to answer a refused request with (so it never hangs); the relay adds the id. */
      reply?: { code: number; message: string };
    };

/**
 * Prefix of the ids of requests the host makes itself (browser tools); their answers never reach the
 * extension, so the extension may not use such ids: an agent's answer to it would be swallowed.
 */
export const HOST_REQUEST_PREFIX = "goose-browser-host/";

export function checkFromExtension(value: unknown): InboundDecision {
  if (!isJsonRpc(value)) {
    return { action: "refuse", code: "not_jsonrpc", reason: "not a JSON-RPC 2.0 message or host command" };
  }
  const isRequest = value.method !== undefined && "id" in value;
  if ("id" in value && !isValidId(value.id)) {
    const reason = "a JSON-RPC id must be a string, a number or null";
    return { action: "refuse", code: "not_jsonrpc", reason, ...(isRequest ? { reply: { code: INVALID_REQUEST, message: reason } } : {}) };
  }
  if (isRequest && typeof value.id === "string" && value.id.startsWith(HOST_REQUEST_PREFIX)) {
    const reason = `request ids starting with ${HOST_REQUEST_PREFIX} are reserved for the host`;
    return { action: "refuse", code: "not_jsonrpc", reason, reply: { code: INVALID_REQUEST, message: reason } };
  }
  if (value.method === undefined) return { action: "forward", message: value };
  if (!ALLOWED_CLIENT_METHODS.has(value.method)) {
    const reason = `method ${echo(value.method)} is not allowed by the goose-browser host`;
    return {
      action: "refuse",
      code: "method_not_allowed",
      reason,
      ...(isRequest ? { reply: { code: METHOD_NOT_FOUND, message: reason } } : {}),
    };
  }
  const refusedAdd = value.method === GOOSE_EXTENSION_ADD ? refusedExtensionAdd(value.params) : null;
  if (refusedAdd) {
    return {
      action: "refuse",
      code: "method_not_allowed",
      reason: refusedAdd,
      ...(isRequest ? { reply: { code: INVALID_PARAMS, message: refusedAdd } } : {}),
    };
  }
  if (MCP_SERVER_METHODS.has(value.method) && isRecord(value.params)) {
    const sent = value.params.mcpServers;
    return { action: "forward", message: value, replaceMcpServers: Array.isArray(sent) ? sent.length : 0 };
  }
  return { action: "forward", message: value };
}

function isValidId(id: unknown): boolean {
  return typeof id === "string" || typeof id === "number" || id === null;
}

export function isForwardableFromAgent(value: unknown): value is JsonRpcMessage {
  return isJsonRpc(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
