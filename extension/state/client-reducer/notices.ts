/**
 * Session notices and context compactions (ACP schema 1.25; the client opts in with
 * `clientCapabilities.session.notices` and `.compaction`, acp/agent-connection.ts).
 * https://agentclientprotocol.com/rfds/session-notices
 *
 * A notice is a line in the transcript. A compaction is one entry, upserted by its id: the first
 * update fixes its place, later ones patch it (`summary`, `error`: omitted leaves, null clears);
 * summary chunks append. The context before it is the last usage the agent reported; the context
 * after it is the first usage reported once it completed.
 */
import type { ContentBlock, SessionUpdate } from "../../acp/schema";
import type { CompactionEntry, Entry, NoticeEntry, SessionState } from "../client-state";
import { findEntry, updateNewestEntry } from "../entry-list";
import { appendEntry, appendNotice } from "./structural-sharing";

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
    let next: CompactionEntry = c.status === update.status ? c : { ...c, status: update.status };
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

/** A usage report: the context after the newest completed compaction still waiting for one. */
export function noteContextAfter(session: SessionState): SessionState {
  const used = session.usage?.used;
  if (used === undefined) return session;
  const entries = updateNewestEntry(
    session.entries,
    (e) => e.kind === "compaction",
    (e) => {
      const c = e as CompactionEntry;
      return c.status === "completed" && c.contextAfter === null ? { ...c, contextAfter: used } : c;
    },
  );
  return entries === session.entries ? session : { ...session, entries };
}

function upsertCompaction(session: SessionState, compactionId: string, change: (c: CompactionEntry) => CompactionEntry): SessionState {
  const isIt = (e: Entry) => e.kind === "compaction" && e.compactionId === compactionId;
  if (!findEntry(session.entries, isIt)) {
    const fresh = (id: string): CompactionEntry => ({
      kind: "compaction",
      id,
      compactionId,
      status: "in_progress",
      summary: "",
      error: null,
      contextBefore: session.usage?.used ?? null,
      contextAfter: null,
    });
    return appendEntry(session, (id) => change(fresh(id)));
  }
  const entries = updateNewestEntry(session.entries, isIt, (e) => change(e as CompactionEntry));
  return entries === session.entries ? session : { ...session, entries };
}

/** The summary as text: text blocks joined; other blocks (images, links) are named by their link. */
function textOf(blocks: ContentBlock[]): string {
  return blocks
    .map((b) => (b.type === "text" ? b.text : b.type === "resource_link" ? b.uri : ""))
    .filter((t) => t !== "")
    .join("");
}
