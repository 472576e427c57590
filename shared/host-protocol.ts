/**
 * The host ⇄ extension control channel that travels beside JSON-RPC on the native port.
 *
 * Every native-port message is exactly one of:
 *  - a JSON-RPC 2.0 message (has `"jsonrpc": "2.0"`), relayed verbatim between extension and agent;
 *  - host → extension only: a JSON array of JSON-RPC 2.0 messages, the agent's lines in the order it
 *    wrote them (a JSON-RPC batch, https://www.jsonrpc.org/specification#batch). The host sends the
 *    verbatim lines that one read of the agent's output completed as one such array, built from
 *    their own bytes, at most MAX_VERBATIM_BYTES long; a line read alone goes unwrapped. The
 *    extension handles each element as its own message, in order;
 *  - a host message `{ "host": { "type": ..., ... } }` (never has a `jsonrpc` key), so the two
 *    can never be confused.
 *
 * Agent lines larger than MAX_VERBATIM_BYTES are sent as `chunk` host messages while they arrive:
 * the line's bytes are cut into CHUNK_PIECE_BYTES pieces, each base64-encoded; `index` runs 0, 1, …,
 * all pieces of one line share `id`, are sent consecutively, and the final one has `last: true`.
 * The host does not parse a chunked line; the extension does, after reassembly (shared/chunks.ts).
 */

import type { ToolResultBody } from "./browser-tools";
import type { EditUndo, FileEdit, UndoEditCommand } from "./file-edits";
import type { ServeProfileCommand, ServeProfileResult } from "./serve-profiles";

/** Bumped only on a breaking change to this file's shapes. */
export const HOST_PROTOCOL_VERSION = 3;

/** The oldest extension protocol this build's host serves: 3 made batches arrays, which a protocol-2 extension cannot read. */
export const MIN_EXTENSION_PROTOCOL = 3;

/** The oldest host protocol this build's extension works with: one behind keeps working (a store takes days
 * to review an extension update), with the features it lacks off. */
export const MIN_HOST_PROTOCOL = HOST_PROTOCOL_VERSION - 1;

/**
 * Features a host announces in its hello, so the extension turns off what a host lacks instead of
 * guessing from version numbers:
 *  - `browser_tools`: the `browser_tools` and `tool_result` commands and `tool_call` events;
 *  - `browser_tools_offer`: `browser_tools_offer` events (whether the agent took the tools);
 *  - `file_edits`: the host serves the agent's `fs/*` requests, with `file_edit` and `edit_undo`
 *    events and the `undo_edit` command (shared/file-edits.ts);
 *  - `goose_session_methods`: goose's session methods in goose-session-methods.ts pass to the agent;
 *  - `goose_features`: goose's extension and recipe methods there (GOOSE_FEATURE_METHODS) pass too.
 *  - `serve_profiles`: the commands that add and remove goose serve profiles (shared/serve-profiles.ts).
 */
/**
 * The host's JSON-RPC error messages (code -32603) for a request no agent took (sent while it stopped or started)
 * or left unanswered by an agent that exited. Nothing was done: the extension may ask the next agent again.
 */
export const AGENT_NOT_RUNNING_REPLY = "The agent is not running";
export const AGENT_EXITED_REPLY = "The agent exited before answering";

export const HOST_CAPABILITIES = ["browser_tools", "browser_tools_offer", "goose_session_methods", "file_edits", "goose_features"] as const;
export type HostCapability = (typeof HOST_CAPABILITIES)[number];

/** Chrome closes the port on any host→browser message over 1 MiB. */
export const CHROME_MAX_HOST_MESSAGE_BYTES = 1024 * 1024;
/** Agent lines up to this size are forwarded verbatim (a margin below Chrome's cap). */
export const MAX_VERBATIM_BYTES = CHROME_MAX_HOST_MESSAGE_BYTES - 1024;
/** Raw bytes per chunk piece: base64 makes it 4/3 larger, ≈ 683 KiB, well under the cap. */
export const CHUNK_PIECE_BYTES = 512 * 1024;
/** The largest agent line either side accepts (the same 64 MiB Chrome allows browser→host). */
export const MAX_CHUNKED_LINE_BYTES = 64 * 1024 * 1024;
/** Chrome's browser→host cap; larger incoming frames are refused. */
export const MAX_INCOMING_FRAME_BYTES = 64 * 1024 * 1024;

interface AgentStatusBase {
  /** The configured profile this status is about (e.g. "goose"). */
  profile: string;
}

export type AgentStatus =
  | (AgentStatusBase & { state: "idle" })
  | (AgentStatusBase & { state: "discovering" })
  | (AgentStatusBase & { state: "starting"; command: string; version?: string })
  /** For a goose serve profile, `command` is the server's URL and `pid` the connection's number (1, 2, … on each reconnection). */
  | (AgentStatusBase & { state: "running"; command: string; pid: number; cwd: string; version?: string })
  | (AgentStatusBase & {
      state: "exited";
      command: string;
      code: number | null;
      signal: string | null;
      /** The last lines the agent wrote to stderr, for the user to read. */
      stderrTail: string[];
    })
  | (AgentStatusBase & { state: "not_found"; command: string; searched: string[]; fix: string })
  | (AgentStatusBase & { state: "outdated"; command: string; version: string; required: string; fix: string })
  | (AgentStatusBase & { state: "failed"; command?: string; message: string; fix: string });

/** Why the host refused or dropped something the extension sent. */
export type HostErrorCode =
  | "frame_too_large"
  | "frame_truncated"
  | "invalid_utf8"
  | "invalid_json"
  /** Nested deeper than the host accepts (arrays and objects). */
  | "too_deep"
  /** An object holds the same key twice: parsers disagree on which copy wins. */
  | "duplicate_key"
  | "not_jsonrpc"
  | "method_not_allowed"
  | "agent_not_running"
  | "unknown_profile"
  | "unknown_command"
  /** A known host command whose fields do not fit its schema. */
  | "invalid_command"
  | "invalid_cwd"
  | "protocol_mismatch"
  /** The host withheld one of its own messages that would have gone over CHROME_MAX_HOST_MESSAGE_BYTES. */
  | "message_too_large";

export interface HostHello {
  type: "hello";
  hostVersion: string;
  protocolVersion: number;
  /** Profile names from the host config, in config order. */
  profiles: string[];
  defaultProfile: string;
  /** The working directory the agent runs in and sessions should use. */
  cwd: string;
  platform: string;
  logFile: string;
  /** Where the host read its config, and why it could not use it (if so). */
  configFile: string;
  configError?: string;
  /** The node running the host, and the host bundle's own path (an installed copy or a checkout). */
  nodeVersion: string;
  hostPath: string;
  /** This host serves browser tools (`browser_tools`, `tool_call`, `tool_result`); hosts before `capabilities` said only this. */
  browserTools?: boolean;
  /** The features this host serves (HOST_CAPABILITIES; a newer host may name more). */
  capabilities?: string[];
  /** The oldest extension protocol this host serves (before this field: only its own protocolVersion). */
  minExtensionProtocol?: number;
  /** No host: the extension's own connection to a goose serve (extension/background/direct/), without browser tools. */
  direct?: true;
}

/**
 * The host re-read its config file after it changed (a profile added with `goose-browser add`, an
 * edit): what a `hello` said about it, now. Sent only when one of these changed. An older extension
 * ignores it and sees the new profiles on its next connection.
 */
export interface HostConfigUpdate {
  type: "config";
  profiles: string[];
  defaultProfile: string;
  cwd: string;
  configFile: string;
  configError?: string;
}

export interface ProfileDiagnosis {
  name: string;
  command: string;
  args: string[];
  /** The executable the host would run, if found. */
  resolved?: string;
  version?: string;
  problem?: { state: "not_found" | "outdated" | "failed"; fix: string };
  /** A goose serve profile (shared/serve-profiles.ts): `command` is its URL. */
  serve?: true;
}

/** The answer to `diagnose`: what a bug report needs. Never includes the environment (API keys). */
export interface HostDiagnostics {
  type: "diagnostics";
  logTail: string[];
  profiles: ProfileDiagnosis[];
  /** Where goose keeps its own logs, when the default profile is goose. */
  agentLogDir?: string;
}

export interface HostStatusMessage {
  type: "status";
  status: AgentStatus;
}

/** One piece of an agent line over MAX_VERBATIM_BYTES (see the top of this file). */
export interface HostChunk {
  type: "chunk";
  /** Shared by the pieces of one line; unique per host run. */
  id: string;
  /** 0, 1, 2, … within the line. */
  index: number;
  /** base64 of this piece's raw bytes. */
  data: string;
  /** True on the line's final piece: the whole line can be parsed now. */
  last: boolean;
  /** The host gave up on the line (over MAX_CHUNKED_LINE_BYTES): on a final, empty piece; discard the earlier ones. */
  abandoned?: string;
}

export interface HostError {
  type: "error";
  code: HostErrorCode;
  message: string;
}

/** The agent called a browser tool on the host's MCP server; answer with `tool_result` (shared/browser-tools.ts). */
export interface HostToolCall {
  type: "tool_call";
  /** Unique per host run; echo it in the result. */
  callId: string;
  tool: string;
  /** The tool's arguments as the agent sent them; validate with BROWSER_TOOL_INPUTS before use. */
  args: unknown;
  /** The ACP session the agent was serving when it called, when the host knows it. */
  sessionId?: string;
}

/**
 * Whether the agent took the browser-tools server into a session (the host offers it; only the agent
 * knows whether it loaded). An older extension ignores this message.
 *  - `added`: the agent said it loaded the server;
 *  - `offered`: given in the session's `mcpServers`, and the agent did not say how it went;
 *  - `failed`: the agent refused or could not reach it (`detail` has its words);
 *  - `removed`: taken back after the user turned the tools off;
 *  - `later`: the session was open before the tools were turned on, and this agent only takes a
 *    server when a session is started or opened;
 *  - `unsupported`: the agent takes no MCP server over HTTP.
 */
export interface HostToolsOffer {
  type: "browser_tools_offer";
  sessionId: string;
  outcome: "added" | "offered" | "failed" | "removed" | "later" | "unsupported";
  /** How it was given: `mcpServers`, or the agent's own method. */
  via?: string;
  detail?: string;
}

export type HostEvent =
  | HostHello
  | HostConfigUpdate
  | HostStatusMessage
  | HostChunk
  | HostError
  | HostDiagnostics
  | HostToolCall
  | HostToolsOffer
  | FileEdit
  | EditUndo
  | ServeProfileResult;

/** Commands the extension may send. None of them names a program: profiles come from the host config. */
export type HostCommand =
  /**
   * `protocolVersion`: the protocol the extension will speak on this port, the host's own or one it
   * serves (hello's minExtensionProtocol). `cwd`: where the agent should run and sessions start; an
   * existing absolute folder, or the config's.
   */
  | { type: "start"; protocolVersion: number; profile?: string; cwd?: string }
  | { type: "restart"; profile?: string; cwd?: string }
  | { type: "diagnose" }
  /** Offer the host's browser-tools MCP server to the agent's sessions (off until the user turns it on). */
  | { type: "browser_tools"; enabled: boolean }
  /** The outcome of a `tool_call`: MCP content, `isError` for a tool error the agent should see. */
  | ({ type: "tool_result" } & ToolResultBody)
  /** Restore a file the agent wrote to its content before that edit, unless it changed since. */
  | UndoEditCommand
  | ServeProfileCommand;

export interface HostEnvelope<T> {
  host: T;
}

export type JsonRpcId = string | number | null;

export interface JsonRpcMessage {
  jsonrpc: "2.0";
  id?: JsonRpcId;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export function isJsonRpc(value: unknown): value is JsonRpcMessage {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== "2.0") return false;
  if ("method" in m) return typeof m.method === "string";
  // A response: an id plus exactly one of result / error.
  return "id" in m && "result" in m !== "error" in m;
}

export function isHostEnvelope(value: unknown): value is HostEnvelope<{ type: string }> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  if ("jsonrpc" in m) return false;
  const h = m.host;
  return typeof h === "object" && h !== null && typeof (h as { type?: unknown }).type === "string";
}

export function hostMessage<T extends { type: string }>(event: T): HostEnvelope<T> {
  return { host: event };
}
