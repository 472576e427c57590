/**
 * The direct path: for a browser that cannot start the native host (Flatpak, snap), the extension's
 * own WebSocket to goose serve at `/acp?token=…` (a browser WebSocket cannot set the X-Secret-Key
 * header; docs/goose-serve.md). It is a port that speaks the host's side of the native port
 * (shared/host-protocol.ts) so the background's native connection and ACP client run over it as over
 * the host: a `hello` without browser tools (there is no host to serve them), the agent's statuses as
 * the host reports a goose serve profile's (`running` with the connection's number as its `pid`, once
 * goose's version passed the check the host makes too, version-check.ts; `outdated`; `exited` when the
 * server goes away, then tried again with the host's backoff, the native host asked first each time
 * in case one was installed since; `failed` with the fix), and each WebSocket text message as one agent
 * message. What goose would drop the connection for (one message over 16 MiB) is refused before it is
 * sent. Nothing here logs, and the token goes nowhere but the WebSocket's URL.
 */
import {
  AGENT_EXITED_REPLY,
  AGENT_NOT_RUNNING_REPLY,
  type AgentStatus,
  type HostCommand,
  type HostEvent,
  hostMessage,
  isHostEnvelope,
  isJsonRpc,
  type JsonRpcId,
} from "../../../shared/host-protocol";
import { reconnectDelayMs } from "../../../shared/reconnect-backoff";
import type { DirectServe } from "../../state/connection/direct-serve";
import type { MessagePort } from "../panel/ports";
import { beforeOpen, type DirectFailure, whyNotOpen } from "./direct-failure";
import { directHello } from "./direct-hello";
import { oversize } from "./message-size";
import { VERSION_CHECK_ID, versionCheckRequest, versionVerdict } from "./version-check";

/** How long goose may take to answer the version check before the connection counts as failed. */
const VERSION_CHECK_TIMEOUT_MS = 15_000;

/** The one profile the direct path has: the name the panel shows for it. */
export const DIRECT_PROFILE = "goose serve";

/** The slice of the browser's WebSocket used here. */
export interface SocketLike {
  // Events typed `never` here, so a browser's WebSocket and Node's `ws` both fit; the handlers set below say what they read.
  onopen: ((event: never) => unknown) | null;
  onmessage: ((event: never) => unknown) | null;
  onclose: ((event: never) => unknown) | null;
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
  /**
   * Before each try after the first: starts the native host if it can be reached now (installed since),
   * true when it took over (this port is then let go); the direct path is for a browser without one.
   */
  tryHost?(): Promise<boolean>;
}

export class DirectPort implements MessagePort {
  readonly name = "goose-serve-direct";
  private readonly messageListeners: ((message: unknown) => void)[] = [];
  readonly onMessage = { addListener: (l: (message: unknown) => void) => void this.messageListeners.push(l) };
  /** A direct port never closes by itself: what goes wrong is the agent's status, as with the host. */
  readonly onDisconnect = { addListener: () => {} };
  private socket: SocketLike | null = null;
  /** "checking": upgraded, goose's version not yet known; "open": the agent is reported running. */
  private phase: "closed" | "checking" | "open" = "closed";
  private checkTimer: unknown = null;
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
    deps.setTimer(() => this.emit(directHello(this.serve.cwd, DIRECT_PROFILE)), 0);
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
      if (cmd.type === "start" && this.phase !== "closed") return;
      this.stop();
      this.connect(++this.generation, 0);
    } else if (cmd.type === "diagnose") {
      const l = this.last;
      const problem =
        l.state === "failed"
          ? { problem: { state: "failed" as const, fix: `${l.message}. ${l.fix}` } }
          : l.state === "outdated"
            ? { problem: { state: "outdated" as const, fix: `goose ${l.version} is older than ${l.required}. ${l.fix}` } }
            : {};
      const profile = { name: DIRECT_PROFILE, command: this.serve.url, args: [], serve: true as const, ...problem };
      this.emit({ type: "diagnostics", logTail: [], profiles: [profile] });
    }
    // Browser tools and file edits are the host's: a hello without them means the extension sends none.
  }

  private toAgent(message: { id?: JsonRpcId; method?: string }): void {
    const text = JSON.stringify(message);
    const request = message.method !== undefined && message.id !== undefined && message.id !== null;
    const refusal = oversize(text);
    if (refusal || this.phase !== "open" || !this.socket) {
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
    // Over HTTP first: a WebSocket that fails puts its URL, the token with it, in the browser's console.
    void beforeOpen(url, this.serve.token, this.deps.origin, this.deps.fetch).then((why) => {
      if (generation !== this.generation) return;
      if (why) this.failed(generation, attempt, why);
      else this.openSocket(generation, attempt);
    });
  }

  private openSocket(generation: number, attempt: number): void {
    const url = this.serve.url;
    const socket = this.deps.openSocket(`${url}${url.includes("?") ? "&" : "?"}token=${encodeURIComponent(this.serve.token)}`);
    this.socket = socket;
    socket.onopen = () => {
      if (generation !== this.generation) return;
      this.phase = "checking";
      socket.send(versionCheckRequest);
      this.checkTimer = this.deps.setTimer(() => this.checkTimedOut(generation), VERSION_CHECK_TIMEOUT_MS);
    };
    socket.onmessage = (event: { data: unknown }) => {
      if (generation === this.generation && typeof event.data === "string") this.fromAgent(event.data);
    };
    socket.onclose = () => {
      if (generation !== this.generation) return;
      this.socket = null;
      this.clearCheck();
      if (this.phase !== "closed") {
        // Upgraded, so neither the token nor the Origin: the server went away (or cut the connection).
        this.phase = "closed";
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

  /** The next try after a backoff, the native host first: installed since, it takes over. */
  private later(generation: number, attempt: number): void {
    this.retry = this.deps.setTimer(
      () => {
        this.retry = null;
        if (generation !== this.generation) return;
        if (!this.deps.tryHost) return this.connect(generation, attempt);
        const again = (took: boolean) => !took && generation === this.generation && this.connect(generation, attempt);
        void this.deps.tryHost().then(again, () => again(false));
      },
      reconnectDelayMs(attempt - 1),
    );
  }

  /**
   * Only JSON-RPC reaches the client, and only once the agent is reported running: anything else from
   * the server (junk, a host message's shape) is dropped, as is all but the answer to the version check
   * before that.
   */
  private fromAgent(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    const messages = Array.isArray(value) ? value.filter(isJsonRpc) : isJsonRpc(value) ? [value] : [];
    for (const m of messages) {
      if (this.phase === "checking") {
        if (m.id === VERSION_CHECK_ID && m.method === undefined) this.checked(m);
        continue;
      }
      if (this.phase !== "open") return;
      if (m.method === undefined && m.id !== undefined) this.pending.delete(JSON.stringify(m.id));
      for (const l of [...this.messageListeners]) l(m);
    }
  }

  /** goose answered the version check: too old waits for the user (as the host's check does); else the agent runs. */
  private checked(answer: { result?: unknown }): void {
    this.clearCheck();
    const verdict = versionVerdict(answer);
    const command = this.serve.url;
    if (!verdict.ok) {
      const { version, required, fix } = verdict;
      this.stop();
      this.status({ state: "outdated", profile: DIRECT_PROFILE, command, version, required, fix });
      return;
    }
    this.phase = "open";
    const version = verdict.version ? { version: verdict.version } : {};
    this.status({ state: "running", profile: DIRECT_PROFILE, command, pid: ++this.connections, cwd: this.cwd, ...version });
  }

  private checkTimedOut(generation: number): void {
    this.checkTimer = null;
    if (generation !== this.generation || this.phase !== "checking") return;
    this.stop();
    this.status({
      state: "failed",
      profile: DIRECT_PROFILE,
      command: this.serve.url,
      message: `the goose serve at ${this.serve.url} took the connection but did not answer initialize within ${VERSION_CHECK_TIMEOUT_MS / 1000} s`,
      fix: "Its own output may say why; press Restart to try again.",
    });
  }

  private clearCheck(): void {
    if (this.checkTimer !== null) this.deps.clearTimer(this.checkTimer);
    this.checkTimer = null;
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
    this.clearCheck();
    this.generation++;
    this.phase = "closed";
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}
