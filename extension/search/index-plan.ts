/**
 * When a session's text goes into the index: once its messages are complete. That is when its turn has
 * ended and no `session/load` replay is running, so a message is indexed whole, never chunk by chunk;
 * and only if its transcript changed since the indexer last looked (a new panel looks at every session
 * it is shown once: what the index already has is skipped by count, see `newDocs`). Pure.
 */

import type { EntryList } from "../state/conversation/entry-list";
import type { SessionState } from "../state/sessions/client-state";
import type { SearchRegistry } from "../storage/search-sessions";
import { type SearchDoc, sessionDocs } from "./session-docs";

/** The sessions whose complete text may hold something the index has not seen. */
export function dueSessions(sessions: Readonly<Record<string, SessionState>>, seen: ReadonlyMap<string, EntryList>): SessionState[] {
  const due: SessionState[] = [];
  for (const session of Object.values(sessions)) {
    if (session.loading || session.turn !== "idle") continue;
    if (seen.get(session.sessionId) === session.entries) continue;
    due.push(session);
  }
  return due;
}

export interface IndexStep {
  sessionId: string;
  /** The session's number in the registry (a new one when it had none). */
  key: number;
  docs: SearchDoc[];
  registry: SearchRegistry;
}

/** The documents of `session` the index lacks, and the registry as it will be once they are in. */
export function newDocs(session: SessionState, registry: SearchRegistry): IndexStep | null {
  const known = registry.sessions[session.sessionId];
  const docs = sessionDocs(session, known?.docs ?? 0);
  if (docs.length === 0) return null;
  const key = known?.key ?? registry.next;
  return {
    sessionId: session.sessionId,
    key,
    docs,
    registry: {
      next: known ? registry.next : registry.next + 1,
      sessions: { ...registry.sessions, [session.sessionId]: { key, docs: (known?.docs ?? 0) + docs.length } },
    },
  };
}

/** The registry without a deleted session, and what the index must remove for it (null: it had nothing). */
export function forget(registry: SearchRegistry, sessionId: string): { key: number; docs: number; registry: SearchRegistry } | null {
  const known = registry.sessions[sessionId];
  if (!known) return null;
  const { [sessionId]: _gone, ...sessions } = registry.sessions;
  return { ...known, registry: { next: registry.next, sessions } };
}
