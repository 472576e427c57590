/**
 * The direct path: for a browser that cannot start the native host (Flatpak, snap), the extension's
 * own WebSocket to goose serve at `/acp?token=…` (a browser WebSocket cannot set the X-Secret-Key
 * header; docs/goose-serve.md). It is a port that speaks the host's side of the native port
 * (shared/host-protocol.ts) so the background's native connection and ACP client run over it as over
 * the host: a `hello` without browser tools (there is no host to serve them), the agent's statuses as
 * the host reports a goose serve profile's (`running` with the connection's number as its `pid`,
 * `exited` when the server goes away, then tried again with the host's backoff; `failed` with the
 * fix), and each WebSocket text message as one agent message. What goose would drop the connection
 * for (one message over 16 MiB) is refused before it is sent.
 */
import {
  AGENT_EXITED_REPLY,
  AGENT_NOT_RUNNING_REPLY,
  type AgentStatus,
  HOST_PROTOCOL_VERSION,
  type HostCommand,
  type HostEvent,
  type HostHello,
  hostMessage,
  isHostEnvelope,
  isJsonRpc,
  type JsonRpcId,
} from "../../../shared/host-protocol";
import { reconnectDelayMs } from "../../../shared/reconnect-backoff";
import type { DirectServe } from "../../state/connection/direct-serve";
import type { MessagePort } from "../panel/ports";
import { type DirectFailure, whyNotOpen } from "./direct-failure";
import { oversize } from "./message-size";

/** The one profile the direct path has: the name the panel shows for it. */
export const DIRECT_PROFILE = "goose serve";

/** The slice of the browser's WebSocket used here. */
export interface SocketLike {
  onopen: ((event: Event) => unknown) | null;
  onmessage: ((event: MessageEvent) => unknown) | null;
  onclose: ((event: CloseEvent) => unknown) | null;
  send(text: string): void;
  close(): void;
}

export interface DirectDeps {
  /** This extension's origin (chrome-extension://<id>, moz-extension://<uuid>), for the fix goose's Origin check needs. */
  origin: string;
  openSocket(url: string): SocketLike;
  fetch: Parameters<typeof whyNotOpen>[3];
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export class DirectPort implements MessagePort {
  readonly name = "goose-serve-direct";
  private readonly messageListeners: ((message: unknown) => void)[] = [];
  readonly onMessage = { addListener: (l: (message: unknown) => void) => void this.messageListeners.push(l) };
  /** A direct port never closes by itself: what goes wrong is the agent's status, as with the host. */
  readonly onDisconnect = { addListener: () => {} };
  private socket: SocketLike | null = null;
  private open = false;
  private connections = 0;
  private generation = 0;
  private retry: unknown = null;
  private cwd: string;
  private readonly pending = new Set<string>();
  private last: AgentStatus = { state: "idle", profile: DIRECT_PROFILE };

  constructor(
    private readonly serve: DirectServe,
    private readonly deps: DirectDeps,
  ) {
    this.cwd = serve.cwd;
    // As a host does on its own, once whoever opened the port has its listeners on.
    deps.setTimer(() => this.emit(this.hello()), 0);
  }

  postMessage(message: unknown): void {
    if (isHostEnvelope(message)) this.command(message.host as HostCommand);
    else if (isJsonRpc(message)) this.toAgent(message);
  }

  disconnect(): void {
    this.stop();
    this.messageListeners.length = 0;
  }

  private command(cmd: HostCommand): void {
    if (cmd.type === "start" || cmd.type === "restart") {
      if (cmd.cwd) this.cwd = cmd.cwd;
      if (cmd.type === "start" && this.open) return;
      this.stop();
      this.connect(++this.generation, 0);
    } else if (cmd.type === "diagnose") {
      const problem =
        this.last.state === "failed" ? { problem: { state: "failed" as const, fix: `${this.last.message}. ${this.last.fix}` } } : {};
      const profile = { name: DIRECT_PROFILE, command: this.serve.url, args: [], serve: true as const, ...problem };
      this.emit({ type: "diagnostics", logTail: [], profiles: [profile] });
    }
    // Browser tools and file edits are the host's: a hello without them means the extension sends none.
  }

  private toAgent(message: { id?: JsonRpcId; method?: string }): void {
    const text = JSON.stringify(message);
    const request = message.method !== undefined && message.id !== undefined && message.id !== null;
    const refusal = oversize(text);
    if (refusal || !this.open || !this.socket) {
      if (refusal) this.emit({ type: "error", code: "frame_too_large", message: refusal });
      if (request) this.answer(message.id!, refusal ?? AGENT_NOT_RUNNING_REPLY);
      return;
    }
    if (request) this.pending.add(JSON.stringify(message.id));
    this.socket.send(text);
  }

  /** One try; `attempt` 0 is a start (reported as it goes), later ones stay quiet until they succeed. */
  private connect(generation: number, attempt: number): void {
    const url = this.serve.url;
    if (attempt === 0) this.status({ state: "starting", profile: DIRECT_PROFILE, command: url });
    const socket = this.deps.openSocket(`${url}${url.includes("?") ? "&" : "?"}token=${encodeURIComponent(this.serve.token)}`);
    this.socket = socket;
    socket.onopen = () => {
      if (generation !== this.generation) return;
      this.open = true;
      this.status({ state: "running", profile: DIRECT_PROFILE, command: url, pid: ++this.connections, cwd: this.cwd });
    };
    socket.onmessage = (event) => {
      if (generation === this.generation && typeof event.data === "string") this.fromAgent(event.data);
    };
    socket.onclose = () => {
      if (generation !== this.generation) return;
      this.socket = null;
      if (this.open) {
        this.open = false;
        this.status({ state: "exited", profile: DIRECT_PROFILE, command: url, code: null, signal: null, stderrTail: [] });
        for (const id of this.pending) this.answer(JSON.parse(id) as JsonRpcId, AGENT_EXITED_REPLY);
        this.pending.clear();
        this.later(generation, 1);
        return;
      }
      void whyNotOpen(url, this.serve.token, this.deps.origin, this.deps.fetch).then((why) => this.failed(generation, attempt, why));
    };
  }

  private failed(generation: number, attempt: number, why: DirectFailure): void {
    if (generation !== this.generation) return;
    // Tries after the first stay quiet while nothing answers; any other answer is news.
    if (attempt === 0 || why.kind !== "unreachable")
      this.status({ state: "failed", profile: DIRECT_PROFILE, command: this.serve.url, message: why.message, fix: why.fix });
    // A server not there yet may come; a wrong token or origin waits for the user's Restart.
    if (why.kind === "unreachable") this.later(generation, attempt + 1);
  }

  private later(generation: number, attempt: number): void {
    this.retry = this.deps.setTimer(
      () => {
        this.retry = null;
        if (generation === this.generation) this.connect(generation, attempt);
      },
      reconnectDelayMs(attempt - 1),
    );
  }

  /** Only JSON-RPC reaches the client: anything else from the server (a host message's shape included) is dropped. */
  private fromAgent(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    const messages = Array.isArray(value) ? value.filter(isJsonRpc) : isJsonRpc(value) ? [value] : [];
    for (const m of messages) {
      if (m.method === undefined && m.id !== undefined) this.pending.delete(JSON.stringify(m.id));
      for (const l of [...this.messageListeners]) l(m);
    }
  }

  private answer(id: JsonRpcId, message: string): void {
    for (const l of [...this.messageListeners]) l({ jsonrpc: "2.0", id, error: { code: -32603, message } });
  }

  private status(status: AgentStatus): void {
    this.last = status;
    this.emit({ type: "status", status });
  }

  private emit(event: HostEvent): void {
    for (const l of [...this.messageListeners]) l(hostMessage(event));
  }

  private stop(): void {
    if (this.retry !== null) this.deps.clearTimer(this.retry);
    this.retry = null;
    this.generation++;
    this.open = false;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  private hello(): HostHello {
    return {
      type: "hello",
      hostVersion: "none (goose serve, direct)",
      protocolVersion: HOST_PROTOCOL_VERSION,
      minExtensionProtocol: HOST_PROTOCOL_VERSION,
      // goose serve answers goose's own session methods itself.
      capabilities: ["goose_session_methods"],
      profiles: [DIRECT_PROFILE],
      defaultProfile: DIRECT_PROFILE,
      cwd: this.serve.cwd,
      platform: "",
      logFile: "",
      configFile: "",
      nodeVersion: "",
      hostPath: "",
      direct: true,
    };
  }
}
