/**
 * Browser tools, host side: the MCP server (server.ts), the forwarding of calls to the extension
 * (forwarder.ts) and the offering to the agent (offering.ts), behind the few hooks the relay calls.
 * Off until the extension sends `browser_tools {enabled: true}`.
 *
 * zod and the MCP SDK are loaded on first use (tools-part.ts, a dynamic import): a host whose tools
 * are never used does not parse or initialise them at start-up.
 */
import type { AgentStatus, HostToolCall, HostToolsOffer, JsonRpcId, JsonRpcMessage } from "../../shared/host-protocol";
import { realClock, ToolCallForwarder, type ToolOutcome } from "./forwarder";
import { type McpServerHttp, ToolOffering } from "./offering";
import { unreachableReason } from "./reach";
import { BrowserToolsServer } from "./server";
import type { ToolTiming } from "./timing";

export type BrowserToolsCommand = { type: "browser_tools"; enabled: unknown } | { type: "tool_result"; [key: string]: unknown };

export interface BrowserToolsOptions {
  log: { info(msg: string): void; warn(msg: string): void; error(msg: string): void };
  /** How long a call waits for the extension (the host config's `toolCallTimeoutMs`); default: the shared one. */
  callTimeoutMs?: number;
  /** Sends a host message to the extension; false when the native port is closed. */
  sendToExtension: (message: HostToolCall | HostToolsOffer) => boolean;
  sendToAgent: (message: JsonRpcMessage) => void;
}

export class BrowserTools {
  private readonly server: BrowserToolsServer;
  private readonly offering: ToolOffering;
  private forwarderReady: Promise<ToolCallForwarder> | undefined;
  private enabled = false;
  private closed = false;

  constructor(private readonly o: BrowserToolsOptions) {
    this.server = new BrowserToolsServer({
      callTool: (tool, args, sessionHeader, timed) => this.call(tool, args, this.offering.sessionOf(sessionHeader), timed),
      log: o.log,
    });
    this.offering = new ToolOffering({
      sendToAgent: o.sendToAgent,
      report: (offer) => void o.sendToExtension(offer),
      endpoint: () => this.server.endpoint,
      ready: this.server.ready,
      clock: realClock,
      log: o.log,
    });
  }

  /** `browser_tools` and `tool_result` from the extension. */
  command(cmd: BrowserToolsCommand): void {
    if (cmd.type === "tool_result") {
      // No forwarder yet means no call was ever made: the answer is stray either way.
      if (this.forwarderReady) void this.forwarderReady.then((f) => f.answer(cmd));
      else this.o.log.warn("tool_result before any tool call ignored");
      return;
    }
    const enabled = cmd.enabled === true;
    this.o.log.info(`browser tools ${enabled ? "on" : "off"}`);
    this.enabled = enabled;
    void this.forwarderReady?.then((f) => f.setEnabled(enabled));
    this.offering.setEnabled(enabled);
  }

  /** The `mcpServers` the host policy allows in this session request (only ever the host's own server). */
  mcpServers(request: JsonRpcMessage): McpServerHttp[] {
    return this.offering.mcpServersFor(request);
  }

  fromExtension(message: JsonRpcMessage): void {
    this.offering.fromExtension(message);
  }

  /** See ToolOffering.watches: which agent answers must be parsed in full. */
  watches(head: { id?: JsonRpcId; method?: string }): boolean {
    return this.offering.watches(head);
  }

  fromAgent(message: JsonRpcMessage | undefined, forward: () => void): void {
    this.offering.fromAgent(message, forward);
  }

  /** The agent stopped: the lines held for it go to the browser now, before the host reports the exit. */
  agentStopping(): void {
    this.offering.flush();
  }

  agentStatus(status: AgentStatus): void {
    if (status.state !== "running") this.offering.agentReset();
    else this.offering.setUnreachable(unreachableReason(status.command));
  }

  /** Shutdown: waiting calls fail with a clear message (answered before the agent is stopped), then the server closes. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.forwarderReady) (await this.forwarderReady).close();
    await this.server.close();
  }

  private async call(tool: string, args: unknown, sessionId: string | undefined, timed: (t: ToolTiming) => void): Promise<ToolOutcome> {
    return (await this.forwarder()).call(tool, args, sessionId, timed);
  }

  private forwarder(): Promise<ToolCallForwarder> {
    this.forwarderReady ??= import("./tools-part").then(({ TOOL_CALL_TIMEOUT_MS, toolResultSchema }) => {
      const forwarder = new ToolCallForwarder({
        send: this.o.sendToExtension,
        timeoutMs: this.o.callTimeoutMs ?? TOOL_CALL_TIMEOUT_MS,
        parseResult: (raw) => {
          const r = toolResultSchema.safeParse(raw);
          return r.success ? r.data : (r.error.issues[0]?.message ?? "invalid");
        },
        log: this.o.log,
      });
      forwarder.setEnabled(this.enabled);
      if (this.closed) forwarder.close();
      return forwarder;
    });
    return this.forwarderReady;
  }
}
