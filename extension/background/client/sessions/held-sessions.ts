/**
 * Sessions the running agent holds for this client: opened on its connection (new, load, resume,
 * fork) and not closed. When more tabs are open than stay in memory (sessions.ts, LIVE_TABS), the
 * transcript of an idle one shown longest ago is parked here, in the background only, while the agent
 * keeps the session, so coming back to its tab is a session/resume without a replay
 * (sessionCapabilities.resume). A session parked where the agent cannot resume, or a parked one pushed
 * out by newer ones, is closed on the agent (sessionCapabilities.close). A new agent process holds nothing. https://agentclientprotocol.com/protocol/session-setup
 */
import type { AgentConnection } from "../../../acp/agent-connection";
import type { SessionState } from "../../../state/sessions/client-state";
import { agentCan } from "../../../state/sessions/session-capabilities";
import type { ClientContext } from "../context";

/** Idle transcripts kept for a resume; each is a persistent structure sharing its blocks, so small. */
const MAX_PARKED = 8;

export class HeldSessions {
  private readonly held = new Set<string>();
  /** Every session this agent process opened for us, closed or not. */
  private readonly mine = new Set<string>();
  private readonly parked = new Map<string, SessionState>();
  /** Session ids in the order the user last showed them, oldest first. */
  private readonly recent: string[] = [];

  /** A new agent (or none): nothing is held any more. */
  reset(): void {
    this.held.clear();
    this.mine.clear();
    this.parked.clear();
  }

  opened(sessionId: string): void {
    this.held.add(sessionId);
    this.mine.add(sessionId);
  }

  /** This agent process opened the session (so a -32002 about it is not a delete made elsewhere). */
  openedHere(sessionId: string): boolean {
    return this.mine.has(sessionId);
  }

  holds(sessionId: string): boolean {
    return this.held.has(sessionId);
  }

  /** The user showed the session (its tab). */
  shown(sessionId: string): void {
    const at = this.recent.indexOf(sessionId);
    if (at >= 0) this.recent.splice(at, 1);
    this.recent.push(sessionId);
  }

  /** The ids, the ones shown longest ago (or never) first. */
  oldestFirst(ids: readonly string[]): string[] {
    const age = (id: string) => this.recent.indexOf(id);
    return [...ids].sort((a, b) => age(a) - age(b));
  }

  /** The agent forgot it (deleted, or closed by the user). */
  forget(sessionId: string): void {
    this.held.delete(sessionId);
    const at = this.recent.indexOf(sessionId);
    if (at >= 0) this.recent.splice(at, 1);
    this.parked.delete(sessionId);
  }

  /** The user left an idle session: its transcript leaves the panels, and the agent keeps it only for a resume. */
  leave(ctx: ClientContext, conn: AgentConnection, session: SessionState): void {
    const { sessionId } = session;
    ctx.dispatch({ type: "session_closed", sessionId });
    if (!this.held.has(sessionId)) return;
    if (!agentCan(ctx.state().client.agent, "resume")) {
      this.close(ctx, conn, sessionId);
      return;
    }
    this.parked.delete(sessionId);
    this.parked.set(sessionId, session);
    for (const oldest of this.parked.keys()) {
      if (this.parked.size <= MAX_PARKED) break;
      this.close(ctx, conn, oldest);
    }
  }

  /** Frees the agent's hold on the session, where it can (session/close); it stays in the agent's history. */
  close(ctx: ClientContext, conn: AgentConnection, sessionId: string): void {
    const wasHeld = this.held.has(sessionId);
    this.forget(sessionId);
    if (wasHeld && agentCan(ctx.state().client.agent, "close")) void conn.closeSession(sessionId).catch(() => undefined);
  }

  /** The parked transcript of a session the agent still holds and can resume; taken out of the park. */
  takeParked(ctx: ClientContext, sessionId: string): SessionState | null {
    const session = this.parked.get(sessionId);
    if (!session || !this.held.has(sessionId) || !agentCan(ctx.state().client.agent, "resume")) return null;
    this.parked.delete(sessionId);
    return session;
  }
}
