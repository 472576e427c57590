/**
 * Gives the agent the browser-tools server while the user has the tools on, and tells the extension
 * whether the agent took it (never "on" for a session that did not). It watches the ACP traffic the
 * relay carries (`fromExtension` / `fromAgent`):
 *
 *  - the `initialize` answer says what the agent is: goose (by `agentInfo`, or goose's `_meta.goose` on
 *    builds without it) and which way its release takes a server (goose-ways.ts), another agent with
 *    `mcpCapabilities.http`, or neither;
 *  - goose before 1.48: after each session/new and session/load answer the host sends goose's own
 *    add request, swallows its answer, and holds the session answer (and everything after it, to
 *    keep the order) until goose has answered, so the first prompt already has the tools;
 *  - goose 1.48 on and other agents: the server goes into `mcpServers` (`mcpServersFor`), and the
 *    session answer's `_meta.extensionResults`, where the agent gives one, says whether it loaded.
 *
 * No I/O of its own: it writes to the agent and to the extension through callbacks.
 */
import type { HostToolsOffer, JsonRpcId, JsonRpcMessage } from "../../shared/host-protocol";
import { HOST_REQUEST_PREFIX } from "../jsonrpc/policy";
import type { Clock } from "./forwarder";
import {
  type AddWay,
  addRequest,
  addWayOf,
  extensionResult,
  type GooseWay,
  gooseWayOf,
  type McpServerHttp,
  otherAddWay,
  removeRequest,
  reportsExtensions,
} from "./goose-ways";
import type { Endpoint } from "./server";
import { SESSION_HEADER } from "./server";

export type { McpServerHttp };
export { HOST_REQUEST_PREFIX };

/** The name the agent knows the server by (tools show up as browser__click etc. in goose). */
const SERVER_NAME = "browser";
const DEFAULT_HOLD_MS = 10_000;
const METHOD_NOT_FOUND = -32601;

export type AgentKind = "unknown" | "goose" | "mcp-http" | "none";

type Offer = Omit<HostToolsOffer, "type" | "sessionId">;

export interface OfferingOptions {
  sendToAgent: (message: JsonRpcMessage) => void;
  /** Tells the extension how an offer went. */
  report: (offer: HostToolsOffer) => void;
  /** The server's address and token once it listens. */
  endpoint: () => Endpoint | undefined;
  ready: Promise<Endpoint | undefined>;
  clock: Clock;
  holdMs?: number;
  log: { info(msg: string): void; warn(msg: string): void };
}

type Forward = () => void;
type Answer = { ok: true } | { ok: false; code: number; message: string };

/** A session request the extension sent: what kind, and whether the server went into its mcpServers. */
interface SessionRequest {
  method: "session/new" | "session/load" | "session/resume";
  /** session/load and session/resume name their session. */
  sessionId?: string;
  /** The session header value the server was given with (session/new: an alias until the answer). */
  alias?: string;
}

export class ToolOffering {
  private enabled = false;
  /** Why the agent cannot reach the server (a goose serve on another machine): it is then offered nothing. */
  private unreachable: string | undefined;
  private kind: AgentKind = "unknown";
  private gooseWay: GooseWay = "legacy-extensions";
  /** goose's method for open sessions; switched once when goose does not know it. */
  private addWay: AddWay = "legacy-extensions";
  private readonly initializeIds = new Set<JsonRpcId>();
  private readonly sessionRequests = new Map<JsonRpcId, SessionRequest>();
  /** Sessions open in this agent, and how each stands with the server. */
  private readonly sessions = new Map<string, HostToolsOffer["outcome"] | "none">();
  /** Session header aliases given to session/new requests, resolved by their answers. */
  private readonly aliases = new Map<string, string>();
  private nextAlias = 0;
  private readonly hostRequests = new Map<string, (answer: Answer) => void>();
  private nextRequest = 0;
  /** Agent messages waiting behind a held session response, in arrival order. */
  private readonly queue: Array<{ message: JsonRpcMessage | undefined; forward: Forward }> = [];
  /** The session response being held until goose has answered its add request. */
  private held: { forward: Forward } | undefined;

  constructor(private readonly o: OfferingOptions) {}

  get agentKind(): AgentKind {
    return this.kind;
  }

  /** The user's switch. Turning it on again retries the sessions whose offer failed. */
  setEnabled(enabled: boolean): void {
    const retry = enabled && this.enabled;
    this.enabled = enabled;
    for (const [sessionId, state] of this.sessions) {
      if (!enabled && (state === "added" || state === "offered")) this.takeBack(sessionId);
      // An agent that cannot drop a server still has it: the forwarder serves its calls again.
      else if (enabled && state === "removed" && this.kind === "mcp-http") this.note(sessionId, { outcome: "offered", via: "mcpServers" });
      else if (enabled && (state === "none" || state === "removed" || (retry && state === "failed"))) this.offerToOpenSession(sessionId);
    }
  }

  /** The agent that runs now can (undefined) or cannot reach the server; set before its initialize. */
  setUnreachable(reason: string | undefined): void {
    this.unreachable = reason;
  }

  /** The session a call's session header names (a session/new alias resolved to its id). */
  sessionOf(header: string | undefined): string | undefined {
    return header === undefined ? undefined : (this.aliases.get(header) ?? header);
  }

  /** What the host policy puts into `mcpServers` of this session/new, session/load or session/resume. */
  mcpServersFor(request: JsonRpcMessage): McpServerHttp[] {
    const endpoint = this.o.endpoint();
    const byMcpServers = this.kind === "mcp-http" || (this.kind === "goose" && this.gooseWay === "mcp-servers");
    if (!this.enabled || !byMcpServers || !endpoint || request.id === undefined) return [];
    const recorded = this.sessionRequests.get(request.id) ?? this.sessionRequestOf(request);
    if (!recorded) return [];
    recorded.alias = recorded.sessionId ?? `new-${++this.nextAlias}`;
    this.sessionRequests.set(request.id, recorded);
    return [server(endpoint, recorded.alias)];
  }

  /** Every JSON-RPC message the relay forwards to the agent. */
  fromExtension(m: JsonRpcMessage): void {
    if (m.method === undefined || m.id === undefined) return;
    const params = (m.params ?? {}) as { sessionId?: unknown };
    if (m.method === "initialize") this.initializeIds.add(m.id);
    else if (!this.sessionRequests.has(m.id)) {
      const request = this.sessionRequestOf(m);
      if (request) this.sessionRequests.set(m.id, request);
    }
    if ((m.method === "session/close" || m.method === "session/delete") && typeof params.sessionId === "string") {
      this.sessions.delete(params.sessionId);
    }
  }

  /**
   * Whether an agent message with this id/method is one the offering must read in full (an answer it
   * waits for); the relay parses only those, everything else passes as its head.
   */
  watches(head: { id?: JsonRpcId; method?: string }): boolean {
    if (head.method !== undefined || head.id === undefined || head.id === null) return false;
    const id = head.id;
    return (typeof id === "string" && id.startsWith(HOST_REQUEST_PREFIX)) || this.initializeIds.has(id) || this.sessionRequests.has(id);
  }

  /** Every JSON-RPC message from the agent: `forward` sends it on, now, later or (for ours) never. */
  /** `message` undefined: a line the host does not read (a chunked one); it still keeps its place in the order. */
  fromAgent(message: JsonRpcMessage | undefined, forward: Forward): void {
    if (message && message.method === undefined && typeof message.id === "string" && message.id.startsWith(HOST_REQUEST_PREFIX)) {
      this.onHostAnswer(message);
      return;
    }
    this.queue.push({ message, forward });
    this.drain();
  }

  /**
   * The agent stopped: everything it wrote and the host still holds (a session answer waiting for
   * goose's add, and the lines behind it) goes out now, in order and unheld, so it reaches the
   * browser before the host's exit status and its error answers.
   */
  flush(): void {
    const held = this.held;
    this.held = undefined;
    held?.forward();
    for (const { forward } of this.queue.splice(0)) forward();
  }

  /** The agent (re)started or exited: forget what it said; whatever was held goes out. */
  agentReset(): void {
    this.flush();
    for (const answered of [...this.hostRequests.values()]) answered({ ok: false, code: 0, message: "the agent stopped" });
    this.hostRequests.clear();
    this.kind = "unknown";
    this.initializeIds.clear();
    this.sessionRequests.clear();
    this.sessions.clear();
    this.aliases.clear();
  }

  private sessionRequestOf(m: JsonRpcMessage): SessionRequest | undefined {
    const sessionId = (m.params as { sessionId?: unknown } | undefined)?.sessionId;
    if (m.method === "session/new") return { method: m.method };
    // A fork opens a new session whose id comes in the answer, as session/new's does.
    if (m.method === "session/fork") return { method: "session/new" };
    if ((m.method === "session/load" || m.method === "session/resume") && typeof sessionId === "string")
      return { method: m.method, sessionId };
    return undefined;
  }

  private drain(): void {
    while (!this.held && this.queue.length > 0) {
      const { message, forward } = this.queue.shift()!;
      const opened = this.observe(message);
      if (opened && this.enabled && this.kind === "goose" && !opened.request.alias) {
        // This response, and everything after it, waits until goose has the server (bounded).
        const held = { forward };
        this.held = held;
        void this.addToGoose(opened.sessionId).then(() => this.release(held));
        return;
      }
      if (opened) this.settleOpened(opened.sessionId, opened.request, opened.result);
      forward();
    }
  }

  private release(held: { forward: Forward }): void {
    if (this.held !== held) return;
    this.held = undefined;
    held.forward();
    this.drain();
  }

  /** Looks at an agent message; returns the session a successful session/new, load or resume answer opened. */
  private observe(m: JsonRpcMessage | undefined): { sessionId: string; request: SessionRequest; result: unknown } | undefined {
    if (m === undefined || m.method !== undefined || m.id === undefined || m.id === null) return undefined;
    if (this.initializeIds.delete(m.id)) {
      if (m.result !== undefined) this.learnAgent(m.result);
      return undefined;
    }
    const request = this.sessionRequests.get(m.id);
    if (!request) return undefined;
    this.sessionRequests.delete(m.id);
    if (m.result === undefined) return undefined;
    const id = request.sessionId ?? (m.result as { sessionId?: unknown }).sessionId;
    if (typeof id !== "string") return undefined;
    if (request.alias && request.alias !== id) this.aliases.set(request.alias, id);
    this.sessions.set(id, "none");
    return { sessionId: id, request, result: m.result };
  }

  private learnAgent(result: unknown): void {
    // Offered nothing, as an agent without MCP over HTTP is: "unsupported", with the reason.
    this.kind = this.unreachable ? "none" : agentKind(result);
    if (this.kind === "goose") {
      this.gooseWay = gooseWayOf((result as { agentInfo?: { version?: unknown } }).agentInfo?.version as string | undefined);
      this.addWay = addWayOf(this.gooseWay);
    }
    this.o.log.info(`agent kind for browser tools: ${this.kind}${this.kind === "goose" ? ` (${this.gooseWay})` : ""}`);
  }

  /** A session the agent opened without a host request of ours: did it take the server from mcpServers? */
  private settleOpened(sessionId: string, request: SessionRequest, result: unknown): void {
    if (!this.enabled) return;
    if (this.kind === "none") {
      this.note(sessionId, this.unsupported());
      return;
    }
    if (!request.alias) {
      // The tools were turned on after this request left: goose takes the server now, others later.
      this.offerToOpenSession(sessionId);
      return;
    }
    const loaded = extensionResult(result, SERVER_NAME);
    // goose reports every extension it started; a session from a recipe that names its own extensions
    // starts those alone and leaves mcpServers out (goose 1.50, 1.52): goose takes the server now.
    if (!loaded && this.kind === "goose" && reportsExtensions(result)) this.offerToOpenSession(sessionId);
    else if (!loaded) this.note(sessionId, { outcome: "offered", via: "mcpServers" });
    else if (loaded.success) this.note(sessionId, { outcome: "added", via: "mcpServers" });
    else this.note(sessionId, { outcome: "failed", via: "mcpServers", detail: loaded.error });
  }

  /** The tools were turned on (or retried) for a session already open. */
  private offerToOpenSession(sessionId: string): void {
    if (this.kind === "goose") void this.addToGoose(sessionId);
    else if (this.kind === "mcp-http") this.note(sessionId, { outcome: "later" });
    else if (this.kind === "none") this.note(sessionId, this.unsupported());
  }

  private unsupported(): Offer {
    return { outcome: "unsupported", ...(this.unreachable ? { detail: this.unreachable } : {}) };
  }

  private note(sessionId: string, offer: Offer): void {
    if (this.sessions.has(sessionId)) this.sessions.set(sessionId, offer.outcome);
    this.o.report({ type: "browser_tools_offer", sessionId, ...offer });
  }

  /** Adds the server with goose's request, falling back once on the other method; never rejects. */
  private async addToGoose(sessionId: string): Promise<void> {
    const endpoint = this.o.endpoint() ?? (await this.o.ready);
    if (!endpoint) {
      this.note(sessionId, { outcome: "failed", detail: "the browser-tools server could not start (see the host log)" });
      return;
    }
    this.sessions.set(sessionId, "offered");
    let way = this.addWay;
    let sent = addRequest(way, sessionId, server(endpoint, sessionId));
    let answer = await this.request(sent.method, sent.params);
    if (!answer.ok && answer.code === METHOD_NOT_FOUND) {
      way = otherAddWay(way);
      sent = addRequest(way, sessionId, server(endpoint, sessionId));
      answer = await this.request(sent.method, sent.params);
      if (answer.ok) this.addWay = way;
    }
    // Turned off meanwhile, or the session closed or its agent went away: nothing to tell.
    if (!this.enabled || !this.sessions.has(sessionId)) return;
    if (answer.ok) this.note(sessionId, { outcome: "added", via: sent.method });
    else this.note(sessionId, { outcome: "failed", via: sent.method, detail: answer.message });
  }

  private takeBack(sessionId: string): void {
    const via = this.kind === "goose" ? removeRequest(this.addWay, sessionId, SERVER_NAME) : undefined;
    // Other agents cannot drop a server: the forwarder refuses every call while the tools are off.
    if (via) void this.request(via.method, via.params);
    this.note(sessionId, { outcome: "removed", ...(via ? { via: via.method } : {}) });
  }

  /** Sends a host-made request; resolves with its answer, or a failure after the hold time (never rejects). */
  private request(method: string, params: Record<string, unknown>): Promise<Answer> {
    const id = `${HOST_REQUEST_PREFIX}${++this.nextRequest}`;
    return new Promise<Answer>((resolve) => {
      const timer = this.o.clock.setTimeout(() => {
        if (!this.hostRequests.delete(id)) return;
        this.o.log.warn(`${method} (${id}): no answer from the agent within ${this.holdMs} ms; going on without it`);
        resolve({ ok: false, code: 0, message: `no answer within ${Math.round(this.holdMs / 1000)} s` });
      }, this.holdMs);
      this.hostRequests.set(id, (answer) => {
        this.o.clock.clearTimeout(timer);
        resolve(answer);
      });
      this.o.log.info(`→ agent ${method} #${id} for session ${String(params.sessionId)}`);
      this.o.sendToAgent({ jsonrpc: "2.0", id, method, params });
    });
  }

  private onHostAnswer(m: JsonRpcMessage): void {
    const id = m.id as string;
    if (m.error) this.o.log.warn(`agent answered ${id} with error ${m.error.code}: ${m.error.message}`);
    else this.o.log.info(`agent answered ${id}`);
    const answered = this.hostRequests.get(id);
    this.hostRequests.delete(id);
    if (!answered) {
      this.o.log.warn(`answer ${id} from the agent matches no pending host request; dropped`);
      return;
    }
    answered(m.error ? { ok: false, code: m.error.code, message: errorText(m.error) } : { ok: true });
  }

  private get holdMs(): number {
    return this.o.holdMs ?? DEFAULT_HOLD_MS;
  }
}

function server(endpoint: Endpoint, sessionHeader: string): McpServerHttp {
  return {
    type: "http",
    name: SERVER_NAME,
    url: endpoint.url,
    headers: [
      { name: "Authorization", value: `Bearer ${endpoint.token}` },
      { name: SESSION_HEADER, value: sessionHeader },
    ],
  };
}

/** A JSON-RPC error in words: its message, and its data when that is text (goose puts the cause there). */
function errorText(error: { message: string; data?: unknown }): string {
  const data = typeof error.data === "string" ? error.data : undefined;
  const text = data && !error.message.includes(data) ? `${error.message}: ${data}` : error.message;
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
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
