/**
 * Browser tools as the UI sees them: whether the user turned them on, the consent questions waiting
 * in the panel, and a short record of recent calls (which tab, which element) that tool cards and the
 * tab indicator read. Plain data, changed only by `reduceBrowserTools`, in the background and in
 * every view alike.
 */
import type { BrowserToolName } from "../../../shared/browser-tools";
import type { HostToolsOffer } from "../../../shared/host-protocol";
import { type ActionLog, type ActionLogEvent, reduceActionLog } from "./action-log";

export type ConsentAnswer = "allow_once" | "allow_site" | "deny";

/** The tab a request is about, as the panel shows it. */
export interface ConsentTab {
  id: number;
  title: string;
  url: string;
}

interface ConsentBase {
  tool: BrowserToolName;
  /** The agent's name as the caller knows it ("goose"), for "goose wants to …". */
  agent: string;
  /** The site as the user knows it: a host name, or "local files". */
  site: string;
  origin: string;
  tab: ConsentTab;
  /** The whole question in plain words, ready to show. */
  message: string;
}

/**
 * Reading a site the extension has no host access to. The panel requests `originPattern` with
 * permissions.request on the user's click; "deny" or a refused request ends the call.
 */
export interface ReadConsentRequest extends ConsentBase {
  kind: "read";
  originPattern: string;
}

/** An acting tool (ACTING_TOOLS): Allow once / Allow on this site / Deny. */
export interface ActConsentRequest extends ConsentBase {
  kind: "act";
  /** What will happen, in plain words: `click button "Submit"`, `type 12 characters into textbox "Email"`. */
  action: string;
  /** The element, as the snapshot describes it, when the tool targets one. */
  element?: string;
}

export type ConsentRequest = ReadConsentRequest | ActConsentRequest;

/** Where a call works: the tab (and element) the runner resolved. */
export interface ToolTarget {
  tabId: number;
  title: string;
  url: string;
  element?: string;
}

export interface BrowserToolCallRecord {
  callId: string;
  tool: string;
  /** The call's arguments as `argsPreview` bounds them (only matched against a card's input). */
  args: unknown;
  target: ToolTarget | null;
  status: "running" | "completed" | "failed";
  /** The ACP session the host says the call served, when it knows. */
  sessionId?: string;
  /** The agent's tool card this call was bound to (served-calls.ts), once found. */
  toolCallId?: string;
}

export interface ConsentPrompt {
  /** Unique per background run; the panel's answer names it. */
  id: string;
  callId: string;
  request: ConsentRequest;
}

/** How the agent took the tools into one session, as the host reported it. */
type SessionOffer = Pick<HostToolsOffer, "outcome" | "via" | "detail">;

export interface BrowserToolsState {
  /** The user's switch (off until turned on). */
  enabled: boolean;
  /** Per session of the running agent: whether it took the tools (forgotten when the agent stops). */
  offers: Record<string, SessionOffer>;
  /** Why the last attempt to turn tools on did not work, for the panel and options page to show. */
  notice: string | null;
  /** Recent calls, oldest first, at most RECENT_CALLS. */
  calls: BrowserToolCallRecord[];
  /** Consent questions waiting for the user, oldest first. */
  consents: ConsentPrompt[];
  /** Every call that ended, per session (action-log.ts). */
  log: ActionLog;
}

export type BrowserToolsEvent =
  | { type: "tools_enabled"; enabled: boolean; notice?: string | null }
  | { type: "tool_started"; callId: string; tool: string; args: unknown; sessionId?: string }
  | { type: "tool_bound"; callId: string; toolCallId: string }
  | { type: "tool_target"; callId: string; target: ToolTarget }
  | { type: "tool_finished"; callId: string; isError: boolean }
  | { type: "consent_requested"; id: string; callId: string; request: ConsentRequest }
  | { type: "consent_resolved"; id: string }
  | { type: "tools_offer"; sessionId: string; offer: SessionOffer }
  | { type: "tools_offers_cleared" }
  | ActionLogEvent;

/** Enough to annotate the cards of a long turn; older calls fall back to what their input says. */
export const RECENT_CALLS = 50;

export const initialBrowserToolsState: BrowserToolsState = { enabled: false, offers: {}, notice: null, calls: [], consents: [], log: {} };

export function reduceBrowserTools(state: BrowserToolsState, event: BrowserToolsEvent): BrowserToolsState {
  switch (event.type) {
    case "tools_enabled": {
      const notice = event.notice ?? null;
      if (state.enabled === event.enabled && state.notice === notice) return state;
      return { ...state, enabled: event.enabled, notice };
    }
    case "tool_started": {
      const record: BrowserToolCallRecord = {
        callId: event.callId,
        tool: event.tool,
        args: argsPreview(event.args),
        target: null,
        status: "running",
        ...(event.sessionId ? { sessionId: event.sessionId } : {}),
      };
      return { ...state, calls: [...state.calls, record].slice(-RECENT_CALLS) };
    }
    case "tool_bound":
      return updateCall(state, event.callId, (c) => (c.toolCallId === event.toolCallId ? c : { ...c, toolCallId: event.toolCallId }));
    case "tool_target":
      return updateCall(state, event.callId, (c) => ({ ...c, target: event.target }));
    case "tool_finished":
      return updateCall(state, event.callId, (c) => ({ ...c, status: event.isError ? "failed" : "completed" }));
    case "consent_requested":
      if (state.consents.some((c) => c.id === event.id)) return state;
      return { ...state, consents: [...state.consents, { id: event.id, callId: event.callId, request: event.request }] };
    case "consent_resolved": {
      const consents = state.consents.filter((c) => c.id !== event.id);
      return consents.length === state.consents.length ? state : { ...state, consents };
    }
    case "tools_offer":
      return { ...state, offers: { ...state.offers, [event.sessionId]: event.offer } };
    case "tools_offers_cleared":
      return Object.keys(state.offers).length === 0 ? state : { ...state, offers: {} };
    case "action_logged":
    case "action_log_restored":
    case "action_log_dropped": {
      const log = reduceActionLog(state.log, event);
      return log === state.log ? state : { ...state, log };
    }
  }
}

/**
 * Whether the tools are on for the session the user is in, in words for the switch and the notice:
 * on only when the user turned them on and the agent did not refuse them (an offer still on its way
 * counts as on; the host reports within seconds). `problem` says what went wrong and what to do.
 */
export interface ToolsStanding {
  on: boolean;
  problem: string | null;
}

export function toolsStanding(
  tools: BrowserToolsState,
  sessionId: string | null,
  agent: { name: string; version?: string },
): ToolsStanding {
  if (!tools.enabled) return { on: false, problem: null };
  const offer = sessionId ? tools.offers[sessionId] : undefined;
  const who = agent.version ? `${agent.name} ${agent.version}` : agent.name;
  switch (offer?.outcome) {
    case "failed":
      return {
        on: false,
        problem:
          `${who} did not accept the browser tools: ${offer.detail ?? "no reason given"}. ` +
          "Click Browser to try again; if it fails again, update the agent (for goose: goose update) and see Options → Diagnostics.",
      };
    case "unsupported":
      // The host says why when it knows (a goose serve on another machine cannot reach this one's loopback).
      return offer.detail
        ? { on: false, problem: `${who} cannot use the browser tools: ${offer.detail}.` }
        : { on: false, problem: `${who} cannot use browser tools: it takes no MCP server over HTTP. Choose another agent in Options.` };
    case "later":
      return {
        on: false,
        problem: `${who} takes the browser tools only into a session started or opened from now on: start a new session to use them.`,
      };
    default:
      return { on: true, problem: null };
  }
}

/**
 * The user turned the tools on and the host has not yet said how this session took them: goose adds
 * our server to an open session with a request of its own, and a prompt that left before the answer
 * would run without the tools the switch shows as on.
 */
export function toolsOfferPending(tools: BrowserToolsState, sessionId: string): boolean {
  if (!tools.enabled) return false;
  const outcome = tools.offers[sessionId]?.outcome;
  return outcome === undefined || outcome === "removed";
}

/** The tools are on and this session took our server, so a server called "browser" in it is ours, not another. */
export function sessionTookOurServer(tools: BrowserToolsState, sessionId: string): boolean {
  const outcome = tools.enabled ? tools.offers[sessionId]?.outcome : undefined;
  return outcome === "added" || outcome === "offered";
}

/** Longest string (value or key) an args preview keeps, in UTF-16 units, the cut marked by "…". */
const PREVIEW_CHARS = 100;
/** Values (strings, numbers, members of arrays and objects, at any depth) an args preview keeps. */
const PREVIEW_VALUES = 32;

/**
 * A call's arguments bounded for the record, which crosses to every panel with the state: a typed
 * text of 1 MB must not be kept 50 times over. Strings are cut to PREVIEW_CHARS and the walk stops
 * after PREVIEW_VALUES values, so a record stays a few KB whatever the agent sent. Previewing a
 * preview gives it back unchanged, so the background may bound an event's args before sending it
 * and every reducer still agrees; a card's input is matched through the same function.
 */
export function argsPreview(args: unknown): unknown {
  let budget = PREVIEW_VALUES;
  const walk = (value: unknown): unknown => {
    budget--;
    if (typeof value === "string") return cut(value);
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      for (let i = 0; i < value.length && budget > 0; i++) items.push(walk(value[i]));
      return items;
    }
    const members: [string, unknown][] = [];
    for (const key of Object.keys(value)) {
      if (budget <= 0) break;
      members.push([cut(key), walk((value as Record<string, unknown>)[key])]);
    }
    return Object.fromEntries(members);
  };
  return walk(args);
}

function cut(text: string): string {
  if (text.length <= PREVIEW_CHARS) return text;
  let end = PREVIEW_CHARS - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // not half a surrogate pair
  // join builds a new string: a slice could keep the whole argument alive (V8 shares its storage).
  return [text.slice(0, end), "…"].join("");
}

function updateCall(
  state: BrowserToolsState,
  callId: string,
  change: (c: BrowserToolCallRecord) => BrowserToolCallRecord,
): BrowserToolsState {
  const i = state.calls.findIndex((c) => c.callId === callId);
  if (i < 0) return state;
  const changed = change(state.calls[i]!);
  if (changed === state.calls[i]) return state;
  const calls = [...state.calls];
  calls[i] = changed;
  return { ...state, calls };
}

/** Tabs a call is running in right now, with how many calls each (for the tab indicator). */
export function busyTabs(state: BrowserToolsState): Map<number, number> {
  const tabs = new Map<number, number>();
  for (const c of state.calls) if (c.status === "running" && c.target) tabs.set(c.target.tabId, (tabs.get(c.target.tabId) ?? 0) + 1);
  return tabs;
}

/** Structural equality of two JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
