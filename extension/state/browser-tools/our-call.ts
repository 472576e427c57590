/**
 * Whether an agent's tool card or question is about a call of our own browser server, by one rule
 * for every agent rather than a pattern per spelling (docs/ARCHITECTURE.md, "One question per action").
 * An agent names an MCP call by our server's name and the tool's, joined its own way: goose
 * `browser__click` / `browser: click`, Claude `mcp__browser__click`, opencode `browser_click`, gemini
 * `click (browser MCP Server)` / `mcp_browser_click__…`, codex-acp `Tool: browser/click` or a question
 * whose input names the server and the tool's title (`server_name: "browser"`, `tool_title: "Type text"`).
 * So a name counts when its words, less MCP's own words and trailing ids, are exactly the server's
 * name and one of our tools' names or titles (shared/browser-tools.ts), in either order: `Run echo
 * browser click` is not. A card of a kind that runs commands or edits files is never ours. Pure.
 */
import { BROWSER_TOOL_ANNOTATIONS, BROWSER_TOOL_INPUTS, type BrowserToolName } from "../../../shared/browser-tools";
import type { ToolCallContent, ToolKind } from "../../acp/schema";

/** The name the host gives its MCP server in every agent's config (native-host/browser-tools/offering.ts). */
const OUR_SERVER = "browser";

/** Words agents add around an MCP call's names ("Approve", "MCP Server", "Tool:"). */
const FILLER = new Set(["mcp", "tool", "tools", "server", "approve", "use", "call"]);
/** Kinds a call of ours never has: a shell command or a file edit titled "browser click" is not one. */
const NOT_OURS = new Set<ToolKind>(["execute", "edit", "delete", "move"]);
/** How deep a question's input is searched for the server and tool it names (codex: `request._meta.tool_title`). */
const DEPTH = 4;

export interface AskedCall {
  title?: string | null;
  toolName?: string | undefined;
  toolCallId?: string;
  kind?: ToolKind | null;
  rawInput?: unknown;
  content?: ToolCallContent[] | null;
}

function words(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Each tool's spellings as words: its name and its annotation title. */
const SPELLINGS: Array<{ tool: BrowserToolName; words: string[] }> = (Object.keys(BROWSER_TOOL_INPUTS) as BrowserToolName[]).flatMap(
  (tool) => [
    { tool, words: words(tool) },
    { tool, words: words(BROWSER_TOOL_ANNOTATIONS[tool].title) },
  ],
);

const same = (a: string[], b: string[]) => a.length === b.length && a.every((w, i) => w === b[i]);

/** The tool a name gives our server, by the rule above; null when it names something else. */
function toolOfName(name: string): BrowserToolName | null {
  const all = words(name).filter((w) => !FILLER.has(w));
  // A call id's or a title's trailing tokens with digits (`__1718…`, `· e3`) say which call, not which tool.
  while (all.length > 0 && /\d/.test(all.at(-1)!)) all.pop();
  const server = all.indexOf(OUR_SERVER);
  if (server !== 0 && server !== all.length - 1) return null;
  const rest = server === 0 ? all.slice(1) : all.slice(0, -1);
  return SPELLINGS.find((s) => same(s.words, rest))?.tool ?? null;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The strings an input gives under keys that name a server, and under keys that name a tool. */
function collect(value: unknown, depth: number, out: { servers: string[]; tools: string[] }): void {
  const obj = record(value);
  if (!obj || depth > DEPTH) return;
  for (const [key, v] of Object.entries(obj)) {
    if (typeof v === "string") {
      if (/server/i.test(key)) out.servers.push(v);
      else if (/tool|^name$/i.test(key)) out.tools.push(v);
    } else collect(v, depth + 1, out);
  }
}

/** Every name a card or question gives its call: goose's tool name, the title, the id, and each server and tool its input names. */
function namesOf(call: AskedCall): string[] {
  const found = { servers: [] as string[], tools: [] as string[] };
  collect(call.rawInput, 0, found);
  const paired = found.servers.flatMap((s) => found.tools.map((t) => `${s} ${t}`));
  return [call.toolName, call.title, call.toolCallId, ...paired].filter((n): n is string => typeof n === "string" && n.length > 0);
}

/** The browser tool the card or question is a call of, on our server; null when it is not ours. */
export function ourToolOf(...views: Array<AskedCall | undefined>): BrowserToolName | null {
  for (const view of views) {
    if (!view || (view.kind && NOT_OURS.has(view.kind))) continue;
    for (const name of namesOf(view)) {
      const tool = toolOfName(name);
      if (tool) return tool;
    }
  }
  return null;
}

/**
 * The arguments a card or question gives the call: a wrapped input's (codex `{server, tool, arguments}`,
 * or its question's `tool_params`), else the input itself, else, for an agent that sends no input
 * (gemini), a JSON object its text content holds.
 */
export function askedArguments(call: AskedCall): Record<string, unknown> | undefined {
  const input = record(call.rawInput);
  if (input) {
    const meta = record(record(input.request)?._meta);
    return record(input.arguments) ?? record(input.input) ?? record(input.args) ?? record(meta?.tool_params) ?? input;
  }
  if (call.rawInput !== undefined && call.rawInput !== null) return undefined;
  for (const c of call.content ?? []) {
    if (c.type !== "content" || c.content.type !== "text") continue;
    try {
      const parsed = record(JSON.parse(c.content.text) as unknown);
      if (parsed) return parsed;
    } catch {
      // Prose, not arguments.
    }
  }
  return undefined;
}
