/**
 * The action log (state/browser-tools/action-log.ts), kept so a session's browser actions are still there after
 * the browser restarts its background, and in the export. Bounded: the newest STORED_PER_SESSION
 * actions of each of the STORED_SESSIONS sessions logged most recently, about 2 MB at most (an
 * entry's text is capped at ACTION_TEXT_CHARS). Read once at start; a deleted session's log is removed.
 * Two items: the whole log, and the entries logged since it was written (`recent`), so each call's entry
 * is kept at once by a small write (background/persistence/action-log-persistence.ts).
 */
import { storage } from "wxt/utils/storage";
import type { ActionConsent, ActionLog, ActionLogEntry } from "../state/browser-tools/action-log";
import { ACTION_TEXT_CHARS } from "../state/browser-tools/action-log";

export const STORED_SESSIONS = 50;
export const STORED_PER_SESSION = 200;

/** What the background needs (tests give it an in-memory one). */
export interface ActionLogStorage {
  load(): Promise<ActionLog>;
  /** The whole log; it holds what `saveRecent` wrote, which the same write empties. */
  save(log: ActionLog): Promise<void>;
  /** The entries logged since the last `save`. */
  saveRecent(recent: ActionLog): Promise<void>;
}

const actionLogItem = storage.defineItem<unknown>("local:goose.actionLog", { fallback: {} });
const recentItem = storage.defineItem<unknown>("local:goose.actionLog.recent", { fallback: {} });

export const storedActionLog: ActionLogStorage = {
  load: async () => {
    const [whole, recent] = await Promise.all([actionLogItem.getValue(), recentItem.getValue()]);
    return withRecent(validActionLog(whole), validActionLog(recent));
  },
  // One storage write for both items, so the recent entries never count twice nor go missing.
  save: (log) =>
    storage.setItems([
      { item: actionLogItem, value: boundedActionLog(log) },
      { item: recentItem, value: {} },
    ]),
  saveRecent: (recent) => recentItem.setValue(recent),
};

/**
 * The entries of `now` that `before` lacks, per session: what `saveRecent` writes. Null when `now` is not
 * `before` with entries added (a session's log was dropped): only a whole write says that.
 */
export function addedSince(before: ActionLog, now: ActionLog): ActionLog | null {
  for (const sessionId of Object.keys(before)) if (!(sessionId in now)) return null;
  const added: Record<string, ActionLogEntry[]> = {};
  for (const [sessionId, entries] of Object.entries(now)) {
    const known = new Set((before[sessionId] ?? []).map((e) => e.callId));
    const fresh = entries.filter((e) => !known.has(e.callId));
    if (fresh.length > 0) added[sessionId] = fresh;
  }
  return added;
}

/** The whole log as stored with the recent entries after each session's own, none twice, bounded. */
export function withRecent(log: ActionLog, recent: ActionLog): ActionLog {
  const merged: Record<string, readonly ActionLogEntry[]> = { ...log };
  for (const [sessionId, entries] of Object.entries(recent)) {
    const kept = log[sessionId] ?? [];
    const known = new Set(kept.map((e) => e.callId));
    merged[sessionId] = [...kept, ...entries.filter((e) => !known.has(e.callId))];
  }
  return boundedActionLog(merged);
}

/** The log as stored: the most recently active sessions, each its newest entries. */
export function boundedActionLog(log: ActionLog): ActionLog {
  const newest = (entries: readonly ActionLogEntry[]) => entries.at(-1)?.at ?? 0;
  const sessions = Object.entries(log)
    .filter(([, entries]) => entries.length > 0)
    .sort(([, a], [, b]) => newest(b) - newest(a))
    .slice(0, STORED_SESSIONS);
  return Object.fromEntries(sessions.map(([id, entries]) => [id, entries.slice(-STORED_PER_SESSION)]));
}

const CONSENTS = new Set<ActionConsent>(["allow_once", "allow_site", "deny", "allowed_earlier", "not_asked"]);

/** What storage held, keeping only well-formed entries (an older or damaged value loses nothing else). */
export function validActionLog(value: unknown): ActionLog {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const log: Record<string, ActionLogEntry[]> = {};
  for (const [sessionId, entries] of Object.entries(value)) {
    if (!Array.isArray(entries)) continue;
    const valid = entries.filter(isEntry).map(clean);
    if (valid.length > 0) log[sessionId] = valid.slice(-STORED_PER_SESSION);
  }
  return boundedActionLog(log);
}

function isEntry(value: unknown): value is ActionLogEntry {
  const e = value as Partial<ActionLogEntry> | null;
  return (
    typeof e?.callId === "string" &&
    typeof e.tool === "string" &&
    typeof e.ok === "boolean" &&
    typeof e.text === "string" &&
    typeof e.at === "number" &&
    CONSENTS.has(e.consent as ActionConsent) &&
    (e.tab === undefined || (typeof e.tab?.id === "number" && typeof e.tab.title === "string")) &&
    (e.site === undefined || typeof e.site === "string") &&
    (e.element === undefined || typeof e.element === "string")
  );
}

/** Only the entry's own fields, the text within its bound. */
function clean(e: ActionLogEntry): ActionLogEntry {
  return {
    callId: e.callId,
    tool: e.tool,
    ...(e.tab ? { tab: { id: e.tab.id, title: e.tab.title } } : {}),
    ...(e.site !== undefined ? { site: e.site } : {}),
    ...(e.element !== undefined ? { element: e.element } : {}),
    consent: e.consent,
    ok: e.ok,
    text: e.text.slice(0, ACTION_TEXT_CHARS),
    at: e.at,
  };
}
