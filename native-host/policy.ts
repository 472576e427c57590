/**
 * What may pass through the host, in each direction. Pure: takes parsed messages, returns decisions.
 *
 * Extension → agent: only JSON-RPC 2.0 objects; requests and notifications only for ACP methods (so
 * no message can reach an agent's private extension methods such as goose's `_goose/config/*`), and
 * `mcpServers` replaced by what the host allows: a stdio MCP server is an arbitrary command.
 * Agent → extension: only JSON-RPC 2.0 objects. Ids are never touched in either direction.
 */
import { type HostErrorCode, isJsonRpc, type JsonRpcMessage } from "../shared/host-protocol";

/** ACP v1 client→agent methods (stable spec) plus the protocol-level cancel. */
const ALLOWED_CLIENT_METHODS: ReadonlySet<string> = new Set([
  "initialize",
  "authenticate",
  "logout",
  "session/new",
  "session/load",
  "session/list",
  "session/delete",
  "session/resume",
  "session/close",
  "session/set_mode",
  "session/set_config_option",
  "session/prompt",
  "session/cancel",
  "$/cancel_request",
]);

/** Methods whose params carry `mcpServers`. */
const MCP_SERVER_METHODS: ReadonlySet<string> = new Set(["session/new", "session/load", "session/resume"]);

export type InboundDecision =
  | {
      action: "forward";
      message: JsonRpcMessage;
      /** True when the policy changed the message, so its original bytes must not be sent. */
      rewritten: boolean;
      replacedMcpServers: number;
    }
  | {
      action: "refuse";
      code: HostErrorCode;
      reason: string;
      /** A JSON-RPC error for the extension when the refused message was a request (so it never hangs). */
      reply?: JsonRpcMessage;
    };

export function checkFromExtension(value: unknown, allowedMcpServers: readonly unknown[] = []): InboundDecision {
  if (!isJsonRpc(value)) {
    return { action: "refuse", code: "not_jsonrpc", reason: "not a JSON-RPC 2.0 message or host command" };
  }
  if (value.method === undefined) return { action: "forward", message: value, rewritten: false, replacedMcpServers: 0 };
  if (!ALLOWED_CLIENT_METHODS.has(value.method)) {
    const reason = `method ${JSON.stringify(value.method)} is not allowed by the goose-browser host`;
    const isRequest = "id" in value && value.id !== undefined;
    return {
      action: "refuse",
      code: "method_not_allowed",
      reason,
      ...(isRequest ? { reply: { jsonrpc: "2.0", id: value.id ?? null, error: { code: -32601, message: reason } } } : {}),
    };
  }
  if (MCP_SERVER_METHODS.has(value.method) && isRecord(value.params)) {
    const sent = value.params.mcpServers;
    const replacedMcpServers = Array.isArray(sent) ? sent.length : 0;
    return {
      action: "forward",
      message: { ...value, params: { ...value.params, mcpServers: [...allowedMcpServers] } },
      rewritten: true,
      replacedMcpServers,
    };
  }
  return { action: "forward", message: value, rewritten: false, replacedMcpServers: 0 };
}

export function isForwardableFromAgent(value: unknown): value is JsonRpcMessage {
  return isJsonRpc(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
