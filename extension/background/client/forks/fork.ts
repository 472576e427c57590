/**
 * Edit and resend, and fork from here, through session/fork (sessionCapabilities.fork; unstable in
 * the SDK's schema). The fork takes no message index, so the point is the client's: see
 * ../../state/fork-point.ts for how it maps onto a fork of the whole session, and
 * ../../state/goose-rewind.ts for goose's fork that keeps only what lies before a time.
 */
import type { AgentConnection } from "../../../acp/agent-connection";
import type { ContentBlock } from "../../../acp/schema";
import { emptyEntries, entryArray, findEntry } from "../../../state/conversation/entry-list";
import { type ForkHow, forkPoint, forkReplay, rewindNote } from "../../../state/sessions/fork-point";
import { rewindsByTime, rewindTime } from "../../../state/sessions/goose-rewind";
import { agentCan } from "../../../state/sessions/session-capabilities";
import { DEFAULT_APPROVAL_MODE } from "../approval-mode";
import { type ClientContext, failure } from "../context";
import { applyMode } from "../modes";
import { releaseIdle } from "../sessions/sessions";
import { prompt } from "../turns";

/** Forks `sessionId` at the user message `entryId`; resolves to the fork's id (null if none was made). */
export async function forkSession(
  ctx: ClientContext,
  conn: AgentConnection,
  sessionId: string,
  entryId: string,
  how: ForkHow,
): Promise<string | null> {
  const state = ctx.state().client;
  const parent = state.sessions[sessionId];
  if (!agentCan(state.agent, "fork") || state.opening) return null;
  if (parent?.turn !== "idle" || parent.loading) return null;
  const point = forkPoint(parent.entries, entryId, how);
  if (!point) return null;
  const parentTitle = parent.title ?? state.history.items.find((s) => s.sessionId === sessionId)?.title ?? null;
  const all = entryArray(parent.entries);
  const before = rewindsByTime(state.agent) ? rewindTime(all, point.keep) : null;
  // A fork rewound to the point holds nothing to disregard; any other holds the parent's whole conversation.
  const note = typeof before === "number" ? null : rewindNote(point.withdrawn);
  const users = all.filter((e) => e.kind === "user").length;
  const replay = forkReplay(state.forks[sessionId]?.replay, users, point.withdrawn, note, typeof before === "number");
  ctx.dispatch({ type: "session_opening", open: { kind: "new" } });
  try {
    const r = await conn.forkSession(sessionId, parent.cwd, typeof before === "number" ? { conversationBefore: before } : undefined);
    ctx.held.opened(r.sessionId);
    ctx.dispatch({
      type: "session_forked",
      sessionId: r.sessionId,
      parentId: sessionId,
      cwd: parent.cwd,
      keep: point.keep,
      relation: { parentId: sessionId, parentTitle, at: point.at, how, note, replay },
      modes: r.modes ?? null,
      configOptions: r.configOptions ?? null,
    });
    releaseIdle(ctx, conn, r.sessionId);
    await conn.whileCurrent(ctx.memory.setActive(r.sessionId));
    const mode = ctx.memory.modeOf(sessionId) ?? DEFAULT_APPROVAL_MODE;
    await applyMode(ctx, conn, r.sessionId, mode, r.configOptions, r.modes);
    ctx.dispatch({ type: "session_loaded", sessionId: r.sessionId });
    return r.sessionId;
  } catch (e) {
    ctx.dispatch({ type: "session_open_failed", error: failure(ctx, e, "Forking the session") });
    return null;
  }
}

/** The edited message as the fork's first prompt: the user's text in place of the original's text blocks. */
function editedContent(original: ContentBlock[], text: string): ContentBlock[] {
  const kept = original.filter((b) => b.type !== "text");
  return text.trim() === "" ? kept : [{ type: "text", text }, ...kept];
}

/** Edit and resend: a fork from before the user message `entryId`, whose first prompt is the edited message. */
export async function editAndResend(
  ctx: ClientContext,
  conn: AgentConnection,
  sessionId: string,
  entryId: string,
  text: string,
): Promise<void> {
  const entry = findEntry(ctx.state().client.sessions[sessionId]?.entries ?? emptyEntries, (e) => e.id === entryId);
  if (entry?.kind !== "user") return;
  const content = editedContent(entry.content, text);
  if (content.length === 0) return;
  const forked = await forkSession(ctx, conn, sessionId, entryId, "edit");
  if (forked) await prompt(ctx, conn, forked, content);
}
