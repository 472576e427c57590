/**
 * The little the extension keeps about sessions: which one is open, the mode the user chose for
 * each, and the tool calls the user denied (agents replay a denied call as done). The agent owns
 * every transcript; nothing else is stored.
 */
import { storage } from "wxt/utils/storage";

export interface SessionMeta {
  activeSessionId: string | null;
  modeBySession: Record<string, string>;
  /** Tool call ids the user denied, per session (absent in metadata stored before it existed). */
  deniedBySession?: Record<string, string[]>;
}

/** What the client controller needs (tests give it an in-memory one). */
export interface MetaStorage {
  load(): Promise<SessionMeta>;
  save(meta: SessionMeta): Promise<void>;
}

export const EMPTY_META: SessionMeta = { activeSessionId: null, modeBySession: {} };
/** Modes of this many sessions are remembered; older ones fall back to the default. */
const MAX_REMEMBERED = 200;

const metaItem = storage.defineItem<SessionMeta>("local:goose.sessionMeta", { fallback: EMPTY_META });

/** storage.local, keeping only the newest sessions' modes and denials. */
export const storedMeta: MetaStorage = {
  load: () => metaItem.getValue(),
  save(meta) {
    const modeBySession = newest(meta.modeBySession);
    return metaItem.setValue(
      meta.deniedBySession ? { ...meta, modeBySession, deniedBySession: newest(meta.deniedBySession) } : { ...meta, modeBySession },
    );
  },
};

function newest<T>(bySession: Record<string, T>): Record<string, T> {
  const entries = Object.entries(bySession);
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_REMEMBERED)));
}
