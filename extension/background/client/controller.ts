/**
 * The ACP client of the whole extension: keeps one connection to the running agent (restoring the
 * open session whenever a new agent is ready) and runs the user's commands on it as jobs. Each job
 * turns the agent's answers into client events; the reducer alone decides what they mean.
 */

import type { JsonRpcMessage } from "../../../shared/host-protocol";
import type { AgentConnection } from "../../acp/agent-connection";
import type { ContentBlock } from "../../acp/schema";
import type { AppEvent, AppState } from "../../state/app";
import type { ForkProbeStorage } from "../../storage/fork-probes";
import type { GooseControlStorage } from "../../storage/goose-controls";
import type { ForkStorage } from "../../storage/session-forks";
import type { MetaStorage } from "../../storage/session-meta";
import type { Store } from "../observable-store";
import { AgentLifecycle } from "./agent-lifecycle";
import type { ClientContext } from "./context";
import { editAndResend, forkSession } from "./forks/fork";
import { rememberForks } from "./forks/fork-memory";
import { learnForkServed } from "./forks/fork-probe";
import { archiveJob, changeFolderJob, learnGooseControls, moveOpenSessions, renameJob } from "./goose-methods";
import { JoinedPrompts } from "./joined-prompts";
import { setConfigOption, setMode } from "./modes";
import { type ElicitationAnswer, elicitationPrompts } from "./questions/elicitation-prompts";
import { type NeedsNoQuestion, type PermissionAnswered, permissionPrompts } from "./questions/permission-prompts";
import { resumeQueue, sendNextQueued, sendNow } from "./queue-jobs";
import { closeSession } from "./sessions/close-tab";
import { HeldSessions } from "./sessions/held-sessions";
import { refreshHistory } from "./sessions/history";
import { SessionMemory } from "./sessions/session-memory";
import { LOST } from "./sessions/session-recovery";
import { deleteSession, newSession, openFirstSession, openSession, restoreActiveSession } from "./sessions/sessions";
import { steerOrQueue } from "./steer";
import { untilIdle, untilToolsSettled } from "./store-waits";
import { cancel, prompt } from "./turns";

export interface ControllerDeps {
  store: Store<AppState, AppEvent>;
  sendJsonRpc(message: unknown): boolean;
  meta: MetaStorage;
  /** Where fork relations are kept (none: only for as long as the background runs). */
  forks?: ForkStorage;
  /** What each agent release answered the fork probe (none: it is asked at every start). */
  forkProbes?: ForkProbeStorage;
  /** Which of goose's session controls each release serves (none: asked at every start). */
  gooseControls?: GooseControlStorage;
  /** Every answer the user gave an agent's permission request. */
  onPermissionAnswered?: PermissionAnswered;
  /** A question about a call of our server, answered for the user because our consent asks when it is served (our-questions.ts). */
  needsNoQuestion?: NeedsNoQuestion;
  /** Settles when the message queue as it is now is stored (QueuePersistence); none in tests that keep no queue. */
  flushQueue?: () => Promise<void>;
  /** The folder the user chose for new sessions (none: where the agent runs). */
  chosenCwd?: () => string | undefined;
  /** How many panels are open (none: tests without a panel, which never open a session at start). */
  panelsOpen?: () => number;
  log?: (message: string, detail?: unknown) => void;
}

export class ClientController {
  readonly ctx: ClientContext;
  private readonly agent: AgentLifecycle;
  private readonly forkProbes?: ForkProbeStorage;
  /** The running agent's start: its restore of the session on screen, and whether a session was opened at start. */
  private started: { conn: AgentConnection; restored: Promise<void>; tried: boolean } | null = null;

  constructor(private readonly deps: ControllerDeps) {
    const state = () => deps.store.get();
    const dispatch: ClientContext["dispatch"] = (event) => deps.store.dispatch({ scope: "client", event });
    const memory = new SessionMemory(deps.meta, deps.log);
    this.ctx = {
      state,
      dispatch,
      memory,
      permissions: permissionPrompts({ state, dispatch, memory }, deps.onPermissionAnswered, deps.needsNoQuestion),
      elicitations: elicitationPrompts(dispatch),
      held: new HeldSessions(),
      flushQueue: deps.flushQueue ?? (() => Promise.resolve()),
      joined: new JoinedPrompts(),
      untilIdle: (sessionId) => untilIdle(deps.store, sessionId),
      untilToolsSettled: (sessionId) => untilToolsSettled(deps.store, sessionId),
      ...(deps.chosenCwd ? { chosenCwd: deps.chosenCwd } : {}),
    };
    this.forkProbes = deps.forkProbes;
    if (deps.forks) rememberForks(deps.store, deps.forks, deps.log);
    this.agent = new AgentLifecycle({
      store: deps.store,
      ctx: this.ctx,
      sendJsonRpc: deps.sendJsonRpc,
      onReady: (conn) => void this.whenReady(conn),
    });
    // A turn that ends lets the next queued message go (the reducer says when: nextQueued).
    deps.store.subscribe((_, event) => {
      if (event.scope === "client") this.drainSoon();
    });
  }

  /** A message from the agent (through the host). */
  deliver(message: JsonRpcMessage): void {
    this.agent.deliver(message);
  }

  /**
   * A new session. One asked while the agent restarts (Restart, then New session at once: the host
   * refuses the request, or the old agent exits before answering, or no agent is ready yet) is
   * started on the next agent as soon as it is ready, in place of restoring the session shown before.
   */
  async newSession(): Promise<void> {
    const conn = this.agent.ready();
    if (!conn) {
      const { connection, client } = this.ctx.state();
      if (connection.link.phase === "ready" && (client.agent.phase === "offline" || client.agent.phase === "initializing"))
        this.newWanted = true;
      return;
    }
    this.newWanted = true;
    const started = await Promise.race([newSession(this.ctx, conn), conn.closed.then(() => "away" as const)]);
    if (started !== "away") this.newWanted = false;
  }

  prompt(sessionId: string | null, content: ContentBlock[]): Promise<void> {
    return this.run((conn) => prompt(this.ctx, conn, sessionId, content));
  }

  steer(sessionId: string, content: ContentBlock[]): Promise<void> {
    return this.run((conn) => steerOrQueue(this.ctx, conn, sessionId, content));
  }

  editQueued(sessionId: string, id: string, content: ContentBlock[]): void {
    this.ctx.dispatch({ type: "queue_edited", sessionId, id, content });
  }

  removeQueued(sessionId: string, id: string): void {
    this.ctx.dispatch({ type: "queue_removed", sessionId, id });
  }

  moveQueued(sessionId: string, id: string, to: number): void {
    this.ctx.dispatch({ type: "queue_moved", sessionId, id, to });
  }

  sendQueuedNow(sessionId: string, id: string): Promise<void> {
    return this.run((conn) => sendNow(this.ctx, conn, sessionId, id));
  }

  resumeQueue(sessionId: string): Promise<void> {
    return this.run((conn) => resumeQueue(this.ctx, conn, sessionId));
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

  /** A setting changed; if the agent lost the session (session-recovery.ts), in a new session. */
  setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<void> {
    return this.run(async (conn) => {
      if ((await setConfigOption(this.ctx, conn, sessionId, configId, value)) !== "lost") return;
      const id = await this.inNewSession(conn);
      if (id) await setConfigOption(this.ctx, conn, id, configId, value);
    });
  }

  setMode(sessionId: string, modeId: string): Promise<void> {
    return this.run(async (conn) => {
      if ((await setMode(this.ctx, conn, sessionId, modeId)) !== "lost") return;
      const id = await this.inNewSession(conn);
      if (id) await setMode(this.ctx, conn, id, modeId);
    });
  }

  private async inNewSession(conn: AgentConnection): Promise<string | null> {
    const started = await newSession(this.ctx, conn);
    const id = started === "away" ? null : started;
    if (id) this.ctx.dispatch({ type: "session_notice", sessionId: id, tone: "warning", text: LOST.settingMoved });
    return id;
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

  renameSession(sessionId: string, title: string): Promise<void> {
    return this.run((conn) => renameJob(this.ctx, conn, sessionId, title));
  }

  archiveSession(sessionId: string, archived: boolean): Promise<void> {
    return this.run((conn) => archiveJob(this.ctx, conn, sessionId, archived));
  }

  setSessionFolder(sessionId: string, cwd: string): Promise<void> {
    return this.run((conn) => changeFolderJob(this.ctx, conn, sessionId, cwd));
  }

  /** The options page's folder: the open sessions move there without a restart, where the agent can (goose-methods.ts). */
  async moveOpenSessions(cwd: string): Promise<"moved" | "refused" | "unavailable"> {
    const conn = this.agent.ready();
    if (!conn) return "unavailable";
    const moved = await Promise.race([moveOpenSessions(this.ctx, conn, cwd), conn.closed.then(() => "unavailable" as const)]);
    return moved;
  }

  /** The user's answer to the agent's question; an accepted form goes only once it passes the check. */
  answerElicitation(key: string, answer: ElicitationAnswer): void {
    this.ctx.elicitations.answer(key, answer);
  }

  /** The user's answer to a permission request (null: dismissed). Needs no agent: the request holds the connection. */
  answerPermission(key: string, optionId: string | null): void {
    this.ctx.permissions.answer(key, optionId);
  }

  private draining = false;
  /** The user asked for a new session that no agent has taken yet (newSession). */
  private newWanted = false;

  /** After the event that caused it is applied everywhere: sends each session's next queued message that may go. */
  private drainSoon(): void {
    if (this.draining) return;
    this.draining = true;
    queueMicrotask(() => {
      this.draining = false;
      for (const sessionId of Object.keys(this.ctx.state().client.queues)) {
        void this.run((conn) => sendNextQueued(this.ctx, conn, sessionId));
      }
    });
  }

  /** A panel opened: if it would show no session, one is opened now (openFirstSession). */
  panelOpened(): void {
    void this.openAtStart();
  }

  private async whenReady(conn: AgentConnection): Promise<void> {
    void learnForkServed(this.ctx, conn, this.forkProbes).catch(() => undefined);
    void learnGooseControls(this.ctx, conn, this.deps.gooseControls).catch(() => undefined);
    // New session pressed while the agent restarted: that session, not the restore (which an opening would stop).
    const restored = this.newWanted ? this.newSession().then(() => undefined) : restoreActiveSession(this.ctx, conn);
    this.started = { conn, restored, tried: false };
    await restored;
    void refreshHistory(this.ctx, conn);
    await this.openAtStart();
  }

  /** Once per agent process, with a panel open, after the restore (which an opening would stop). */
  private async openAtStart(): Promise<void> {
    const start = this.started;
    if (!start || start.tried || (this.deps.panelsOpen?.() ?? 0) === 0) return;
    await start.restored;
    if (start.tried || this.agent.ready() !== start.conn) return;
    start.tried = true;
    await this.run((conn) => openFirstSession(this.ctx, conn));
  }

  /**
   * Runs a job on the ready agent; with none, the command does nothing.
   * Settles when the job ends or its agent goes away, whichever is first: a job whose agent is gone
   * never resumes, so awaiting it alone could wait forever.
   */
  async run(job: (conn: AgentConnection) => Promise<unknown>): Promise<void> {
    const conn = this.agent.ready();
    if (conn) await Promise.race([job(conn), conn.closed]);
  }
}
