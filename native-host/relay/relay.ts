/**
 * The host's two routes, wired once, each read top to bottom in one method:
 *   browser → agent (`fromBrowser`): stdin, frames (wire/frames.ts), then a host command
 *     (host-commands.ts) or a JSON-RPC message through the policy (for-agent.ts) to the agent's stdin;
 *   agent → browser (`fromAgent`): the agent's lines (wire/lines.ts) through the chunk gate, verbatim
 *     or chunked (wire/outbound.ts), past browser tools, into the browser outbox (wire/browser-outbox.ts)
 *     and onto stdout (browser-writer.ts).
 * The agent's `fs/*` requests leave that route for the host's file service (files/), in their place.
 * Statuses, refusals and host answers join the agent → browser route at the outbox, so everything
 * reaches the browser in the order it was sent. Back-pressure both ways: when one side cannot keep up,
 * reading from the other side pauses.
 */
import type { Writable } from "node:stream";
import {
  AGENT_EXITED_REPLY,
  AGENT_NOT_RUNNING_REPLY,
  type HostCommand,
  type HostErrorCode,
  hostMessage,
  type JsonRpcMessage,
} from "../../shared/host-protocol";
import { BrowserTools } from "../browser-tools";
import { FileService } from "../files/file-service";
import { isFsMethod } from "../files/fs-requests";
import { PendingRequests } from "../jsonrpc/pending-requests";
import { INTERNAL_ERROR, INVALID_REQUEST, rpcErrorFrame } from "../jsonrpc/rpc-reply";
import { type LoadedConfig, profileNamed } from "../setup/config";
import type { Logger } from "../setup/log";
import type { PlatformInfo } from "../setup/paths";
import type { ByteSource } from "../wire/browser-input";
import { BrowserOutbox } from "../wire/browser-outbox";
import { ChunkGate } from "../wire/chunk-gate";
import { FramePool, POOLED_FRAME_BYTES } from "../wire/frame-pool";
import { type CheckedFrame, FrameDecoder, frameJson } from "../wire/frames";
import type { LineEvent } from "../wire/lines";
import { MemoryPacer } from "../wire/memory-pacer";
import { AgentOutbound } from "../wire/outbound";
import { AgentLink } from "./agent-link";
import { BrowserWriter } from "./browser-writer";
import { describe, forAgent, type RefusalReply } from "./for-agent";
import { hostHello } from "./hello";
import { hostCommandIn, hostCommands } from "./host-commands";
import { LiveConfig } from "./live-config";

export interface RelayOptions {
  input: ByteSource;
  output: Writable;
  loaded: LoadedConfig;
  platform: PlatformInfo;
  log: Logger;
  /** The host bundle's own path, for diagnostics. */
  hostPath: string;
}

export class Relay {
  /**
   * One pool for both directions: a frame from the browser is given back once its write to the agent
   * completes, mostly before the answer to it needs chunk frames, which then use the same buffers.
   */
  private readonly pool = new FramePool();
  private readonly decoder = new FrameDecoder(this.pool);
  private readonly outbound = new AgentOutbound(this.pool);
  private readonly pacer = new MemoryPacer();
  /** Requests forwarded to the agent and not yet answered: answered by the host if the agent goes away. */
  private readonly pending = new PendingRequests();
  private readonly supervisor: AgentLink;
  private readonly browserTools: BrowserTools;
  /** The agent's file reads and writes, answered by the host (files/). */
  private readonly files: FileService;
  private readonly command: (cmd: HostCommand) => void;
  private readonly writer: BrowserWriter;
  /** Everything for the browser goes through it, in order; agent lines read together leave as one message. */
  private readonly toBrowser: BrowserOutbox;
  /** Agent reads wait here while a chunk frame is on its way to the browser (wire/chunk-gate.ts). */
  private readonly gate: ChunkGate;
  private closing: Promise<void> | undefined;
  private readonly config: LiveConfig;

  constructor(private readonly o: RelayOptions) {
    this.config = new LiveConfig(o.loaded, {
      platform: o.platform,
      log: o.log,
      changed: (next, update) => {
        this.supervisor.useConfig(next.config, next.error);
        if (update) this.send(frameJson(hostMessage(update)));
      },
    });
    const { config, file, error } = o.loaded;
    this.writer = new BrowserWriter(o.output, o.log, (paused) => (paused ? this.supervisor.pauseOutput() : this.supervisor.resumeOutput()));
    this.toBrowser = new BrowserOutbox((frame, done) => this.writer.write(frame, done));
    this.gate = new ChunkGate(
      (work) => this.toBrowser.read(work),
      (e) => this.fromAgent(e),
      (held) => this.writer.gate(held),
    );
    this.browserTools = new BrowserTools({
      log: o.log,
      ...(config.toolCallTimeoutMs ? { callTimeoutMs: config.toolCallTimeoutMs } : {}),
      sendToExtension: (call) => this.send(frameJson(hostMessage(call))),
      sendToAgent: (message) => void this.supervisor.write(Buffer.from(`${JSON.stringify(message)}\n`)),
    });
    this.files = FileService.forHost(o.loaded, o.platform, o.log, (event) => this.send(frameJson(hostMessage(event))));
    this.supervisor = new AgentLink({
      config,
      configFile: file,
      ...(error ? { configError: error } : {}),
      platform: o.platform,
      log: o.log,
      events: {
        status: (status) => {
          o.log.info(`agent status: ${status.state}${"pid" in status ? ` pid ${status.pid}` : ""}`);
          // What the agent wrote first, then the status (why it went), then the answers to its unanswered
          // requests, so every request still gets a definite answer.
          if (status.state !== "running") this.browserTools.agentStopping();
          this.send(frameJson(hostMessage({ type: "status", status })));
          if (status.state !== "running") this.answerPending();
          this.browserTools.agentStatus(status);
          if (status.state !== "running") this.files.reset();
        },
        // One read of the agent's stdout: its verbatim lines leave together once all of it is handled.
        lines: (events) => this.gate.push(events),
      },
    });
    const dispatch = hostCommands({
      live: this.config,
      platform: o.platform,
      startAgent: (profile, cwd) => void this.supervisor.start(profile, cwd),
      restartAgent: (profile, cwd) => void this.supervisor.restart(profile, cwd),
      browserTools: this.browserTools,
      files: this.files,
      send: (message) => this.send(frameJson(hostMessage(message))),
      refuse: (code, message) => this.refuse(code, message),
    });
    this.command = (cmd) => {
      // A profile added a moment ago must be startable even if the watch has not fired (or cannot).
      if (cmd.type === "start" || cmd.type === "restart") this.config.reload();
      dispatch(cmd);
    };
  }

  /** Sends the hello and starts reading frames. */
  start(): void {
    this.send(frameJson(hostMessage(hostHello(this.config.loaded, this.o.platform.platform, this.o.hostPath))));
    this.config.watch();
    this.o.input.onData((chunk) => {
      for (const e of this.decoder.push(chunk)) {
        if (e.kind === "message") {
          // Pooled frames are used again, not left for V8 to collect; a streamed one's blocks are
          // collected once it is released (`release`).
          if (e.bytes > POOLED_FRAME_BYTES && !e.parts) this.pacer.note(e.bytes);
          this.fromBrowser(e);
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
      this.config.stop();
      // Tool calls in flight get their error while the agent can still read it.
      await this.browserTools.close();
      await this.supervisor.shutdown();
      await this.writer.flushed();
    })();
    return this.closing;
  }

  /** The host is dying of an error: kill the agent's process group now, synchronously. */
  killAgentNow(): void {
    this.supervisor.killNow();
  }

  /** The route of one checked frame from the browser. */
  private fromBrowser(frame: CheckedFrame): void {
    // True when the frame's own buffer went to the agent's stdin: the write releases it.
    let lent = false;
    try {
      const command = hostCommandIn(frame);
      if (command) {
        // A tool call's answer is logged once the agent has it (browser-tools/timing.ts), not on its way (BENCHMARKS.md).
        if (command.type !== "tool_result") this.o.log.info(`command from extension: ${command.type}`);
        this.command(command);
      } else lent = this.toAgent(frame);
    } finally {
      if (!lent) this.release(frame);
    }
  }

  /** Nothing reads the frame any more. */
  private release(frame: CheckedFrame): void {
    frame.release();
    if (frame.parts) this.pacer.freed();
  }

  private toAgent(frame: CheckedFrame): boolean {
    // Only the host's own browser-tools server, when the user turned the tools on; otherwise none.
    const serveFiles = () => profileNamed(this.config.loaded.config, this.supervisor.status.profile)?.serveFiles === true;
    const next = forAgent(frame.raw, frame.scan, (request) => this.browserTools.mcpServers(request), serveFiles);
    if (next.action === "refuse") {
      this.refuse(next.code, next.reason, next.reply);
      return false;
    }
    const { message, line, requestId, replacedMcpServers, fileSystem } = next;
    if (fileSystem !== undefined) this.files.advertised(fileSystem);
    if (replacedMcpServers) {
      this.o.log.warn(`${message.method}: ${replacedMcpServers} mcpServers from the extension were removed (host policy)`);
    }
    if (this.o.log.debugEnabled) this.o.log.debug(`→ agent ${describe(message)} ${this.o.log.content(line.toString("utf8"))}`);
    this.browserTools.fromExtension(message);
    this.files.fromExtension(message);
    if (!this.supervisor.connected) {
      this.refuse(
        "agent_not_running",
        `agent is ${this.supervisor.status.state}: ${describe(message)} not delivered`,
        requestId === undefined ? undefined : { id: requestId, code: INTERNAL_ERROR, message: AGENT_NOT_RUNNING_REPLY },
      );
      return false;
    }
    if (requestId !== undefined) this.pending.add(requestId);
    // Unchanged: the frame's own bytes go, a streamed frame's as its parts (`raw` is then its head).
    const lent = line === frame.raw;
    if (!this.supervisor.writeLine(lent ? (frame.parts ?? line) : line, lent ? () => this.release(frame) : undefined)) {
      this.o.input.pause();
      this.supervisor.onceDrain(() => this.o.input.resume());
    }
    return lent;
  }

  /** The route of one event of an agent read, in order, once the chunk gate lets it through. */
  private fromAgent(e: LineEvent): void {
    const step = this.outbound.accept(e);
    // Only whole lines: a chunked line leaves nothing to collect (its parts and frames are pooled), and
    // collecting in the middle of one was measured to raise the peak.
    if (step.action === "send" && e.kind === "line") this.pacer.note(e.bytes.length);
    if (e.kind === "line") this.pending.noteAgentLine(e.bytes, step.action === "send" ? step.scan : undefined);
    // Browser tools may call this later (a held answer), after the read: the line then goes alone.
    const agent = this.supervisor.current;
    const forward = () => {
      // Chunk frames are pooled: each goes back once written, and the next part waits until then.
      for (const frame of step.frames) {
        const written = this.gate.chunkSent();
        this.send(frame, () => {
          this.outbound.release(frame);
          written();
        });
      }
      if (step.action !== "send") return;
      // The agent's file reads and writes are the host's to answer, to the agent that asked (files/).
      if (isFsMethod(step.head.method)) this.files.serve(step.line, step.scan, this.toAgentWhile(agent));
      else this.toBrowser.line(step.line);
    };
    if (step.action === "drop" && step.reason !== "blank line") {
      this.o.log.warn(`agent stdout ${step.reason}, dropped: ${this.o.log.content(step.preview)}`);
    } else if (step.action === "chunk" && step.last) {
      this.o.log.info(`agent message of ${step.bytes} bytes sent in chunks (${step.id})`);
    }
    if (step.frames.length === 0 && step.action !== "send") return;
    // Browser tools keep the order (they may hold an answer) and read only the answers they wait for in full.
    let message: JsonRpcMessage | undefined;
    if (step.action === "send" && e.kind === "line") {
      message =
        this.browserTools.watches(step.head) || this.files.watches(step.head)
          ? (JSON.parse(e.bytes.toString("utf8")) as JsonRpcMessage)
          : { jsonrpc: "2.0", ...step.head };
      this.files.fromAgent(message);
    }
    this.browserTools.fromAgent(message, forward);
  }

  /** Writes a line to the agent's stdin while `agent` runs; to none after. */
  private toAgentWhile(agent: unknown): (line: Buffer) => void {
    return (line) => void (this.supervisor.current === agent && this.supervisor.writeLine(line));
  }

  /** Answers every request the agent never will (it exited, or was stopped or replaced). */
  private answerPending(): void {
    if (this.pending.size === 0) return;
    const ids = this.pending.takeAll();
    this.o.log.warn(`the agent left ${ids.length} request(s) unanswered; answering them with an error`);
    for (const id of ids) this.send(rpcErrorFrame(id, INTERNAL_ERROR, AGENT_EXITED_REPLY));
  }

  /** Reports a refusal to the extension, and answers the refused request. */
  private refuse(code: HostErrorCode, message: string, reply?: RefusalReply): void {
    this.o.log.warn(`refused (${code}): ${message}`);
    this.send(frameJson(hostMessage({ type: "error", code, message })));
    if (reply) this.send(rpcErrorFrame(reply.id, reply.code, reply.message ?? message));
  }

  /** Sends a frame, after the agent lines gathered before it; `done` runs once nothing reads it any more. False when the port is closed. */
  private send(frame: Buffer, done?: () => void): boolean {
    return this.toBrowser.frame(frame, done);
  }
}
