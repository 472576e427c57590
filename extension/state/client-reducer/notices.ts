/**
 * Session notices and context compactions (ACP schema 1.25; the client opts in with
 * `clientCapabilities.session.notices` and `.compaction`, acp/agent-connection.ts).
 * https://agentclientprotocol.com/rfds/session-notices
 *
 * A notice is a line in the transcript; so is a local slash command an agent replays as user markup
 * (state/conversation/command-replay.ts). A compaction is upserted by its id: the first update puts
 * its entry in the transcript (which only names it), later ones patch its state in
 * `SessionState.compactions` (`summary`, `error`: omitted leaves, null clears); summary chunks
 * append. The context before it is the last usage the agent reported; the context after it is the
 * first usage reported once it completed.
 */
import type { ContentBlock, SessionUpdate } from "../../acp/schema";
import { type CommandReplay, commandNotice, commandOutputNotice } from "../conversation/command-replay";
import { lastEntry } from "../conversation/entry-list";
import type { CompactionState, NoticeEntry, SessionState } from "../sessions/client-state";
import { appendEntry, appendNotice, withLastEntry } from "./structural-sharing";

type Update<K extends SessionUpdate["sessionUpdate"]> = Extract<SessionUpdate, { sessionUpdate: K }>;

export function appendAgentNotice(session: SessionState, update: Update<"notice">): SessionState {
  const title = update.title.trim();
  const description = update.description?.trim();
  const text = description ? `${title}: ${description}` : title;
  if (!text) return session;
  return appendNotice(session, toneOf(update.severity), text);
}

function toneOf(severity: string): NoticeEntry["tone"] {
  return severity === "warning" || severity === "error" ? severity : "info";
}

export function applyCompactionUpdate(session: SessionState, update: Update<"compaction_update">): SessionState {
  return upsertCompaction(session, update.compactionId, (c) => {
    let next: CompactionState = c.status === update.status ? c : { ...c, status: update.status };
    if (update.summary !== undefined) {
      const summary = textOf(update.summary ?? []);
      if (summary !== next.summary) next = { ...next, summary };
    }
    if (update.error !== undefined && (update.error ?? null) !== next.error) next = { ...next, error: update.error ?? null };
    return next;
  });
}

export function appendCompactionChunk(session: SessionState, update: Update<"compaction_summary_chunk">): SessionState {
  const text = textOf([update.content]);
  return upsertCompaction(session, update.compactionId, (c) => (text ? { ...c, summary: c.summary + text } : c));
}

/** A usage report: the context after each completed compaction still waiting for one. */
export function noteContextAfter(session: SessionState): SessionState {
  const used = session.usage?.used;
  if (used === undefined) return session;
  let compactions = session.compactions;
  for (const [id, c] of Object.entries(session.compactions)) {
    if (c.status !== "completed" || c.contextAfter !== null) continue;
    if (compactions === session.compactions) compactions = { ...compactions };
    compactions[id] = { ...c, contextAfter: used };
  }
  return compactions === session.compactions ? session : { ...session, compactions };
}

function upsertCompaction(session: SessionState, compactionId: string, change: (c: CompactionState) => CompactionState): SessionState {
  const known = session.compactions[compactionId];
  const current: CompactionState = known ?? {
    compactionId,
    status: "in_progress",
    summary: "",
    error: null,
    contextBefore: session.usage?.used ?? null,
    contextAfter: null,
  };
  const next = change(current);
  if (known && next === known) return session;
  const withState = { ...session, compactions: { ...session.compactions, [compactionId]: next } };
  return known ? withState : appendEntry(withState, (id) => ({ kind: "compaction", id, compactionId }));
}

/** The summary as text: text blocks joined; other blocks (images, links) are named by their link. */
function textOf(blocks: ContentBlock[]): string {
  return blocks
    .map((b) => (b.type === "text" ? b.text : b.type === "resource_link" ? b.uri : ""))
    .filter((t) => t !== "")
    .join("");
}

/** A replayed local slash command's markup: one notice for the command and its output, nothing for the caveat. */
export function applyCommandReplay(session: SessionState, replay: CommandReplay): SessionState {
  if (replay.kind === "caveat") return session;
  if (replay.kind === "command") {
    const command = { name: replay.name, args: replay.args };
    return appendEntry(session, (id) => ({ kind: "notice", id, tone: "info", text: commandNotice(command.name, command.args), command }));
  }
  const last = lastEntry(session.entries);
  const tone = replay.error ? "error" : "info";
  if (last?.kind === "notice" && last.command) {
    return withLastEntry(session, { ...last, tone, text: commandOutputNotice(last.command, replay.text) });
  }
  return replay.text ? appendNotice(session, tone, commandOutputNotice(null, replay.text)) : session;
}
