/**
 * Which ACP tool card stands for a call the host's browser-tools server actually served. Agents spell
 * an MCP call each their own way (goose `browser__click`, Claude `mcp__browser__click`, codex-acp
 * `Tool: browser/click` with `{server, tool, arguments}`, opencode `browser_click`), so a card is
 * never recognised by one spelling: the host tells the extension each call it served (tool, arguments,
 * session), and the call is bound to the card of that session that names the tool as a word of any of
 * its names and whose input holds the same arguments, the oldest such card still open (docs/ARCHITECTURE.md,
 * "Browser tools"). Pure.
 */

import type { ToolCallState } from "../sessions/client-state";
import { argsPreview, type BrowserToolCallRecord, type BrowserToolsState, sameJson } from "./browser-tools";
import { askedArguments } from "./our-call";
import { siteOfUrl } from "./site-name";

type Card = Pick<ToolCallState, "title" | "toolName" | "rawInput"> & { content?: ToolCallState["content"] };

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A name as words joined by `_`: `Tool: browser/read_page` → `_tool_browser_read_page_`. */
function words(name: string): string {
  return `_${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")}_`;
}

/** Every name the card gives its tool: goose's tool name, the title, a wrapped call's `tool` / `name`. */
function namesOf(card: Card): string[] {
  const input = record(card.rawInput);
  return [card.toolName, card.title, input?.tool, input?.name].filter((n): n is string => typeof n === "string" && n.length > 0);
}

/** Whether the card names `tool` (a browser tool name such as `read_page`) as whole words of one of its names. */
export function cardNamesTool(card: Card, tool: string): boolean {
  const wanted = words(tool);
  return namesOf(card).some((name) => words(name).includes(wanted));
}

/**
 * The argument objects a card's input may hold: the input itself, or a wrapped call's `arguments` (codex) /
 * `input` / `args`; with no input at all, what its text content holds as JSON (gemini sends no input).
 */
function argumentsOf(card: Card): Record<string, unknown>[] {
  const input = record(card.rawInput);
  if (!input) return card.rawInput === undefined || card.rawInput === null ? [askedArguments(card) ?? {}] : [];
  return [input, record(input.arguments), record(input.input), record(input.args)].filter((a): a is Record<string, unknown> => !!a);
}

/** The arguments a card's input gives its call: a wrapped call's (codex `{server, tool, arguments}`), else the input itself. */
export function callArguments(card: Card): Record<string, unknown> {
  const input = record(card.rawInput);
  return record(input?.arguments) ?? record(input?.input) ?? record(input?.args) ?? input ?? {};
}

/**
 * Whether the card's input holds the served arguments: every member the server got, equal. The
 * server's schema drops members it does not know, so the card may have more; both sides are compared
 * as previews (argsPreview), the form the record keeps.
 */
export function cardHoldsArgs(card: Card, served: unknown): boolean {
  const want = record(argsPreview(served ?? {})) ?? {};
  return argumentsOf(card).some((candidate) => {
    const have = record(argsPreview(candidate)) ?? {};
    return Object.keys(want).every((k) => Object.hasOwn(have, k) && sameJson(have[k], want[k]));
  });
}

export function cardMatchesCall(card: Card, call: { tool: string; args: unknown }): boolean {
  return cardNamesTool(card, call.tool) && cardHoldsArgs(card, call.args);
}

/** Card statuses that end a call: a card in one of them before a call was served cannot be that call. */
const FINISHED = new Set<ToolCallState["status"]>(["completed", "failed", "cancelled", "denied", "unfinished"]);

export function cardFinished(card: Pick<ToolCallState, "status">): boolean {
  return FINISHED.has(card.status);
}

/**
 * The card a served call belongs to: the first of `cards` (oldest first) that is not taken by another
 * call, not finished before the call was served (`finishedBefore`), and matches the call.
 */
export function pickCard(
  cards: readonly ToolCallState[],
  call: { tool: string; args: unknown },
  taken: ReadonlySet<string>,
  finishedBefore: ReadonlySet<string>,
): ToolCallState | undefined {
  return cards.find((c) => !taken.has(c.toolCallId) && !finishedBefore.has(c.toolCallId) && cardMatchesCall(c, call));
}

/**
 * The server's name, then a separator, then the tool, in the spellings agents use: goose
 * `browser__read_page` (and its titles `browser: read page · …`), Claude `mcp__browser__read_page`,
 * codex-acp `Tool: browser/read_page`, opencode `browser_read_page`.
 */
const SPELLED = /^(?:mcp__|tool: )?browser(?:__|\/|_|\.|: )([a-z]+(?:[_ ][a-z]+)*?)(?: ·.*)?$/i;

/**
 * The browser tool a card names by its spelling alone. Only for cards no served call was bound to
 * (a transcript replayed from before this run): a live card is known by its call (`boundCall`).
 */
export function browserToolOf(card: Card): string | null {
  const input = record(card.rawInput);
  if (input?.server === "browser" && typeof input.tool === "string") return input.tool;
  for (const name of [card.toolName, card.title]) {
    const m = SPELLED.exec(name?.trim() ?? "");
    if (m) return m[1]!.toLowerCase().replace(/ /g, "_");
  }
  return null;
}

/** The served call bound to this card (the latest, should an agent reuse a card id). */
export function boundCall(toolCallId: string, state: BrowserToolsState): BrowserToolCallRecord | undefined {
  for (let i = state.calls.length - 1; i >= 0; i--) if (state.calls[i]!.toolCallId === toolCallId) return state.calls[i];
  return undefined;
}

export interface BrowserToolDetail {
  tool: string;
  /** The tab's title and site, when known, and its id for "Show tab". */
  tab?: { id: number; title: string; site: string };
  /** The element acted on, in words (`button "Submit"`), or the ref the agent named. */
  element?: string;
  /** The address a navigate / open_tab goes to. */
  url?: string;
}

/**
 * What a browser tool card shows beyond the agent's title: from the served call bound to it (the tab
 * and element the runner resolved), else, for a card the spelling names, only what its input says.
 * Null for other tools.
 */
export function browserToolDetail(
  card: Pick<ToolCallState, "toolCallId" | "title" | "toolName" | "rawInput">,
  state: BrowserToolsState,
): BrowserToolDetail | null {
  const call = boundCall(card.toolCallId, state);
  const name = call?.tool ?? browserToolOf(card);
  if (!name) return null;
  const args = record(call?.args) ?? callArguments(card);
  const detail: BrowserToolDetail = { tool: name };
  if (typeof args.url === "string") detail.url = args.url;
  if (typeof args.ref === "string") detail.element = args.ref;
  if (call?.target) {
    detail.tab = { id: call.target.tabId, title: call.target.title, site: siteOfUrl(call.target.url) };
    if (call.target.element) detail.element = call.target.element;
  }
  return detail;
}
