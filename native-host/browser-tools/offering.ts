/**
 * Tells the agent about the browser-tools server, only while the extension has tools turned on. It
 * watches the ACP traffic the relay carries (the relay calls `fromExtension` / `fromAgent`):
 *
 *  - the `initialize` response says what the agent is: goose (by `agentInfo.name`, or goose's own
 *    `_meta.goose` capabilities on builds without agentInfo), another agent with
 *    `mcpCapabilities.http`, or neither (nothing is offered);
 *  - goose: after each `session/new` / `session/load` response the host itself sends goose's
 *    `_goose/extensions/add`, swallows the answer, and holds the response (and everything after
 *    it, to keep the order) until goose has answered, so the first prompt already has the tools.
 *    Never `mcpServers` for goose: a non-empty list replaces goose's own extensions
 *    (https://github.com/block/goose/issues/11643) and some builds refuse it in session/load;
 *  - other agents: `mcpServersFor()` is what the policy puts into session/new|load|resume.
 *
 * No I/O of its own: it writes to the agent and forwards to the extension through callbacks.
 */
import type { JsonRpcId, JsonRpcMessage } from "../../shared/host-protocol";
import { HOST_REQUEST_PREFIX } from "../jsonrpc/policy";
import type { Clock } from "./forwarder";
import type { Endpoint } from "./server";
import { SESSION_HEADER } from "./server";

export { HOST_REQUEST_PREFIX };

/** The name the agent knows the server by (tools show up as browser__click etc. in goose). */
const SERVER_NAME = "browser";
const SERVER_DESCRIPTION = "The user's own browser (goose-browser): tabs, page text, snapshots with element refs, clicks and typing";
/** goose's per-extension timeout, seconds; above the host's own tool call time-out. */
const GOOSE_EXTENSION_TIMEOUT_S = 300;
const DEFAULT_HOLD_MS = 10_000;

export type AgentKind = "unknown" | "goose" | "mcp-http" | "none";

export interface McpServerHttp {
  type: "http";
  name: string;
  url: string;
  headers: Array<{ name: string; value: string }>;
}

export interface OfferingOptions {
  sendToAgent: (message: JsonRpcMessage) => void;
  /** The server's address and token once it listens. */
  endpoint: () => Endpoint | undefined;
  ready: Promise<Endpoint | undefined>;
  clock: Clock;
  holdMs?: number;
  log: { info(msg: string): void; warn(msg: string): void };
}

type Forward = () => void;

export class ToolOffering {
  private enabled = false;
  private kind: AgentKind = "unknown";
  private readonly initializeIds = new Set<JsonRpcId>();
  private readonly newIds = new Set<JsonRpcId>();
  private readonly loadIds = new Map<JsonRpcId, string>();
  /** goose sessions open in this agent, and those that have the server. */
  private readonly sessions = new Set<string>();
  private readonly offered = new Set<string>();
  private readonly hostRequests = new Map<string, () => void>();
  private nextRequest = 0;
  /** Agent messages waiting behind a held session response, in arrival order. */
  private readonly queue: Array<{ message: JsonRpcMessage | undefined; forward: Forward }> = [];
  /** The session response being held until goose has answered `_goose/extensions/add`. */
  private held: { forward: Forward } | undefined;

  constructor(private readonly o: OfferingOptions) {}

  get agentKind(): AgentKind {
    return this.kind;
  }

  setEnabled(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    if (this.kind !== "goose") return;
    // Sessions opened before the switch: add or remove the server now (answers are swallowed).
    for (const sessionId of this.sessions) {
      if (enabled && !this.offered.has(sessionId)) void this.addToGoose(sessionId);
      if (!enabled && this.offered.has(sessionId)) this.removeFromGoose(sessionId);
    }
  }

  /** What the host policy puts into `mcpServers` (for agents other than goose). */
  mcpServersFor(): McpServerHttp[] {
    const endpoint = this.o.endpoint();
    if (!this.enabled || this.kind !== "mcp-http" || !endpoint) return [];
    return [
      { type: "http", name: SERVER_NAME, url: endpoint.url, headers: [{ name: "Authorization", value: `Bearer ${endpoint.token}` }] },
    ];
  }

  /** Every JSON-RPC message the relay forwards to the agent. */
  fromExtension(m: JsonRpcMessage): void {
    if (m.method === undefined || m.id === undefined) return;
    const params = (m.params ?? {}) as { sessionId?: unknown };
    if (m.method === "initialize") this.initializeIds.add(m.id);
    else if (m.method === "session/new") this.newIds.add(m.id);
    else if (m.method === "session/load" && typeof params.sessionId === "string") this.loadIds.set(m.id, params.sessionId);
    else if ((m.method === "session/close" || m.method === "session/delete") && typeof params.sessionId === "string") {
      this.sessions.delete(params.sessionId);
      this.offered.delete(params.sessionId);
    }
  }

  /** Every JSON-RPC message from the agent: `forward` sends it on, now, later or (for ours) never. */
  /**
   * Whether an agent message with this id/method is one the offering must read in full (an answer it
   * waits for); the relay parses only those, everything else passes as its head.
   */
  watches(head: { id?: JsonRpcId; method?: string }): boolean {
    if (head.method !== undefined || head.id === undefined || head.id === null) return false;
    const id = head.id;
    return (
      (typeof id === "string" && id.startsWith(HOST_REQUEST_PREFIX)) ||
      this.initializeIds.has(id) ||
      this.newIds.has(id) ||
      this.loadIds.has(id)
    );
  }

  /** `message` undefined: a line the host does not read (a chunked one); it still keeps its place in the order. */
  fromAgent(message: JsonRpcMessage | undefined, forward: Forward): void {
    if (message && message.method === undefined && typeof message.id === "string" && message.id.startsWith(HOST_REQUEST_PREFIX)) {
      this.onHostAnswer(message);
      return;
    }
    this.queue.push({ message, forward });
    this.drain();
  }

  /** The agent (re)started or exited: forget what it said; whatever was held goes out. */
  agentReset(): void {
    if (this.held) this.release(this.held);
    for (const { forward } of this.queue.splice(0)) forward();
    for (const answered of [...this.hostRequests.values()]) answered();
    this.hostRequests.clear();
    this.kind = "unknown";
    this.initializeIds.clear();
    this.newIds.clear();
    this.loadIds.clear();
    this.sessions.clear();
    this.offered.clear();
  }

  private drain(): void {
    while (!this.held && this.queue.length > 0) {
      const { message, forward } = this.queue.shift()!;
      const sessionId = this.observe(message);
      if (sessionId && this.enabled && this.kind === "goose") {
        // This response, and everything after it, waits until goose has the server (bounded).
        const held = { forward };
        this.held = held;
        void this.addToGoose(sessionId).then(() => this.release(held));
        return;
      }
      forward();
    }
  }

  private release(held: { forward: Forward }): void {
    if (this.held !== held) return;
    this.held = undefined;
    held.forward();
    this.drain();
  }

  /** Looks at an agent message; returns the session id when it answers session/new or session/load. */
  private observe(m: JsonRpcMessage | undefined): string | undefined {
    if (m === undefined || m.method !== undefined || m.id === undefined || m.id === null) return undefined;
    if (this.initializeIds.delete(m.id)) {
      if (m.result !== undefined) this.kind = agentKind(m.result);
      this.o.log.info(`agent kind for browser tools: ${this.kind}`);
      return undefined;
    }
    let sessionId: string | undefined;
    if (this.newIds.delete(m.id)) {
      const id = (m.result as { sessionId?: unknown } | undefined)?.sessionId;
      sessionId = typeof id === "string" ? id : undefined;
    } else if (this.loadIds.has(m.id)) {
      sessionId = m.result !== undefined ? this.loadIds.get(m.id) : undefined;
      this.loadIds.delete(m.id);
    }
    if (sessionId && this.kind === "goose") this.sessions.add(sessionId);
    return sessionId;
  }

  private async addToGoose(sessionId: string): Promise<void> {
    const endpoint = this.o.endpoint() ?? (await this.o.ready);
    if (!endpoint) return;
    this.offered.add(sessionId);
    await this.request("_goose/extensions/add", {
      sessionId,
      config: {
        type: "streamable_http",
        name: SERVER_NAME,
        description: SERVER_DESCRIPTION,
        uri: endpoint.url,
        headers: { Authorization: `Bearer ${endpoint.token}`, [SESSION_HEADER]: sessionId },
        timeout: GOOSE_EXTENSION_TIMEOUT_S,
      },
    });
  }

  private removeFromGoose(sessionId: string): void {
    this.offered.delete(sessionId);
    void this.request("_goose/extensions/remove", { sessionId, name: SERVER_NAME });
  }

  /** Sends a host-made request; resolves when answered or after the hold time (never rejects). */
  private request(method: string, params: Record<string, unknown>): Promise<void> {
    const id = `${HOST_REQUEST_PREFIX}${++this.nextRequest}`;
    return new Promise<void>((resolve) => {
      const timer = this.o.clock.setTimeout(() => {
        if (!this.hostRequests.delete(id)) return;
        this.o.log.warn(`${method} (${id}): no answer from the agent within ${this.holdMs} ms; going on without it`);
        resolve();
      }, this.holdMs);
      this.hostRequests.set(id, () => {
        this.o.clock.clearTimeout(timer);
        resolve();
      });
      this.o.log.info(`→ agent ${method} #${id} for session ${String(params.sessionId)}`);
      this.o.sendToAgent({ jsonrpc: "2.0", id, method, params });
    });
  }

  private onHostAnswer(m: JsonRpcMessage): void {
    const id = m.id as string;
    if (m.error) this.o.log.warn(`agent answered ${id} with error ${m.error.code}: ${m.error.message}`);
    else this.o.log.info(`agent answered ${id}`);
    const release = this.hostRequests.get(id);
    this.hostRequests.delete(id);
    if (release) release();
    else this.o.log.warn(`answer ${id} from the agent matches no pending host request; dropped`);
  }

  private get holdMs(): number {
    return this.o.holdMs ?? DEFAULT_HOLD_MS;
  }
}

/** What the agent says it is in its `initialize` result. */
export function agentKind(result: unknown): AgentKind {
  const r = (result ?? {}) as {
    agentInfo?: { name?: unknown };
    agentCapabilities?: { mcpCapabilities?: { http?: unknown }; _meta?: { goose?: unknown } };
  };
  if (r.agentInfo?.name === "goose" || (r.agentInfo === undefined && r.agentCapabilities?._meta?.goose !== undefined)) return "goose";
  if (r.agentCapabilities?.mcpCapabilities?.http === true) return "mcp-http";
  return "none";
}
