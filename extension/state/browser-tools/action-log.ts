/**
 * The action log: one line per browser tool call, per session (issue #26), for the user to read in the
 * session and find in its export. The background writes an entry when a call ends, with what it did,
 * where, what the user answered and how it went; only `reduceActionLog` changes it, in the background
 * and in every view alike. Capped per session, oldest dropped first.
 */

import type { ToolTarget } from "./browser-tools";
import { siteOfUrl } from "./site-name";

/** What the user said to the call: asked and answered, allowed before, or never asked (a read the site allows). */
export type ActionConsent = "allow_once" | "allow_site" | "deny" | "allowed_earlier" | "not_asked";

export interface ActionLogEntry {
  callId: string;
  tool: string;
  /** The tab the call worked in, when the runner resolved one. */
  tab?: { id: number; title: string };
  /** The site as the user knows it (host name, "local files"). */
  site?: string;
  element?: string;
  consent: ActionConsent;
  ok: boolean;
  /** The result's first words, bounded (ACTION_TEXT_CHARS). */
  text: string;
  /** When the call ended, ms since the epoch. */
  at: number;
}

/** Per ACP session id, oldest first. */
export type ActionLog = Readonly<Record<string, readonly ActionLogEntry[]>>;

export type ActionLogEvent =
  | { type: "action_logged"; sessionId: string; entry: ActionLogEntry }
  /** What storage kept (storage/action-log.ts), read once when the background starts. */
  | { type: "action_log_restored"; log: ActionLog }
  /** The session was deleted: its log goes with it. */
  | { type: "action_log_dropped"; sessionId: string };

export const ACTIONS_PER_SESSION = 500;
export const ACTION_TEXT_CHARS = 160;

export function reduceActionLog(log: ActionLog, event: ActionLogEvent): ActionLog {
  if (event.type === "action_log_restored") return restored(log, event.log);
  if (event.type === "action_log_dropped") {
    if (!(event.sessionId in log)) return log;
    const { [event.sessionId]: _dropped, ...rest } = log;
    return rest;
  }
  const before = log[event.sessionId] ?? [];
  if (before.some((e) => e.callId === event.entry.callId)) return log;
  const entry = { ...event.entry, text: shortText(event.entry.text) };
  return { ...log, [event.sessionId]: [...before, entry].slice(-ACTIONS_PER_SESSION) };
}

/** The stored log under what was logged while it was read: stored entries first, none twice, capped. */
function restored(live: ActionLog, stored: ActionLog): ActionLog {
  if (Object.keys(stored).length === 0) return live;
  const merged: Record<string, readonly ActionLogEntry[]> = { ...stored };
  for (const [sessionId, entries] of Object.entries(live)) {
    const kept = stored[sessionId] ?? [];
    const known = new Set(kept.map((e) => e.callId));
    merged[sessionId] = [...kept, ...entries.filter((e) => !known.has(e.callId))].slice(-ACTIONS_PER_SESSION);
  }
  return merged;
}

/** A result's text on one line, cut to ACTION_TEXT_CHARS with "…". */
function shortText(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= ACTION_TEXT_CHARS ? line : `${line.slice(0, ACTION_TEXT_CHARS - 1)}…`;
}

/** The consent answer in the words the approval buttons use. */
export function consentWords(consent: ActionConsent): string {
  switch (consent) {
    case "allow_once":
      return "Allowed once";
    case "allow_site":
      return "Allowed on this site";
    case "deny":
      return "Denied";
    case "allowed_earlier":
      return "Allowed earlier";
    case "not_asked":
      return "Not asked";
  }
}

export interface EndedCall {
  callId: string;
  tool: string;
  /** An acting tool (ACTING_TOOLS): it runs unasked only on a site the user allowed before. */
  acting: boolean;
  target: ToolTarget | null;
  /** The site a consent question named, when one was asked. */
  askedSite?: string | undefined;
  /** The user's answer, when the call asked. */
  consent: ActionConsent | null;
  ok: boolean;
  text: string;
  at: number;
}

/** The log entry for a call that ended. */
export function actionEntry(call: EndedCall): ActionLogEntry {
  const { target } = call;
  const site = call.askedSite ?? (target ? siteOfUrl(target.url) : undefined);
  return {
    callId: call.callId,
    tool: call.tool,
    ...(target ? { tab: { id: target.tabId, title: target.title } } : {}),
    ...(site ? { site } : {}),
    ...(target?.element ? { element: target.element } : {}),
    consent: call.consent ?? (call.acting && target ? "allowed_earlier" : "not_asked"),
    ok: call.ok,
    text: shortText(call.text),
    at: call.at,
  };
}

/** Where the call worked, in words: `click on 127.0.0.1 · "Sign up" (tab 12) · button "Subscribe"`. */
export function actionWhere(e: ActionLogEntry): string {
  const parts: string[] = [];
  if (e.site) parts.push(e.site);
  if (e.tab) parts.push(`“${e.tab.title}” (tab ${e.tab.id})`);
  if (e.element) parts.push(e.element);
  return parts.join(" · ");
}
