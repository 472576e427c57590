/**
 * A JSON-RPC message from the browser made ready for the agent's stdin, or refused: the policy's
 * decision (policy.ts) turned into the line to write. Pure: reads the frame's bytes and scan only.
 */
import type { HostErrorCode, JsonRpcMessage } from "../../shared/host-protocol";
import { withFileSystem } from "../files/capability";
import { echo } from "../jsonrpc/clip";
import { type JsonScan, scanJson } from "../jsonrpc/json-scan";
import { readHead, readMember } from "../jsonrpc/message-head";
import { checkFromExtension, PARAMS_READ_FOR } from "../jsonrpc/policy";
import { asOneLine, withParamsMember } from "../jsonrpc/raw-message";
import { requestIdText } from "../jsonrpc/rpc-id";

/** The JSON-RPC error answering a refused request: `id` is its id's exact text. */
export interface RefusalReply {
  id: string;
  code: number;
  message?: string;
}

export type ForAgent =
  | { action: "refuse"; code: HostErrorCode; reason: string; reply?: RefusalReply }
  | {
      action: "forward";
      message: JsonRpcMessage;
      /** The bytes to write, without the newline: the frame's own buffer when nothing had to change. */
      line: Buffer;
      /** A request's id as the exact text it came with: host-made answers echo it byte for byte. */
      requestId?: string;
      /** How many `mcpServers` of the extension's the host's own list replaced (0 if none were sent). */
      replacedMcpServers?: number;
      /** An `initialize`: whether it now offers the agent the host's file system. */
      fileSystem?: boolean;
    };

/**
 * `mcpServers`: the list the host allows in place of the extension's (asked only when the message carries one);
 * `fileSystem`: whether `initialize` offers the agent the host's file system (files/), whatever the extension said.
 */
export function forAgent(
  raw: Buffer,
  scan: JsonScan,
  mcpServers: (request: JsonRpcMessage) => unknown,
  fileSystem: () => boolean = () => false,
): ForAgent {
  const head = readHead(raw, scan);
  if (head && typeof head.method === "string" && PARAMS_READ_FOR.has(head.method)) head.params = readMember(raw, scan, "params");
  const decision = checkFromExtension(head);
  const requestId = requestIdText(raw, scan);
  if (decision.action === "refuse") {
    const { code, reason, reply } = decision;
    return { action: "refuse", code, reason, ...(reply && requestId !== undefined ? { reply: { id: requestId, ...reply } } : {}) };
  }
  let bytes = raw;
  if (decision.replaceMcpServers !== undefined) {
    // Spliced into the original bytes: everything else, the id included, goes on as it came.
    bytes = withParamsMember(raw, scan, "mcpServers", JSON.stringify(mcpServers(decision.message))) ?? raw;
  }
  let offered: boolean | undefined;
  if (decision.message.method === "initialize" && decision.message.id !== undefined) {
    const spliced = withFileSystem(bytes, bytes === raw ? scan : scanJson(bytes), decision.message.params, fileSystem());
    offered = spliced !== undefined && fileSystem();
    bytes = spliced ?? bytes;
  }
  return {
    action: "forward",
    message: decision.message,
    line: asOneLine(bytes),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(decision.replaceMcpServers !== undefined ? { replacedMcpServers: decision.replaceMcpServers } : {}),
    ...(offered !== undefined ? { fileSystem: offered } : {}),
  };
}

/** A message in a log line or an error, its method and id clipped. */
export function describe(m: JsonRpcMessage): string {
  if (m.method !== undefined) return m.id !== undefined ? `request ${echo(m.method)} #${echo(m.id)}` : `notification ${echo(m.method)}`;
  return `response #${echo(m.id)}`;
}
