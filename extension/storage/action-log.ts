/**
 * The action log (state/browser-tools/action-log.ts), kept so a session's browser actions are still there after
 * the browser restarts its background, and in the export. Bounded: the newest STORED_PER_SESSION
 * actions of each of the STORED_SESSIONS sessions logged most recently, about 2 MB at most (an
 * entry's text is capped at ACTION_TEXT_CHARS). Written through on every change
 * (background/persistence/action-log-persistence.ts); read once at start; a deleted session's log is removed.
 */
import { storage } from "wxt/utils/storage";
import type { ActionConsent, ActionLog, ActionLogEntry } from "../state/browser-tools/action-log";
import { ACTION_TEXT_CHARS } from "../state/browser-tools/action-log";

export const STORED_SESSIONS = 50;
export const STORED_PER_SESSION = 200;

/** What the background needs (tests give it an in-memory one). */
export interface ActionLogStorage {
  load(): Promise<ActionLog>;
  save(log: ActionLog): Promise<void>;
}

const actionLogItem = storage.defineItem<unknown>("local:goose.actionLog", { fallback: {} });

export const storedActionLog: ActionLogStorage = {
  load: async () => validActionLog(await actionLogItem.getValue()),
  save: (log) => actionLogItem.setValue(boundedActionLog(log)),
};

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
