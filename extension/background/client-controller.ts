/**
 * Runs the ACP conversation for the whole extension: starts a client whenever the host reports a
 * running agent (initialize, then restore the open session with session/load), turns the user's
 * commands into ACP requests, and turns every answer and update into client events for the store.
 * No request here has a timeout except initialize: turns, loads and new sessions can take minutes.
 */

import type { ContentBlock, RequestPermissionRequest, SessionConfigOption, SessionModeState } from "@agentclientprotocol/sdk";
import * as acp from "@agentclientprotocol/sdk";
import type { JsonRpcMessage } from "../../shared/host-protocol";
import type { AppEvent, AppState } from "../state/app";
import { canListSessions } from "../state/client-reducer";
import type { ClientEvent, SessionState, UiError } from "../state/client-state";
import type { PanelCommand } from "../state/panel-messages";
import { AcpClient } from "./acp-client";
import { currentMode, DEFAULT_APPROVAL_MODE, modeChangeTo } from "./approval-mode";
import { toUiError } from "./errors";
import { PermissionBroker } from "./permissions";
import { EMPTY_META, type MetaStorage, type SessionMeta } from "./session-meta";
import type { Store } from "./store";

export const INITIALIZE_TIMEOUT_MS = 30_000;
/** session/list pages fetched at most (50 sessions each for goose). */
const MAX_HISTORY_PAGES = 10;

export interface ControllerDeps {
  store: Store<AppState, AppEvent>;
  sendJsonRpc(message: unknown): boolean;
  meta: MetaStorage;
  log?: (message: string, detail?: unknown) => void;
}

export class ClientController {
  private client: AcpClient | null = null;
  /** Bumped per agent process, so answers from a dead one are ignored. */
  private generation = 0;
  private agentPid: number | null = null;
  private meta: SessionMeta = EMPTY_META;
  private readonly metaLoaded: Promise<void>;
  private readonly permissions: PermissionBroker;

  constructor(private readonly deps: ControllerDeps) {
    this.permissions = new PermissionBroker({
      requested: (key, request) => this.onPermissionRequested(key, request),
      resolved: (key, sessionId) => this.dispatch({ type: "permission_resolved", sessionId, key }),
    });
    this.metaLoaded = deps.meta.load().then(
      (m) => void (this.meta = m),
      (e) => deps.log?.("could not read session metadata", e),
    );
    deps.store.subscribe((state) => this.watchAgent(state));
    this.watchAgent(deps.store.get());
  }

  /** A message from the agent (through the host). */
  deliver(message: JsonRpcMessage): void {
    this.client?.deliver(message);
  }

  async handle(command: PanelCommand): Promise<void> {
    switch (command.type) {
      case "new_session":
        return void (await this.newSession());
      case "prompt":
        return this.prompt(command.sessionId, command.content);
      case "cancel":
        return this.cancel(command.sessionId);
      case "load_session":
        return this.openSession(command.sessionId);
      case "refresh_history":
        return this.refreshHistory();
      case "delete_session":
        return this.deleteSession(command.sessionId);
      case "set_config_option":
        return this.setConfigOption(command.sessionId, command.configId, command.value);
      case "set_mode":
        return this.setMode(command.sessionId, command.modeId);
      case "answer_permission":
        this.permissions.answer(command.key, command.optionId);
        return;
      case "restart":
        return; // the native connection handles it
    }
  }

  // ---- agent lifecycle -------------------------------------------------------------------

  private watchAgent(state: AppState): void {
    const status = state.connection.agent;
    const pid = status?.state === "running" && state.connection.link.phase === "ready" ? status.pid : null;
    if (pid === this.agentPid) return;
    const hadAgent = this.agentPid !== null;
    this.agentPid = pid;
    if (hadAgent) this.stopClient(status);
    if (pid !== null) void this.startClient();
  }

  private stopClient(status: AppState["connection"]["agent"]): void {
    this.generation++;
    this.permissions.cancelAll();
    const error: UiError | null =
      status?.state === "exited"
        ? {
            title: "The agent stopped",
            message: `It exited with ${status.signal ? `signal ${status.signal}` : `code ${status.code}`}.`,
            fix: "Press Restart to start it again.",
          }
        : { title: "The agent is not running", message: "The connection to the agent was lost.", fix: "Press Restart to start it again." };
    this.dispatch({ type: "agent_offline", error });
    this.client?.close("the agent stopped");
    this.client = null;
  }

  private async startClient(): Promise<void> {
    const generation = ++this.generation;
    const client = new AcpClient({
      send: (m) => void this.deps.sendJsonRpc(m),
      onUpdate: (n) => {
        if (generation === this.generation) this.dispatch({ type: "session_update", sessionId: n.sessionId, update: n.update });
      },
      onPermission: (request, signal) => this.permissions.ask(request, signal),
    });
    this.client = client;
    this.dispatch({ type: "agent_initializing" });
    let init: acp.InitializeResponse;
    try {
      init = await withTimeout(client.initialize(), INITIALIZE_TIMEOUT_MS, "initialize");
    } catch (e) {
      if (generation !== this.generation) return;
      this.dispatch({
        type: "agent_failed",
        error: { ...toUiError(e, "Starting the agent"), fix: "Press Restart; if it keeps failing, check the agent's log." },
      });
      return;
    }
    if (generation !== this.generation) return;
    if (init.protocolVersion !== acp.PROTOCOL_VERSION) {
      this.dispatch({ type: "agent_unsupported", protocolVersion: init.protocolVersion });
      client.close("unsupported protocol version");
      return;
    }
    this.dispatch({
      type: "agent_ready",
      info: init.agentInfo ?? null,
      capabilities: init.agentCapabilities ?? {},
      authMethods: init.authMethods ?? [],
    });
    await this.metaLoaded;
    const restore = this.state().client.activeSessionId ?? this.meta.activeSessionId;
    if (restore && init.agentCapabilities?.loadSession) await this.openSession(restore, { force: true });
    void this.refreshHistory();
  }

  // ---- sessions ----------------------------------------------------------------------------

  private async newSession(): Promise<string | null> {
    const client = this.readyClient();
    if (!client || this.state().client.opening) return null;
    const generation = this.generation;
    const cwd = this.cwd();
    this.dispatch({ type: "session_opening", open: { kind: "new" } });
    try {
      const r = await client.agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] });
      if (generation !== this.generation) return null;
      this.releaseIdle(this.state().client.activeSessionId);
      // Registered at once (goose sends commands and usage right after the response) but held as
      // loading until it asks before running tools, so no prompt can start in the wrong mode.
      this.dispatch({
        type: "session_opened",
        sessionId: r.sessionId,
        cwd,
        loading: true,
        modes: r.modes ?? null,
        configOptions: r.configOptions ?? null,
      });
      await this.remember({ activeSessionId: r.sessionId });
      await this.applyMode(r.sessionId, DEFAULT_APPROVAL_MODE, r.configOptions, r.modes);
      if (generation !== this.generation) return null;
      this.dispatch({ type: "session_loaded", sessionId: r.sessionId });
      return r.sessionId;
    } catch (e) {
      if (generation === this.generation)
        this.dispatch({ type: "session_open_failed", error: toUiError(e, "Starting a session", this.authMethods()) });
      return null;
    }
  }

  /** Shows a session: at once if it is in memory (e.g. its turn still runs), else by session/load. */
  private async openSession(sessionId: string, o: { force?: boolean } = {}): Promise<void> {
    const client = this.readyClient();
    if (!client) return;
    const state = this.state().client;
    if (!o.force && state.sessions[sessionId]) {
      this.releaseIdle(state.activeSessionId, sessionId);
      this.dispatch({ type: "session_activated", sessionId });
      await this.remember({ activeSessionId: sessionId });
      return;
    }
    if (!state.agent.capabilities?.loadSession || state.opening) return;
    const generation = this.generation;
    const cwd = this.historyCwd(sessionId);
    this.releaseIdle(state.activeSessionId, sessionId);
    this.dispatch({ type: "session_opening", open: { kind: "load", sessionId } });
    // Registered before the request: the replay arrives before the response.
    this.dispatch({ type: "session_opened", sessionId, cwd, loading: true, title: this.historyTitle(sessionId) });
    try {
      const r = (await client.agent.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] })) ?? {};
      if (generation !== this.generation) return;
      this.dispatch({ type: "session_loaded", sessionId, modes: r.modes ?? null, configOptions: r.configOptions ?? null });
      await this.remember({ activeSessionId: sessionId });
      await this.applyMode(sessionId, this.meta.modeBySession[sessionId] ?? DEFAULT_APPROVAL_MODE, r.configOptions, r.modes);
    } catch (e) {
      if (generation !== this.generation) return;
      const error = toUiError(e, "Opening the session", this.authMethods());
      if ((e as { code?: unknown }).code === -32002) {
        // Gone for good (deleted elsewhere): forget it, so the next message starts a new session.
        this.dispatch({ type: "session_closed", sessionId });
        this.dispatch({ type: "history_removed", sessionId });
        this.dispatch({ type: "session_open_failed", error });
        await this.remember({ activeSessionId: null });
        return;
      }
      this.dispatch({ type: "session_open_failed", sessionId, error });
    }
  }

  private async deleteSession(sessionId: string): Promise<void> {
    const client = this.readyClient();
    if (!client || !this.state().client.agent.capabilities?.sessionCapabilities?.delete) return;
    try {
      await client.agent.request(acp.methods.agent.session.delete, { sessionId });
      this.dispatch({ type: "history_removed", sessionId });
      if (this.state().client.sessions[sessionId]) this.dispatch({ type: "session_closed", sessionId });
      const { [sessionId]: _gone, ...modeBySession } = this.meta.modeBySession;
      await this.remember({ modeBySession, ...(this.meta.activeSessionId === sessionId ? { activeSessionId: null } : {}) });
    } catch (e) {
      this.dispatch({ type: "history_failed", error: toUiError(e, "Deleting the session") });
    }
  }

  private async refreshHistory(): Promise<void> {
    const client = this.readyClient();
    if (!client || !canListSessions(this.state().client)) return;
    const generation = this.generation;
    this.dispatch({ type: "history_loading" });
    try {
      const items: acp.SessionInfo[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_HISTORY_PAGES; page++) {
        const r = await client.agent.request(acp.methods.agent.session.list, cursor ? { cursor } : {});
        items.push(...r.sessions);
        cursor = r.nextCursor ?? undefined;
        if (!cursor) break;
      }
      if (generation === this.generation) this.dispatch({ type: "history_loaded", items });
    } catch (e) {
      if (generation === this.generation) this.dispatch({ type: "history_failed", error: toUiError(e, "Listing sessions") });
    }
  }

  // ---- turns -------------------------------------------------------------------------------

  private async prompt(sessionId: string | null, content: ContentBlock[]): Promise<void> {
    if (content.length === 0) return;
    const id = sessionId ?? this.state().client.activeSessionId ?? (await this.newSession());
    const client = this.readyClient();
    const session = id ? this.state().client.sessions[id] : undefined;
    // One prompt in flight per session (goose refuses a second with -32602).
    if (!client || !id || !session || session.turn !== "idle" || session.loading) return;
    const generation = this.generation;
    this.dispatch({ type: "prompt_sent", sessionId: id, content });
    try {
      const r = await client.agent.request(acp.methods.agent.session.prompt, { sessionId: id, prompt: content });
      if (generation !== this.generation) return;
      this.dispatch({ type: "prompt_finished", sessionId: id, stopReason: r.stopReason });
    } catch (e) {
      if (generation !== this.generation) return;
      this.dispatch({ type: "prompt_failed", sessionId: id, error: toUiError(e, "The turn", this.authMethods()) });
    }
    void this.refreshHistory();
  }

  private async cancel(sessionId: string): Promise<void> {
    const session = this.state().client.sessions[sessionId];
    if (!this.client || !session || session.turn !== "running") return;
    this.dispatch({ type: "cancel_requested", sessionId });
    this.permissions.cancelSession(sessionId);
    await this.client.agent.notify(acp.methods.agent.session.cancel, { sessionId });
  }

  // ---- modes -------------------------------------------------------------------------------

  private async setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<void> {
    const client = this.readyClient();
    if (!client) return;
    try {
      const params: acp.SetSessionConfigOptionRequest =
        typeof value === "boolean" ? { sessionId, configId, type: "boolean", value } : { sessionId, configId, value };
      const r = await client.agent.request(acp.methods.agent.session.setConfigOption, params);
      this.dispatch({ type: "config_options_changed", sessionId, configOptions: r.configOptions });
      if (currentMode(r.configOptions, null) !== null) await this.rememberMode(sessionId, currentMode(r.configOptions, null)!);
    } catch (e) {
      this.sessionError(sessionId, e, "Changing the setting");
    }
  }

  private async setMode(sessionId: string, modeId: string): Promise<void> {
    const client = this.readyClient();
    if (!client) return;
    try {
      await client.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId });
      this.dispatch({ type: "mode_changed", sessionId, modeId });
      await this.rememberMode(sessionId, modeId);
    } catch (e) {
      this.sessionError(sessionId, e, "Changing the mode");
    }
  }

  /** Puts a session in `wanted` mode if it offers it and is not there yet. */
  private async applyMode(
    sessionId: string,
    wanted: string,
    configOptions: SessionConfigOption[] | null | undefined,
    modes: SessionModeState | null | undefined,
  ): Promise<void> {
    const change = modeChangeTo(wanted, configOptions, modes);
    if (!change) return;
    if (change.kind === "config") await this.setConfigOption(sessionId, change.configId, change.value);
    else await this.setMode(sessionId, change.modeId);
  }

  // ---- permissions -------------------------------------------------------------------------

  private onPermissionRequested(key: string, request: RequestPermissionRequest): void {
    const session = this.state().client.sessions[request.sessionId];
    // A request for a turn the user already stopped is answered at once; one for a session not
    // in memory still shows up when the user opens that session (goose re-sends after a load).
    if (session?.turn === "cancelling") {
      queueMicrotask(() => this.permissions.answer(key, null));
    }
    this.dispatch({
      type: "permission_requested",
      sessionId: request.sessionId,
      key,
      toolCall: request.toolCall,
      options: request.options,
    });
  }

  // ---- helpers -----------------------------------------------------------------------------

  private dispatch(event: ClientEvent): void {
    this.deps.store.dispatch({ scope: "client", event });
  }

  private state(): AppState {
    return this.deps.store.get();
  }

  private readyClient(): AcpClient | null {
    return this.state().client.agent.phase === "ready" ? this.client : null;
  }

  private authMethods() {
    return this.state().client.agent.authMethods;
  }

  /** Where new sessions start: the folder the agent runs in (the user's choice, else the host's default). */
  private cwd(): string {
    const { agent, lastHello } = this.state().connection;
    return agent?.state === "running" ? agent.cwd : (lastHello?.cwd ?? "/");
  }

  private historyCwd(sessionId: string): string {
    return this.state().client.history.items.find((s) => s.sessionId === sessionId)?.cwd ?? this.cwd();
  }

  private historyTitle(sessionId: string): string | null {
    return this.state().client.history.items.find((s) => s.sessionId === sessionId)?.title ?? null;
  }

  /** Drops an idle session's transcript from memory when the user moves to another one. */
  private releaseIdle(sessionId: string | null, keep?: string): void {
    if (!sessionId || sessionId === keep) return;
    const s: SessionState | undefined = this.state().client.sessions[sessionId];
    if (s && s.turn === "idle" && s.permissions.length === 0) this.dispatch({ type: "session_closed", sessionId });
  }

  private sessionError(sessionId: string, e: unknown, what: string): void {
    this.dispatch({ type: "session_error", sessionId, error: toUiError(e, what, this.authMethods()) });
  }

  private async rememberMode(sessionId: string, mode: string): Promise<void> {
    if (this.meta.modeBySession[sessionId] === mode) return;
    await this.remember({ modeBySession: { ...this.meta.modeBySession, [sessionId]: mode } });
  }

  private async remember(change: Partial<SessionMeta>): Promise<void> {
    this.meta = { ...this.meta, ...change };
    try {
      await this.deps.meta.save(this.meta);
    } catch (e) {
      this.deps.log?.("could not save session metadata", e);
    }
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what} got no answer within ${ms / 1000} s`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}
