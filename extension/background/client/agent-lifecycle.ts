/**
 * One agent connection per agent process: opened when the host reports a running agent (and the
 * link is ready), initialized, checked for our protocol version, and closed as soon as that process
 * is gone, which makes everything still waiting on it stop without a word.
 */

import type { JsonRpcMessage } from "../../../shared/host-protocol";
import { AgentConnection } from "../../acp/agent-connection";
import { ACP_PROTOCOL_VERSION } from "../../acp/client-info";
import type { InitializeResponse } from "../../acp/schema";
import type { AppEvent, AppState } from "../../state/app";
import { exitInWords } from "../../state/connection/exit-words";
import type { UiError } from "../../state/sessions/client-state";
import type { Store } from "../observable-store";
import type { ClientContext } from "./context";
import { toUiError } from "./ui-error";

/** The only request with a timeout: turns, loads and new sessions can take minutes. */
const INITIALIZE_TIMEOUT_MS = 30_000;

export interface LifecycleDeps {
  store: Pick<Store<AppState, AppEvent>, "get" | "subscribe">;
  ctx: ClientContext;
  sendJsonRpc(message: unknown): boolean;
  /** The agent answered initialize and speaks our protocol version. */
  onReady(conn: AgentConnection, init: InitializeResponse): void;
}

export class AgentLifecycle {
  private conn: AgentConnection | null = null;
  private agentPid: number | null = null;

  constructor(private readonly deps: LifecycleDeps) {
    deps.store.subscribe((state) => this.watch(state));
    this.watch(deps.store.get());
  }

  /** A message from the agent (through the host). */
  deliver(message: JsonRpcMessage): void {
    this.conn?.deliver(message);
  }

  /** The connection to the running agent, once it is ready for sessions. */
  ready(): AgentConnection | null {
    return this.deps.store.get().client.agent.phase === "ready" ? this.conn : null;
  }

  private watch(state: AppState): void {
    const status = state.connection.agent;
    const pid = status?.state === "running" && state.connection.link.phase === "ready" ? status.pid : null;
    if (pid === this.agentPid) return;
    const hadAgent = this.agentPid !== null;
    this.agentPid = pid;
    if (hadAgent) this.stop(status);
    if (pid !== null) void this.start();
  }

  private stop(status: AppState["connection"]["agent"]): void {
    const { ctx } = this.deps;
    this.conn?.close("the agent stopped");
    this.conn = null;
    ctx.permissions.cancelAll();
    ctx.elicitations.cancelAll();
    ctx.held.reset();
    ctx.dispatch({ type: "agent_offline", error: offlineError(status) });
  }

  private async start(): Promise<void> {
    const { ctx } = this.deps;
    const conn = new AgentConnection({
      send: (m) => void this.deps.sendJsonRpc(m),
      onUpdate: (n) => ctx.dispatch({ type: "session_update", sessionId: n.sessionId, update: n.update }),
      onPermission: (request, signal) => ctx.permissions.ask(request, signal),
      onElicitation: (request, signal) => ctx.elicitations.ask(request, signal),
      onElicitationComplete: (elicitationId) => ctx.elicitations.complete(elicitationId),
      onRecipeParams: (params) => ctx.recipeParams?.(params) ?? Promise.resolve({ action: "cancel" }),
    });
    this.conn = conn;
    ctx.dispatch({ type: "agent_initializing" });
    let init: InitializeResponse;
    try {
      init = await conn.initialize(INITIALIZE_TIMEOUT_MS);
    } catch (e) {
      const error = toUiError(e, "Starting the agent");
      ctx.dispatch({ type: "agent_failed", error: { ...error, fix: "Press Restart; if it keeps failing, check the agent's log." } });
      return;
    }
    if (init.protocolVersion !== ACP_PROTOCOL_VERSION) {
      ctx.dispatch({ type: "agent_unsupported", protocolVersion: init.protocolVersion, supported: ACP_PROTOCOL_VERSION });
      conn.close("unsupported protocol version");
      return;
    }
    ctx.dispatch({
      type: "agent_ready",
      info: init.agentInfo ?? null,
      capabilities: init.agentCapabilities ?? {},
      authMethods: init.authMethods ?? [],
    });
    this.deps.onReady(conn, init);
  }
}

function offlineError(status: AppState["connection"]["agent"]): UiError {
  if (status?.state === "exited") {
    const words = exitInWords("The agent", status.signal, status.code);
    return { title: "The agent stopped", message: words.headline, fix: words.fix };
  }
  return { title: "The agent is not running", message: "The connection to the agent was lost.", fix: "Press Restart to start it again." };
}
