/**
 * Wires the stages together: browser frames → policy → agent stdin, and agent lines → frames →
 * browser, with host commands and statuses on the side. Back-pressure both ways: when one side
 * cannot keep up, reading from the other side pauses.
 */

import path from "node:path";
import type { Writable } from "node:stream";
import {
  CHROME_MAX_HOST_MESSAGE_BYTES,
  HOST_PROTOCOL_VERSION,
  type HostCommand,
  type HostErrorCode,
  hostMessage,
  isHostEnvelope,
  type JsonRpcMessage,
} from "../shared/host-protocol";
import { AgentSupervisor } from "./agent/supervisor";
import type { ByteSource } from "./browser-input";
import { BrowserOutbox } from "./browser-outbox";
import { BrowserTools } from "./browser-tools";
import { ChunkGate } from "./chunk-gate";
import { clip, echo } from "./clip";
import { type LoadedConfig, profileNamed } from "./config";
import { diagnose } from "./diagnose";
import { FramePool, POOLED_FRAME_BYTES } from "./frame-pool";
import { type CheckedFrame, FrameDecoder, frameJson } from "./frames";
import { isDirectory } from "./fs-checks";
import type { LineEvent } from "./lines";
import type { Logger } from "./log";
import { MemoryPacer } from "./memory-pacer";
import { readHead, readMember } from "./message-head";
import { AgentOutbound } from "./outbound";
import type { PlatformInfo } from "./paths";
import { PendingRequests } from "./pending-requests";
import { checkFromExtension, PARAMS_READ_FOR } from "./policy";
import { asOneLine, withParamsMember } from "./raw-message";
import { requestIdText } from "./rpc-id";
import { INTERNAL_ERROR, INVALID_REQUEST, rpcErrorFrame } from "./rpc-reply";
import { HOST_VERSION } from "./version";

export interface RelayOptions {
  input: ByteSource;
  output: Writable;
  loaded: LoadedConfig;
  platform: PlatformInfo;
  log: Logger;
  /** The host bundle's own path, for diagnostics. */
  hostPath: string;
  stopGraceMs?: number;
}

export class Relay {
  /**
   * One pool for both directions: a frame from the browser is given back once its write to the agent
   * completes, mostly before the answer to it needs chunk frames, which then use the same buffers.
   */
  private readonly pool = new FramePool();
  private readonly decoder = new FrameDecoder(undefined, undefined, this.pool);
  private readonly supervisor: AgentSupervisor;
  /** Requests forwarded to the agent and not yet answered: answered by the host if the agent goes away. */
  private readonly pending = new PendingRequests();
  private readonly outbound = new AgentOutbound(this.pool);
  private readonly pacer = new MemoryPacer();
  /** Everything for the browser goes through it, in order; agent lines read together leave as one message. */
  private readonly toBrowser = new BrowserOutbox((frame, done) => this.write(frame, done));
  /** Agent reads wait here while a chunk frame is on its way to the browser (chunk-gate.ts). */
  private readonly gate = new ChunkGate(
    (work) => this.toBrowser.read(work),
    (e) => this.fromAgent(e),
    (held) => {
      this.agentHeld = held;
      this.agentFlow();
    },
  );
  /** The agent's output is paused while the browser's pipe is full or agent reads wait at the gate. */
  private outputBlocked = false;
  private agentHeld = false;
  private agentPaused = false;
  private closing: Promise<void> | undefined;
  private readonly browserTools: BrowserTools;

  constructor(private readonly o: RelayOptions) {
    const { config, file, error } = o.loaded;
    this.browserTools = new BrowserTools({
      log: o.log,
      env: o.platform.env,
      sendToExtension: (call) => this.send(frameJson(hostMessage(call))),
      sendToAgent: (message) => void this.supervisor.write(Buffer.from(`${JSON.stringify(message)}\n`)),
    });
    this.supervisor = new AgentSupervisor({
      config,
      configFile: file,
      ...(error ? { configError: error } : {}),
      platform: o.platform,
      log: o.log,
      events: {
        status: (status) => {
          o.log.info(`agent status: ${status.state}${"pid" in status ? ` pid ${status.pid}` : ""}`);
          // The status first: a client that knows why the agent went (exit code, stderr) says so; the
          // answers to its unanswered requests follow, so every request still gets a definite answer.
          this.send(frameJson(hostMessage({ type: "status", status })));
          if (status.state !== "running") this.answerPending();
          this.browserTools.agentStatus(status);
        },
        lines: (events) => this.fromAgentRead(events),
      },
      ...(o.stopGraceMs !== undefined ? { stopGraceMs: o.stopGraceMs } : {}),
    });
  }

  /** Sends the hello and starts reading frames. */
  start(): void {
    const { config } = this.o.loaded;
    this.send(
      frameJson(
        hostMessage({
          type: "hello",
          hostVersion: HOST_VERSION,
          protocolVersion: HOST_PROTOCOL_VERSION,
          profiles: Object.keys(config.profiles),
          defaultProfile: config.defaultProfile,
          cwd: config.cwd,
          platform: this.o.platform.platform,
          logFile: config.logFile,
          configFile: this.o.loaded.file,
          ...(this.o.loaded.error ? { configError: this.o.loaded.error } : {}),
          nodeVersion: process.version,
          hostPath: this.o.hostPath,
          browserTools: true,
        }),
      ),
    );
    this.o.input.onData((chunk) => {
      for (const e of this.decoder.push(chunk)) {
        if (e.kind === "message") {
          // Pooled frames are used again, not left for V8 to collect.
          if (e.bytes > POOLED_FRAME_BYTES) this.pacer.note(e.bytes);
          this.fromExtension(e);
        } else this.refuse(e.code, e.message, e.requestId === undefined ? undefined : { id: e.requestId, code: INVALID_REQUEST });
      }
    });
    this.o.input.onEnd(() => {
      // The browser is gone, so a cut-off frame can only be logged.
      for (const e of this.decoder.end()) if (e.kind === "error") this.o.log.warn(e.message);
    });
  }

  /** Stops the agent (SIGTERM, SIGKILL after the grace period) and flushes what is left to send. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.o.input.pause();
      // Tool calls in flight get their error while the agent can still read it.
      await this.browserTools.close();
      await this.supervisor.shutdown();
      await new Promise<void>((resolve) => {
        if (this.o.output.writableEnded || this.o.output.destroyed) return resolve();
        this.o.output.write(Buffer.alloc(0), () => resolve());
      });
    })();
    return this.closing;
  }

  /** The host is dying of an error: kill the agent's process group now, synchronously. */
  killAgentNow(): void {
    this.supervisor.killNow();
  }

  private fromExtension(frame: CheckedFrame): void {
    let lent = false;
    try {
      lent = this.forwardFromExtension(frame);
    } finally {
      if (!lent) frame.release();
    }
  }

  /** True when the frame's own buffer went to the agent's stdin: the write releases it. */
  private forwardFromExtension(frame: CheckedFrame): boolean {
    const { raw, scan } = frame;
    // A host command is small and read in full; a JSON-RPC message only as far as the policy needs.
    if (scan.members.has("host") && !scan.members.has("jsonrpc")) {
      const value = frame.value;
      if (isHostEnvelope(value)) {
        this.command(value.host as HostCommand);
        return false;
      }
    }
    const head = readHead(raw, scan);
    if (head && typeof head.method === "string" && PARAMS_READ_FOR.has(head.method)) head.params = readMember(raw, scan, "params");
    const decision = checkFromExtension(head);
    // A request's id as the exact text it came with: host-made answers echo it byte for byte.
    const requestId = requestIdText(raw, scan);
    if (decision.action === "refuse") {
      const { reply } = decision;
      this.refuse(decision.code, decision.reason, reply && requestId !== undefined ? { id: requestId, ...reply } : undefined);
      return false;
    }
    const message = decision.message;
    let bytes = raw;
    if (decision.replaceMcpServers !== undefined) {
      // Spliced into the original bytes: everything else, the id included, goes on as it came.
      // Only the host's own browser-tools server, when the user turned the tools on; otherwise none.
      bytes = withParamsMember(raw, scan, "mcpServers", JSON.stringify(this.browserTools.mcpServers(message))) ?? raw;
      if (decision.replaceMcpServers > 0) {
        this.o.log.warn(`${message.method}: ${decision.replaceMcpServers} mcpServers from the extension were removed (host policy)`);
      }
    }
    const line = asOneLine(bytes);
    if (this.o.log.debugEnabled) this.o.log.debug(`→ agent ${describe(message)} ${this.o.log.content(line.toString("utf8"))}`);
    this.browserTools.fromExtension(message);
    if (!this.supervisor.process) {
      this.refuse(
        "agent_not_running",
        `agent is ${this.supervisor.status.state}: ${describe(message)} not delivered`,
        requestId === undefined ? undefined : { id: requestId, code: INTERNAL_ERROR, message: "The agent is not running" },
      );
      return false;
    }
    if (requestId !== undefined) this.pending.add(requestId);
    const lent = line === raw;
    if (!this.supervisor.writeLine(line, lent ? () => frame.release() : undefined)) {
      this.o.input.pause();
      this.supervisor.onceDrain(() => this.o.input.resume());
    }
    return lent;
  }

  /** Answers every request the agent never will (it exited, or was stopped or replaced). */
  private answerPending(): void {
    if (this.pending.size === 0) return;
    const ids = this.pending.takeAll();
    this.o.log.warn(`the agent left ${ids.length} request(s) unanswered; answering them with an error`);
    for (const id of ids) this.send(rpcErrorFrame(id, INTERNAL_ERROR, "The agent exited before answering"));
  }

  private command(cmd: HostCommand): void {
    this.o.log.info(`command from extension: ${cmd.type}`);
    if (cmd.type === "diagnose") {
      void diagnose(this.o.loaded.config, this.o.platform).then((d) => this.send(frameJson(hostMessage(d))));
      return;
    }
    if (cmd.type === "browser_tools" || cmd.type === "tool_result") {
      this.browserTools.command(cmd);
      return;
    }
    if (cmd.type !== "start" && cmd.type !== "restart") {
      this.refuse("unknown_command", `unknown host command ${echo((cmd as { type: unknown }).type)}`);
      return;
    }
    const config = this.o.loaded.config;
    if (cmd.profile !== undefined && !profileNamed(config, cmd.profile)) {
      this.refuse(
        "unknown_profile",
        `no agent profile named ${echo(cmd.profile)}; configured: ${clip(Object.keys(config.profiles).join(", "))}`,
      );
      return;
    }
    if (cmd.cwd !== undefined && !(typeof cmd.cwd === "string" && path.isAbsolute(cmd.cwd) && isDirectory(cmd.cwd))) {
      this.refuse("invalid_cwd", `the working folder ${echo(cmd.cwd)} is not an existing absolute folder`);
      return;
    }
    if (cmd.type === "start") {
      if (cmd.protocolVersion !== HOST_PROTOCOL_VERSION) {
        const newer = typeof cmd.protocolVersion === "number" && cmd.protocolVersion > HOST_PROTOCOL_VERSION;
        this.refuse(
          "protocol_mismatch",
          `the extension speaks host protocol ${echo(cmd.protocolVersion)}, this host (${HOST_VERSION}) speaks ${HOST_PROTOCOL_VERSION}: update the ${newer ? "host" : "extension"}`,
        );
        return;
      }
      void this.supervisor.start(cmd.profile, cmd.cwd);
      return;
    }
    void this.supervisor.restart(cmd.profile, cmd.cwd);
  }

  /** One read of the agent's stdout: its verbatim lines leave together once all of it is handled (browser-outbox.ts). */
  private fromAgentRead(events: LineEvent[]): void {
    this.gate.push(events);
  }

  private fromAgent(e: LineEvent): void {
    const step = this.outbound.accept(e);
    // Only whole lines: a chunked line leaves nothing to collect (its parts are cut from the splitter's
    // holding buffer and its frames are pooled), and collecting in the middle of one was measured to
    // raise the peak.
    if (step.action === "send" && e.kind === "line") this.pacer.note(e.bytes.length);
    if (e.kind === "line") this.pending.noteAgentLine(e.bytes, step.action === "send" ? step.scan : undefined);
    // Browser tools may call this later (a held answer), after the read: the line then goes alone.
    const forward = () => {
      // Chunk frames are the outbound's pooled buffers: they go back once written, and the next part
      // waits until then.
      for (const frame of step.frames) {
        const written = this.gate.chunkSent();
        this.send(frame, () => {
          this.outbound.release(frame);
          written();
        });
      }
      if (step.action === "send") this.toBrowser.line(step.line);
    };
    if (step.action === "drop" && step.reason !== "blank line") {
      this.o.log.warn(`agent stdout ${step.reason}, dropped: ${this.o.log.content(step.preview)}`);
    } else if (step.action === "chunk" && step.last) {
      this.o.log.info(`agent message of ${step.bytes} bytes sent in chunks (${step.id})`);
    }
    if (step.frames.length === 0 && step.action !== "send") return;
    // Browser tools keep the order of what reaches the extension (they may hold an answer) and read in
    // full only the answers they wait for; every other line passes as its head, unparsed.
    let message: JsonRpcMessage | undefined;
    if (step.action === "send" && e.kind === "line") {
      message = this.browserTools.watches(step.head)
        ? (JSON.parse(e.bytes.toString("utf8")) as JsonRpcMessage)
        : { jsonrpc: "2.0", ...step.head };
    }
    this.browserTools.fromAgent(message, forward);
  }

  /** Reports a refusal to the extension, and answers the refused request (`reply.id` is its id's exact text). */
  private refuse(code: HostErrorCode, message: string, reply?: { id: string; code: number; message?: string }): void {
    this.o.log.warn(`refused (${code}): ${message}`);
    this.send(frameJson(hostMessage({ type: "error", code, message })));
    if (reply) this.send(rpcErrorFrame(reply.id, reply.code, reply.message ?? message));
  }

  /** Sends a frame, after the agent lines gathered before it; `done` runs once nothing reads it any more. False when the port is closed. */
  private send(frame: Buffer, done?: () => void): boolean {
    return this.toBrowser.frame(frame, done);
  }

  /**
   * The one way onto the wire: nothing over the browser's per-message limit is ever written. False
   * when the port is closed. `done` runs once nothing reads `frame` any more.
   */
  private write(frame: Buffer, done?: () => void): boolean {
    const out = this.o.output;
    if (out.destroyed || out.writableEnded) {
      done?.();
      return false;
    }
    if (frame.length - 4 > CHROME_MAX_HOST_MESSAGE_BYTES) {
      const message = `the host withheld a ${frame.length - 4}-byte message: the browser closes the port on any over ${CHROME_MAX_HOST_MESSAGE_BYTES}`;
      this.o.log.error(message);
      done?.();
      return this.write(frameJson(hostMessage({ type: "error", code: "message_too_large", message })));
    }
    // The callback runs when the write completes or fails.
    if (!out.write(frame, done && (() => done())) && !this.outputBlocked) {
      // The browser is slower than the agent: stop reading the agent until the pipe drains.
      this.outputBlocked = true;
      this.agentFlow();
      out.once("drain", () => {
        this.outputBlocked = false;
        this.agentFlow();
      });
    }
    return true;
  }

  private agentFlow(): void {
    const pause = this.outputBlocked || this.agentHeld;
    if (pause === this.agentPaused) return;
    this.agentPaused = pause;
    if (pause) this.supervisor.pauseOutput();
    else this.supervisor.resumeOutput();
  }
}

function describe(m: JsonRpcMessage): string {
  if (m.method !== undefined) return m.id !== undefined ? `request ${echo(m.method)} #${echo(m.id)}` : `notification ${echo(m.method)}`;
  return `response #${echo(m.id)}`;
}
