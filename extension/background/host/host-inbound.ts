/**
 * Reads what the native host sends and decides what it means: state events, a reply, or a reason to
 * hang up. Pure apart from the chunk buffer it owns, so it is tested without a browser.
 */

import { ChunkReassembler } from "../../../shared/chunks";
import { editUndoSchema, fileEditSchema } from "../../../shared/file-edits";
import {
  type HostChunk,
  type HostCommand,
  type HostConfigUpdate,
  type HostDiagnostics,
  type HostEnvelope,
  type HostError,
  type HostHello,
  type HostStatusMessage,
  type HostToolCall,
  type HostToolsOffer,
  hostMessage,
  isHostEnvelope,
  isJsonRpc,
  type JsonRpcMessage,
} from "../../../shared/host-protocol";
import type { ServeProfileResult } from "../../../shared/serve-profiles";
import type { AgentChoice, ConnectionEvent } from "../../state/connection/connection";
import { hostFit } from "../../state/connection/host-compat";
import type { FileEditsEvent } from "../../state/file-edits/file-edits";

export interface InboundResult {
  events: ConnectionEvent[];
  /** A command to send back on the same port. */
  reply?: HostEnvelope<HostCommand>;
  /** The host cannot be talked to (protocol mismatch): close the port. */
  hangUp?: boolean;
  /** Agent messages for the ACP client. */
  jsonRpc?: JsonRpcMessage[];
  /** Browser tool calls to carry out and answer with `tool_result`. */
  toolCalls?: HostToolCall[];
  /** Whether the agent took the browser tools into a session. */
  toolOffers?: HostToolsOffer[];
  /** The agent's file edits as the host carried them out, and the answers to Undo. */
  fileEdits?: FileEditsEvent[];
}

const OFFER_OUTCOMES: ReadonlySet<string> = new Set<HostToolsOffer["outcome"]>([
  "added",
  "offered",
  "failed",
  "removed",
  "later",
  "unsupported",
]);

const NOTHING: InboundResult = { events: [] };

export class HostInbound {
  private readonly chunks: ChunkReassembler;

  constructor(
    chunks: ChunkReassembler = new ChunkReassembler(),
    /** The user's chosen agent profile and working folder (options page), if any. */
    private readonly choice: () => AgentChoice = () => ({}),
  ) {
    this.chunks = chunks;
  }

  receive(raw: unknown): InboundResult {
    if (isJsonRpc(raw)) return { events: [], jsonRpc: [raw] };
    if (Array.isArray(raw)) return this.batch(raw);
    if (!isHostEnvelope(raw)) return NOTHING; // not ours to understand; the host never sends this
    const event = raw.host;
    switch (event.type) {
      case "hello":
        return this.hello(event as HostHello);
      case "config":
        return this.config(event as HostConfigUpdate);
      case "status":
        return { events: [{ type: "agent_status", status: (event as HostStatusMessage).status }] };
      case "error":
        return { events: [{ type: "host_error", error: event as HostError }] };
      case "diagnostics":
        return { events: [{ type: "host_diagnostics", diagnostics: event as HostDiagnostics }] };
      case "chunk":
        return this.chunk(event as HostChunk);
      case "tool_call":
        return this.toolCall(event as HostToolCall);
      case "browser_tools_offer":
        return this.toolOffer(event as HostToolsOffer);
      case "file_edit":
      case "edit_undo":
        return this.fileEdit(event);
      case "serve_profile_result":
        return serveProfileResult(event as ServeProfileResult);
      default:
        return NOTHING; // a newer host's extra event: ignore rather than fail
    }
  }

  /** The port closed: a half-received chunked message is lost. */
  close(): ConnectionEvent[] {
    return this.chunks.pending ? [{ type: "chunk_dropped", reason: "the port closed mid-message" }] : [];
  }

  private hello(hello: HostHello): InboundResult {
    const events: ConnectionEvent[] = [{ type: "hello", hello }];
    const fit = hostFit(hello);
    if (fit.verdict === "too_old" || fit.verdict === "too_new") return { events, hangUp: true };
    const { profile, cwd } = this.choice();
    // A profile the host no longer has falls back to its default rather than failing the start.
    const known = profile !== undefined && hello.profiles.includes(profile);
    return {
      events,
      reply: hostMessage<HostCommand>({
        type: "start",
        // The host's own protocol when it is one behind, so it accepts the start.
        protocolVersion: fit.speak,
        ...(known ? { profile } : {}),
        ...(cwd ? { cwd } : {}),
      }),
    };
  }

  /** The host re-read its config: only a well-formed update replaces what its hello said. */
  private config(update: HostConfigUpdate): InboundResult {
    const { profiles, defaultProfile, cwd, configFile, configError } = update;
    if (!Array.isArray(profiles) || !profiles.every((p) => typeof p === "string")) return NOTHING;
    if (typeof defaultProfile !== "string" || typeof cwd !== "string" || typeof configFile !== "string") return NOTHING;
    const config: HostConfigUpdate = {
      type: "config",
      profiles,
      defaultProfile,
      cwd,
      configFile,
      ...(typeof configError === "string" ? { configError } : {}),
    };
    return { events: [{ type: "host_config", config }] };
  }

  /**
   * Agent lines the host read together, as one array (shared/host-protocol.ts): each element is its
   * own message, in order. The host only sends JSON-RPC there; anything else is skipped like a
   * stray message, without losing the rest.
   */
  private batch(items: unknown[]): InboundResult {
    const jsonRpc: JsonRpcMessage[] = [];
    for (const item of items) if (isJsonRpc(item)) jsonRpc.push(item);
    return { events: [], jsonRpc };
  }

  /** A call without a usable id cannot be answered, so it is dropped (the host times it out). */
  private toolCall(call: HostToolCall): InboundResult {
    if (typeof call.callId !== "string" || call.callId === "" || typeof call.tool !== "string") return NOTHING;
    return { events: [], toolCalls: [call] };
  }

  private toolOffer(offer: HostToolsOffer): InboundResult {
    if (typeof offer.sessionId !== "string" || !OFFER_OUTCOMES.has(offer.outcome)) return NOTHING;
    const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 500) : undefined);
    const via = text(offer.via);
    const detail = text(offer.detail);
    return {
      events: [],
      toolOffers: [
        {
          type: "browser_tools_offer",
          sessionId: offer.sessionId,
          outcome: offer.outcome,
          ...(via ? { via } : {}),
          ...(detail ? { detail } : {}),
        },
      ],
    };
  }

  /** Checked against the shared schema: a malformed report is dropped, never half-shown. */
  private fileEdit(event: { type: string }): InboundResult {
    if (event.type === "file_edit") {
      const edit = fileEditSchema.safeParse(event);
      return edit.success ? { events: [], fileEdits: [{ type: "file_edited", edit: edit.data }] } : NOTHING;
    }
    const answer = editUndoSchema.safeParse(event);
    return answer.success ? { events: [], fileEdits: [{ type: "edit_undo_answered", answer: answer.data }] } : NOTHING;
  }

  private chunk(chunk: HostChunk): InboundResult {
    const { complete, dropped } = this.chunks.accept(chunk);
    const events: ConnectionEvent[] = [];
    if (dropped) events.push({ type: "chunk_dropped", reason: dropped });
    if (!complete) return { events };
    const message = this.parse(complete);
    if (!message) {
      events.push({ type: "chunk_dropped", reason: `chunked message ${chunk.id} is not a JSON-RPC message` });
      return { events };
    }
    return { events, jsonRpc: [message] };
  }

  /** The host does not parse chunked lines, so this is where a broken one is caught. */
  private parse(text: string): JsonRpcMessage | undefined {
    try {
      const value: unknown = JSON.parse(text);
      return isJsonRpc(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Only a well-formed answer reaches the options page: its name and command, and an outcome or the host's words. */
function serveProfileResult(r: ServeProfileResult): InboundResult {
  const command = r.command === "save_serve_profile" || r.command === "remove_serve_profile" ? r.command : undefined;
  if (typeof r.name !== "string" || !command) return NOTHING;
  const base = { type: "serve_profile_result", name: r.name.slice(0, 200), command } as const;
  const outcome = "outcome" in r && ["added", "updated", "unchanged", "removed"].includes(r.outcome) ? r.outcome : undefined;
  const error = "error" in r && typeof r.error === "string" ? r.error.slice(0, 2000) : undefined;
  const result: ServeProfileResult | undefined = outcome ? { ...base, outcome } : error ? { ...base, error } : undefined;
  return result ? { events: [{ type: "serve_profile_result", result }] } : NOTHING;
}
