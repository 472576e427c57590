/**
 * Owns the native port: opens it, feeds what the host says into the store, answers the host's
 * hello, and maps a closed port to a reason. The browser is injected, so this runs in unit tests.
 */
import { HOST_NAME } from "../../../shared/extension-ids";
import { type HostCommand, type HostToolCall, type HostToolsOffer, hostMessage, type JsonRpcMessage } from "../../../shared/host-protocol";
import {
  type AgentChoice,
  type ConnectionEvent,
  type ConnectionState,
  type DisconnectReason,
  SETUP_CAUSES,
} from "../../state/connection/connection";
import type { FileEditsEvent } from "../../state/file-edits/file-edits";
import type { SliceStore } from "../observable-store";
import type { MessagePort } from "../panel/ports";
import { connectFailure, disconnectReason, type HostAllowEntry } from "./disconnect-reason";
import { HostInbound } from "./host-inbound";

export interface NativeDeps {
  connectNative(name: string): MessagePort;
  /** runtime.lastError?.message, read inside onDisconnect (the only moment Chrome sets it). */
  lastErrorMessage(): string | undefined;
  /** What the host manifest must list for this extension (shown when the host refuses it). */
  hostAllows: HostAllowEntry;
  /** The user's chosen agent profile and working folder, read when the host says hello. */
  agentChoice?: () => AgentChoice;
  /** Agent messages (whole, chunks reassembled), in arrival order. */
  onJsonRpc?: (message: JsonRpcMessage) => void;
  /**
   * A browser tool call. `answer` posts on the port the call came by, and is false once that port is
   * gone (a call id means nothing to another host run).
   */
  onToolCall?: (call: HostToolCall, answer: (command: HostCommand) => boolean) => void;
  /** The host's word on whether the agent took the browser tools into a session. */
  onToolOffer?: (offer: HostToolsOffer) => void;
  /** The agent's file edits the host reported, and its answers to Undo. */
  onFileEdits?: (event: FileEditsEvent) => void;
  /**
   * With no host to start, a port to the goose serve the user set up for that (background/direct/), if
   * any; `tryHost` is for it to call before each try of its own, so a host installed since takes over.
   */
  direct?: (tryHost: () => Promise<boolean>) => MessagePort | null;
  log?: (message: string, detail?: unknown) => void;
}

export class NativeConnection {
  private port: MessagePort | null = null;
  /** Bumped per connect, so late events from a replaced port are ignored. */
  private generation = 0;

  constructor(
    private readonly store: SliceStore<ConnectionState, ConnectionEvent>,
    private readonly deps: NativeDeps,
  ) {}

  /**
   * Opens a fresh port, dropping any current one. `recheck`: a quiet try while the setup screen shows
   * (HostRecheck), which leaves it on screen until the host answers.
   */
  connect(recheck = false): void {
    this.hangUp();
    const generation = ++this.generation;
    this.store.dispatch({ type: "connecting", ...(recheck ? { recheck } : {}) });

    let port: MessagePort;
    try {
      port = this.deps.connectNative(HOST_NAME);
    } catch (error) {
      const reason = connectFailure(error, this.context());
      if (!this.tryDirect(reason)) this.store.dispatch({ type: "disconnected", reason });
      return;
    }
    this.attach(port, generation);
  }

  /** No host to start (not installed, or one the browser cannot start): the direct goose serve, when set up. */
  private tryDirect(reason: DisconnectReason): boolean {
    if (!SETUP_CAUSES.has(reason.cause)) return false;
    const direct = this.deps.direct?.(() => this.tryHost());
    if (!direct) return false;
    this.deps.log?.("no native host; connecting to goose serve directly", reason.cause);
    this.attach(direct, this.generation);
    return true;
  }

  /**
   * While on the direct path: opens a port to the native host beside it, and once the host says
   * anything, hangs up the direct port and goes on with the host (true). A host still missing (or
   * one that ends before a word) leaves the direct path as it is (false).
   */
  private tryHost(): Promise<boolean> {
    const generation = this.generation;
    let trial: MessagePort;
    try {
      trial = this.deps.connectNative(HOST_NAME);
    } catch {
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      let settled = false;
      trial.onMessage.addListener((first: unknown) => {
        if (settled) return;
        settled = true;
        if (generation !== this.generation) {
          // Something else connected meanwhile: this trial is not wanted.
          trial.disconnect();
          return resolve(true);
        }
        this.deps.log?.("the native host answers now; leaving goose serve's direct connection for it");
        this.hangUp();
        const next = ++this.generation;
        this.store.dispatch({ type: "connecting" });
        this.attach(trial, next, [first]);
        resolve(true);
      });
      trial.onDisconnect.addListener(() => {
        // Read so the browser does not report it unchecked; the direct path goes on either way.
        void (trial.error?.message ?? this.deps.lastErrorMessage());
        if (settled) return;
        settled = true;
        resolve(false);
      });
    });
  }

  /** `replay`: messages the port said before it was attached (the host's first, on a switch from the direct path). */
  private attach(port: MessagePort, generation: number, replay: unknown[] = []): void {
    const inbound = new HostInbound(undefined, this.deps.agentChoice);
    let saidHello = false;
    this.port = port;

    const onMessage = (message: unknown) => {
      if (generation !== this.generation) return;
      const result = inbound.receive(message);
      for (const event of result.events) {
        if (event.type === "hello") saidHello = true;
        this.store.dispatch(event);
      }
      for (const m of result.jsonRpc ?? []) this.deps.onJsonRpc?.(m);
      for (const call of result.toolCalls ?? []) this.deps.onToolCall?.(call, (command) => this.sendOn(generation, command));
      for (const offer of result.toolOffers ?? []) this.deps.onToolOffer?.(offer);
      for (const edit of result.fileEdits ?? []) this.deps.onFileEdits?.(edit);
      if (result.reply) port.postMessage(result.reply);
      if (result.hangUp) this.hangUp();
    };
    port.onMessage.addListener(onMessage);
    for (const message of replay) onMessage(message);

    port.onDisconnect.addListener(() => {
      // Read the error first: Chrome clears runtime.lastError when this callback returns.
      const message = port.error?.message ?? this.deps.lastErrorMessage();
      if (generation !== this.generation) return;
      this.port = null;
      for (const event of inbound.close()) this.store.dispatch(event);
      this.deps.log?.("native port closed", message);
      const reason = disconnectReason(message, { ...this.context(), saidHello });
      if (saidHello || !this.tryDirect(reason)) this.store.dispatch({ type: "disconnected", reason });
    });
  }

  /** Connects unless a port is open. A failed attempt is retried: the user may have fixed it since. */
  ensureConnected(): void {
    const { phase } = this.store.get().link;
    if (phase === "idle" || phase === "disconnected" || phase === "incompatible") this.connect();
  }

  /** Restarts the agent through a live host (with the user's current choice), or reconnects to the host otherwise. */
  restart(): void {
    const link = this.store.get().link;
    // On the direct path, a restart looks for the host first (installed since, it takes over).
    if (this.port && link.phase === "ready" && !link.hello.direct) {
      // Explicit both ways, so clearing a choice goes back to the host's defaults.
      const { profile, cwd } = this.deps.agentChoice?.() ?? {};
      const known = profile !== undefined && link.hello.profiles.includes(profile);
      this.send({ type: "restart", profile: known ? profile : link.hello.defaultProfile, cwd: cwd ?? link.hello.cwd });
    } else {
      this.connect();
    }
  }

  /** Asks the host for its log tail and each profile's resolution (the options page's diagnostics). */
  diagnose(): void {
    if (this.port && this.store.get().link.phase === "ready") this.send({ type: "diagnose" });
  }

  /** Sends a JSON-RPC message to the agent; false when there is no port to send it on. */
  sendJsonRpc(message: unknown): boolean {
    if (!this.port || this.store.get().link.phase !== "ready") return false;
    this.port.postMessage(message);
    return true;
  }

  /** Sends a host command on the open port (browser_tools); false when there is none. */
  sendHost(command: HostCommand): boolean {
    return this.sendOn(this.generation, command);
  }

  private sendOn(generation: number, command: HostCommand): boolean {
    if (!this.port || generation !== this.generation) return false;
    this.port.postMessage(hostMessage(command));
    return true;
  }

  private send(command: HostCommand): void {
    this.port?.postMessage(hostMessage(command));
  }

  /** Closes our port without a disconnect event (a port's own disconnect() does not fire one). */
  private hangUp(): void {
    const port = this.port;
    this.port = null;
    this.generation++;
    port?.disconnect();
  }

  private context() {
    return { hostAllows: this.deps.hostAllows, logFile: this.store.get().lastHello?.logFile };
  }
}
