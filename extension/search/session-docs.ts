/**
 * What text a session gives the search index: one document per user message, agent message and tool
 * call (its title), in transcript order. Thoughts, notices and attachments are left out: they are not
 * what a user remembers a session by. Pure, so the background-free panel and the tests agree on it.
 */

import { entryAt, entryCount } from "../state/conversation/entry-list";
import { toolCallOf } from "../state/conversation/tool-call-map";
import type { SessionState } from "../state/sessions/client-state";

export type DocRole = "user" | "agent" | "tool";

export interface SearchDoc {
  sessionId: string;
  /** The n-th document of the session: with the session's number, its id in the index (search-index.ts). */
  n: number;
  /** The entry's position in the transcript when it was indexed (where opening the result scrolls to). */
  at: number;
  role: DocRole;
  text: string;
}

/** A document's text is capped: the index and the snippet need the words, not a 2 MB log pasted in. */
export const MAX_DOC_CHARS = 20_000;

/** The session's documents from the `from`-th on (the ones before were indexed already). */
export function sessionDocs(session: SessionState, from = 0): SearchDoc[] {
  const docs: SearchDoc[] = [];
  let n = 0;
  const total = entryCount(session.entries);
  for (let at = 0; at < total; at++) {
    const piece = entryText(session, at);
    if (!piece) continue;
    if (n >= from) docs.push({ sessionId: session.sessionId, n, at, ...piece });
    n++;
  }
  return docs;
}

function entryText(session: SessionState, at: number): { role: DocRole; text: string } | null {
  const entry = entryAt(session.entries, at);
  if (!entry) return null;
  let role: DocRole;
  let text: string;
  if (entry.kind === "user") {
    role = "user";
    text = entry.content.map((b) => (b.type === "text" ? b.text : "")).join("\n");
  } else if (entry.kind === "agent") {
    role = "agent";
    text = entry.text;
  } else if (entry.kind === "tool") {
    role = "tool";
    text = toolCallOf(session.toolCalls, entry.id)?.title ?? "";
  } else return null;
  text = text.trim();
  return text ? { role, text: text.length > MAX_DOC_CHARS ? text.slice(0, MAX_DOC_CHARS) : text } : null;
}
