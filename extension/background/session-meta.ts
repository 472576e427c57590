/**
 * The little the extension keeps about sessions: which one is open, and the mode the user chose for
 * each. The agent owns every transcript; nothing else is stored.
 */
export interface SessionMeta {
  activeSessionId: string | null;
  modeBySession: Record<string, string>;
}

export interface MetaStorage {
  load(): Promise<SessionMeta>;
  save(meta: SessionMeta): Promise<void>;
}

export const EMPTY_META: SessionMeta = { activeSessionId: null, modeBySession: {} };
const KEY = "goose.sessionMeta";
/** Modes of this many sessions are remembered; older ones fall back to the default. */
const MAX_REMEMBERED = 200;

interface StorageArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

export function storageMeta(area: StorageArea): MetaStorage {
  return {
    async load() {
      const raw = (await area.get(KEY))[KEY] as Partial<SessionMeta> | undefined;
      return {
        activeSessionId: typeof raw?.activeSessionId === "string" ? raw.activeSessionId : null,
        modeBySession: raw?.modeBySession && typeof raw.modeBySession === "object" ? { ...raw.modeBySession } : {},
      };
    },
    async save(meta) {
      const entries = Object.entries(meta.modeBySession);
      const modeBySession = Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_REMEMBERED)));
      await area.set({ [KEY]: { ...meta, modeBySession } });
    },
  };
}
