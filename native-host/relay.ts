/**
 * Wires the stages together: browser frames → policy → agent stdin, and agent lines → frames →
 * browser, with host commands and statuses on the side. Back-pressure both ways: when one side
 * cannot keep up, reading from the other side pauses.
 */

import path from "node:path";
import type { Readable, Writable } from "node:stream";
import {
  HOST_PROTOCOL_VERSION,
  type HostCommand,
  type HostErrorCode,
  hostMessage,
  isHostEnvelope,
  type JsonRpcMessage,
} from "../shared/host-protocol";
import { AgentSupervisor, isDirectory } from "./agent/supervisor";
import { BrowserTools } from "./browser-tools";
import type { LoadedConfig } from "./config";
import { diagnose } from "./diagnose";
import { FrameDecoder, frameJson } from "./frames";
import type { LineEvent } from "./lines";
import type { Logger } from "./log";
import { encodeAgentLine } from "./outbound";
import type { PlatformInfo } from "./paths";
import { checkFromExtension } from "./policy";
import { HOST_VERSION } from "./version";

const NEWLINE = Buffer.from("\n");

export interface RelayOptions {
  input: Readable;
  output: Writable;
  loaded: LoadedConfig;
  platform: PlatformInfo;
  log: Logger;
  /** The host bundle's own path, for diagnostics. */
  hostPath: string;
  stopGraceMs?: number;
}

export class Relay {
  private readonly decoder = new FrameDecoder();
  private readonly supervisor: AgentSupervisor;
  private chunkIds = 0;
  private outputBlocked = false;
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
          this.send(frameJson(hostMessage({ type: "status", status })));
          this.browserTools.agentStatus(status);
        },
        line: (e) => this.fromAgent(e),
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
    this.o.input.on("data", (chunk: Buffer) => {
      for (const e of this.decoder.push(chunk)) {
        if (e.kind === "message") this.fromExtension(e.value, e.raw);
        else this.refuse(e.code, e.message);
      }
    });
    this.o.input.on("end", () => {
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

  private fromExtension(value: unknown, raw: Buffer): void {
    if (isHostEnvelope(value)) {
      this.command(value.host as HostCommand);
      return;
    }
    const decision = checkFromExtension(value, this.browserTools.mcpServers());
    if (decision.action === "refuse") {
      this.refuse(decision.code, decision.reason);
      if (decision.reply) this.send(frameJson(decision.reply));
      return;
    }
    const message = decision.message;
    if (decision.replacedMcpServers > 0) {
      this.o.log.warn(`${message.method}: ${decision.replacedMcpServers} mcpServers from the extension were removed (host policy)`);
    }
    // Unchanged messages keep their own bytes (no re-serialization) unless they hold a raw line
    // break, which JSON allows between tokens but would split the ndjson line.
    const line =
      decision.rewritten || raw.includes(0x0a) || raw.includes(0x0d)
        ? Buffer.from(`${JSON.stringify(message)}\n`)
        : Buffer.concat([raw, NEWLINE]);
    if (this.o.log.debugEnabled) this.o.log.debug(`→ agent ${describe(message)} ${this.o.log.content(line.toString("utf8").trimEnd())}`);
    this.browserTools.fromExtension(message);
    if (!this.supervisor.process) {
      this.refuse("agent_not_running", `agent is ${this.supervisor.status.state}: ${describe(message)} not delivered`);
      if (message.method !== undefined && message.id !== undefined) {
        this.send(frameJson({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: "The agent is not running" } }));
      }
      return;
    }
    if (!this.supervisor.write(line)) {
      this.o.input.pause();
      this.supervisor.onceDrain(() => this.o.input.resume());
    }
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
      this.refuse("unknown_command", `unknown host command ${JSON.stringify((cmd as { type: unknown }).type)}`);
      return;
    }
    const profiles = this.o.loaded.config.profiles;
    if (cmd.profile !== undefined && !profiles[cmd.profile]) {
      this.refuse(
        "unknown_profile",
        `no agent profile named ${JSON.stringify(cmd.profile)}; configured: ${Object.keys(profiles).join(", ")}`,
      );
      return;
    }
    if (cmd.cwd !== undefined && !(typeof cmd.cwd === "string" && path.isAbsolute(cmd.cwd) && isDirectory(cmd.cwd))) {
      this.refuse("invalid_cwd", `the working folder ${JSON.stringify(cmd.cwd)} is not an existing absolute folder`);
      return;
    }
    if (cmd.type === "start") {
      if (cmd.protocolVersion !== HOST_PROTOCOL_VERSION) {
        const stale = cmd.protocolVersion > HOST_PROTOCOL_VERSION ? "host" : "extension";
        this.refuse(
          "protocol_mismatch",
          `the extension speaks host protocol ${cmd.protocolVersion}, this host (${HOST_VERSION}) speaks ${HOST_PROTOCOL_VERSION}: ` +
            `update the ${stale}`,
        );
        return;
      }
      void this.supervisor.start(cmd.profile, cmd.cwd);
      return;
    }
    void this.supervisor.restart(cmd.profile, cmd.cwd);
  }

  private fromAgent(e: LineEvent): void {
    if (e.kind === "overflow") {
      this.o.log.warn(`agent line over ${e.bytes} bytes dropped`);
      return;
    }
    const result = encodeAgentLine(e.bytes, () => `c${++this.chunkIds}`);
    if (result.action === "drop") {
      if (result.reason !== "blank line") this.o.log.warn(`agent stdout ${result.reason}, dropped: ${this.o.log.content(result.preview)}`);
      return;
    }
    if (result.chunked) this.o.log.info(`agent message of ${e.bytes.length} bytes sent in ${result.frames.length} chunks`);
    this.browserTools.fromAgent(result.message, () => {
      for (const frame of result.frames) this.send(frame);
    });
  }

  private refuse(code: HostErrorCode, message: string): void {
    this.o.log.warn(`refused (${code}): ${message}`);
    this.send(frameJson(hostMessage({ type: "error", code, message })));
  }

  /** False when the native port is already closed. */
  private send(frame: Buffer): boolean {
    const out = this.o.output;
    if (out.destroyed || out.writableEnded) return false;
    if (!out.write(frame) && !this.outputBlocked) {
      // The browser is slower than the agent: stop reading the agent until the pipe drains.
      this.outputBlocked = true;
      this.supervisor.pauseOutput();
      out.once("drain", () => {
        this.outputBlocked = false;
        this.supervisor.resumeOutput();
      });
    }
    return true;
  }
}

function describe(m: JsonRpcMessage): string {
  if (m.method !== undefined) return m.id !== undefined ? `request ${m.method} #${m.id}` : `notification ${m.method}`;
  return `response #${m.id}`;
}
