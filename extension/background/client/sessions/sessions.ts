/**
 * Opening, switching, restoring and deleting sessions. The sessions of the panel's open tabs are kept
 * in memory (a tab restored after a restart loads when first shown); the agent owns every transcript
 * and replays it on session/load (https://agentclientprotocol.com/protocol/session-setup#loading-sessions).
 */
import { AGENT_EXITED_REPLY, AGENT_NOT_RUNNING_REPLY } from "../../../../shared/host-protocol";
import type { AgentConnection } from "../../../acp/agent-connection";
import { entryCount } from "../../../state/conversation/entry-list";
import type { SessionState } from "../../../state/sessions/client-state";
import { applySessionDefaults } from "../apply-session-defaults";
import { DEFAULT_APPROVAL_MODE } from "../approval-mode";
import { type ClientContext, failure } from "../context";
import { applyMode } from "../modes";
import { SESSION_NOT_FOUND } from "./session-recovery";
import { resumeSession } from "./session-resume";

/** The host says no agent took or answered the request (a restart under way): nothing happened, ask the next agent. */
function agentWasAway(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return message === AGENT_NOT_RUNNING_REPLY || message === AGENT_EXITED_REPLY;
}

/**
 * Starts a session in the approval mode (`meta`: the agent's own options, e.g. goose's recipe); resolves to its id, null if none was started, or "away" when
 * the host had no agent to take it (the caller asks the next one; the opening ends with the agent).
 */
export async function newSession(
  ctx: ClientContext,
  conn: AgentConnection,
  meta?: Record<string, unknown>,
): Promise<string | null | "away"> {
  if (ctx.state().client.opening) return null;
  const cwd = agentCwd(ctx);
  ctx.dispatch({ type: "session_opening", open: { kind: "new" } });
  try {
    const r = await conn.newSession(cwd, meta);
    ctx.held.opened(r.sessionId);
    ctx.sessionStarted?.(r.sessionId, r._meta);
    releaseIdle(ctx, conn, r.sessionId);
    // Registered at once (goose sends commands and usage right after the response) but held as
    // loading until it asks before running tools, so no prompt can start in the wrong mode.
    ctx.dispatch({
      type: "session_opened",
      sessionId: r.sessionId,
      cwd,
      loading: true,
      modes: r.modes ?? null,
      configOptions: r.configOptions ?? null,
    });
    await conn.whileCurrent(ctx.memory.setActive(r.sessionId));
    await applyMode(ctx, conn, r.sessionId, DEFAULT_APPROVAL_MODE, r.configOptions, r.modes);
    await applySessionDefaults(ctx, conn, r.sessionId);
    ctx.dispatch({ type: "session_loaded", sessionId: r.sessionId });
    return r.sessionId;
  } catch (e) {
    if (agentWasAway(e)) return "away";
    ctx.dispatch({ type: "session_open_failed", error: failure(ctx, e, "Starting a session") });
    return null;
  }
}

/** Shows a session: at once if it is in memory (e.g. its turn still runs), else by session/load. */
export async function openSession(
  ctx: ClientContext,
  conn: AgentConnection,
  sessionId: string,
  o: { force?: boolean; restoring?: boolean } = {},
): Promise<void> {
  const state = ctx.state().client;
  // A tab's session (or the one restored after a restart, which had one): refused as unknown, its tab
  // stays with a new session, as the user left a tab there (issue #40: tabs never vanish).
  const inTab = o.restoring === true || state.tabs.some((t) => t.sessionId === sessionId);
  // In memory and held by this agent (its tab was left open): shown at once. One the agent no longer
  // holds (it restarted) is loaded again below, keeping what the tab shows.
  const live = ctx.held.holds(sessionId) || !state.agent.capabilities?.loadSession;
  if (!o.force && state.sessions[sessionId] && live) {
    releaseIdle(ctx, conn, sessionId);
    ctx.dispatch({ type: "session_activated", sessionId });
    await ctx.memory.setActive(sessionId);
    return;
  }
  if (state.opening) return;
  // The agent still holds it and we parked its transcript: a resume, no replay.
  const parked = o.force ? null : ctx.held.takeParked(ctx, sessionId);
  if (parked) {
    releaseIdle(ctx, conn, sessionId);
    if (await resumeSession(ctx, conn, parked)) return;
  }
  if (!ctx.state().client.agent.capabilities?.loadSession) {
    if (parked)
      ctx.dispatch({
        type: "session_open_failed",
        error: { title: "Reopening the session failed", message: "The agent could not resume it, and it cannot load sessions." },
      });
    return;
  }
  const listed = state.history.items.find((s) => s.sessionId === sessionId);
  const cwd = listed?.cwd ?? agentCwd(ctx);
  releaseIdle(ctx, conn, sessionId);
  ctx.dispatch({ type: "session_opening", open: { kind: "load", sessionId } });
  // Registered before the request: the replay arrives before the response.
  ctx.dispatch({
    type: "session_opened",
    sessionId,
    cwd,
    loading: true,
    title: listed?.title ?? null,
    deniedToolCalls: ctx.memory.deniedIn(sessionId),
  });
  try {
    const r = await conn.loadSession(sessionId, cwd);
    ctx.held.opened(sessionId);
    ctx.sessionStarted?.(sessionId, r._meta);
    ctx.dispatch({ type: "session_loaded", sessionId, modes: r.modes ?? null, configOptions: r.configOptions ?? null, replayed: true });
    await conn.whileCurrent(ctx.memory.setActive(sessionId));
    await applyMode(ctx, conn, sessionId, ctx.memory.modeOf(sessionId) ?? DEFAULT_APPROVAL_MODE, r.configOptions, r.modes);
  } catch (e) {
    const error = failure(ctx, e, "Opening the session");
    if ((e as { code?: unknown }).code === SESSION_NOT_FOUND && (ctx.held.openedHere(sessionId) || inTab)) {
      ctx.dispatch({ type: "session_open_failed", sessionId, error });
      await reopenInTab(ctx, conn, sessionId);
      return;
    }
    if ((e as { code?: unknown }).code === SESSION_NOT_FOUND) {
      // Opened from History and gone for good (deleted elsewhere): forget it; the next message starts a new session.
      ctx.dispatch({ type: "session_closed", sessionId });
      ctx.dispatch({ type: "history_removed", sessionId });
      ctx.dispatch({ type: "session_open_failed", error });
      await ctx.memory.setActive(null);
      return;
    }
    ctx.dispatch({ type: "session_open_failed", sessionId, error });
  }
}

/**
 * The agent refuses, as unknown, a session it opened for us or one a tab shows: codex-acp 0.16 knows a
 * session only once it was prompted, so an empty tab's session is unknown after a restart. The tab
 * stays, with a new session in it.
 */
async function reopenInTab(ctx: ClientContext, conn: AgentConnection, lost: string): Promise<void> {
  ctx.held.forget(lost);
  ctx.dispatch({ type: "session_closed", sessionId: lost });
  const id = await newSession(ctx, conn);
  if (!id) return;
  ctx.dispatch({ type: "tab_replaced", sessionId: lost, by: id });
  ctx.dispatch({ type: "session_notice", sessionId: id, tone: "info", text: LOST_TAB });
}

const LOST_TAB = "The agent no longer knew this tab's session, so a new session opened in its place.";

/** A new agent is ready: reopen the session the user had open (in this background, or before it started). */
export async function restoreActiveSession(ctx: ClientContext, conn: AgentConnection): Promise<void> {
  await conn.whileCurrent(ctx.memory.loaded);
  const restore = ctx.state().client.activeSessionId ?? ctx.memory.activeSessionId;
  if (restore && ctx.state().client.agent.capabilities?.loadSession)
    await openSession(ctx, conn, restore, { force: true, restoring: true });
}

/**
 * A panel is open on no session: one is opened now rather than with the first message, because an
 * agent may fail only there (goose without a provider answers initialize and refuses session/new), so
 * the panel shows the fix before the user types. The first message then goes to this session, so none
 * is wasted; goose lists only sessions with messages, so an unused one never shows in History. Not
 * after a failure already shown (a restore of a session the agent no longer has says so).
 */
export async function openFirstSession(ctx: ClientContext, conn: AgentConnection): Promise<void> {
  const { client } = ctx.state();
  if (client.activeSessionId !== null || client.opening !== null || client.lastError !== null) return;
  await newSession(ctx, conn);
}

export async function deleteSession(ctx: ClientContext, conn: AgentConnection, sessionId: string): Promise<void> {
  if (!ctx.state().client.agent.capabilities?.sessionCapabilities?.delete) return;
  try {
    await conn.deleteSession(sessionId);
    ctx.held.forget(sessionId);
    ctx.dispatch({ type: "history_removed", sessionId });
    if (ctx.state().client.sessions[sessionId]) ctx.dispatch({ type: "session_closed", sessionId });
    await ctx.memory.forget(sessionId);
  } catch (e) {
    ctx.dispatch({ type: "history_failed", error: failure(ctx, e, "Deleting the session") });
  }
}

/**
 * Where new sessions start: the user's choice (which goose takes without a restart, goose-methods.ts),
 * else the folder the agent runs in (the host's default).
 */
function agentCwd(ctx: ClientContext): string {
  const chosen = ctx.chosenCwd?.();
  if (chosen) return chosen;
  const { agent, lastHello } = ctx.state().connection;
  return agent?.state === "running" ? agent.cwd : (lastHello?.cwd ?? "/");
}

/** At most this many tabs keep their session in memory; a tab beyond them comes back by session/resume or load. */
export const LIVE_TABS = 8;

/**
 * The user moves to `keep`: the sessions of open tabs stay in memory and live, up to LIVE_TABS; beyond
 * that, the idle ones shown longest ago are parked (held-sessions.ts: out of the panels' state, the
 * agent keeps them for a resume), and so is any session without a tab. `keep` and a session whose turn
 * runs or that waits for the user always stay.
 */
export function releaseIdle(ctx: ClientContext, conn: AgentConnection, keep: string): void {
  ctx.held.shown(keep);
  const { client } = ctx.state();
  const tabbed = new Set(client.tabs.map((t) => t.sessionId));
  const inMemory = Object.keys(client.sessions);
  let over = inMemory.filter((id) => tabbed.has(id) || id === keep).length + (client.sessions[keep] ? 0 : 1) - LIVE_TABS;
  for (const id of ctx.held.oldestFirst(inMemory)) {
    const s: SessionState | undefined = ctx.state().client.sessions[id];
    if (!s || id === keep || s.turn !== "idle" || s.permissions.length > 0) continue;
    if (!tabbed.has(id)) ctx.held.leave(ctx, conn, s);
    // Nothing to restore: some agents (codex-acp 0.16) cannot resume or load a session never prompted.
    else if (over > 0 && entryCount(s.entries) > 0) {
      ctx.held.leave(ctx, conn, s);
      over--;
    }
  }
}
