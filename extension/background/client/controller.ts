/**
 * The ACP client of the whole extension: keeps one connection to the running agent (restoring the
 * open session whenever a new agent is ready) and runs the user's commands on it as jobs. Each job
 * turns the agent's answers into client events; the reducer alone decides what they mean.
 */

import type { JsonRpcMessage } from "../../../shared/host-protocol";
import type { AgentConnection } from "../../acp/agent-connection";
import type { ContentBlock } from "../../acp/schema";
import type { AppEvent, AppState } from "../../state/app";
import type { ForkStorage } from "../../storage/session-forks";
import type { MetaStorage } from "../../storage/session-meta";
import type { Store } from "../observable-store";
import { AgentLifecycle } from "./agent-lifecycle";
import type { ClientContext } from "./context";
import { type ElicitationAnswer, elicitationPrompts } from "./elicitation-prompts";
import { editAndResend, forkSession } from "./fork";
import { rememberForks } from "./fork-memory";
import { HeldSessions } from "./held-sessions";
import { refreshHistory } from "./history";
import { setConfigOption, setMode } from "./modes";
import { type PermissionAnswered, permissionPrompts } from "./permission-prompts";
import { SessionMemory } from "./session-memory";
import { closeSession } from "./session-resume";
import { deleteSession, newSession, openSession, restoreActiveSession } from "./sessions";
import { cancel, prompt } from "./turns";

export interface ControllerDeps {
  store: Store<AppState, AppEvent>;
  sendJsonRpc(message: unknown): boolean;
  meta: MetaStorage;
  /** Where fork relations are kept (none: only for as long as the background runs). */
  forks?: ForkStorage;
  /** Every answer the user gave an agent's permission request. */
  onPermissionAnswered?: PermissionAnswered;
  log?: (message: string, detail?: unknown) => void;
}

export class ClientController {
  private readonly ctx: ClientContext;
  private readonly agent: AgentLifecycle;

  constructor(deps: ControllerDeps) {
    const state = () => deps.store.get();
    const dispatch: ClientContext["dispatch"] = (event) => deps.store.dispatch({ scope: "client", event });
    const memory = new SessionMemory(deps.meta, deps.log);
    this.ctx = {
      state,
      dispatch,
      memory,
      permissions: permissionPrompts({ state, dispatch, memory }, deps.onPermissionAnswered),
      elicitations: elicitationPrompts(dispatch),
      held: new HeldSessions(),
    };
    if (deps.forks) rememberForks(deps.store, deps.forks, deps.log);
    this.agent = new AgentLifecycle({
      store: deps.store,
      ctx: this.ctx,
      sendJsonRpc: deps.sendJsonRpc,
      onReady: (conn) => void this.whenReady(conn),
    });
  }

  /** A message from the agent (through the host). */
  deliver(message: JsonRpcMessage): void {
    this.agent.deliver(message);
  }

  newSession(): Promise<void> {
    return this.run((conn) => newSession(this.ctx, conn));
  }

  prompt(sessionId: string | null, content: ContentBlock[]): Promise<void> {
    return this.run((conn) => prompt(this.ctx, conn, sessionId, content));
  }

  cancel(sessionId: string): Promise<void> {
    return this.run((conn) => cancel(this.ctx, conn, sessionId));
  }

  openSession(sessionId: string): Promise<void> {
    return this.run((conn) => openSession(this.ctx, conn, sessionId));
  }

  /**
   * Loads the session on screen again (its transcript stays), so the agent takes the MCP servers the
   * host now gives (browser tools turned on or off). Only an idle session of an agent that can load
   * sessions; false when it cannot be done now.
   */
  reloadSession(sessionId: string): boolean {
    const { client } = this.ctx.state();
    const session = client.sessions[sessionId];
    if (!client.agent.capabilities?.loadSession || client.opening || client.activeSessionId !== sessionId) return false;
    if (session?.turn !== "idle" || session.permissions.length > 0) return false;
    void this.run((conn) => openSession(this.ctx, conn, sessionId, { force: true }));
    return true;
  }

  refreshHistory(): Promise<void> {
    return this.run((conn) => refreshHistory(this.ctx, conn));
  }

  deleteSession(sessionId: string): Promise<void> {
    return this.run((conn) => deleteSession(this.ctx, conn, sessionId));
  }

  setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<void> {
    return this.run((conn) => setConfigOption(this.ctx, conn, sessionId, configId, value));
  }

  setMode(sessionId: string, modeId: string): Promise<void> {
    return this.run((conn) => setMode(this.ctx, conn, sessionId, modeId));
  }

  /** Edit and resend: the edited text as the first prompt of a fork from before that message. */
  editAndResend(sessionId: string, entryId: string, text: string): Promise<void> {
    return this.run((conn) => editAndResend(this.ctx, conn, sessionId, entryId, text));
  }

  /** Fork from here: a new session from after that message's turn. */
  forkFrom(sessionId: string, entryId: string): Promise<void> {
    return this.run((conn) => forkSession(this.ctx, conn, sessionId, entryId, "from"));
  }

  closeSession(sessionId: string): Promise<void> {
    return this.run((conn) => closeSession(this.ctx, conn, sessionId));
  }

  /** The user's answer to the agent's question; an accepted form goes only once it passes the check. */
  answerElicitation(key: string, answer: ElicitationAnswer): void {
    this.ctx.elicitations.answer(key, answer);
  }

  /** The user's answer to a permission request (null: dismissed). Needs no agent: the request holds the connection. */
  answerPermission(key: string, optionId: string | null): void {
    this.ctx.permissions.answer(key, optionId);
  }

  private async whenReady(conn: AgentConnection): Promise<void> {
    await restoreActiveSession(this.ctx, conn);
    void refreshHistory(this.ctx, conn);
  }

  /**
   * Runs a job on the ready agent; with none, the command does nothing.
   * Settles when the job ends or its agent goes away, whichever is first: a job whose agent is gone
   * never resumes, so awaiting it alone could wait forever.
   */
  private async run(job: (conn: AgentConnection) => Promise<unknown>): Promise<void> {
    const conn = this.agent.ready();
    if (conn) await Promise.race([job(conn), conn.closed]);
  }
}
