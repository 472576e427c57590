/**
 * A tool card's title in words, from what the call does and what it works on ("Edit `src/app.ts`",
 * "Run `npm test`", "Read github.com/…", "Click "Submit" on github.com"), whichever agent sent it:
 * goose (`developer: shell · ls -la`, `_meta.goose.toolCall.toolName` `developer__shell`, no kind),
 * Claude's adapters (kind, `file_path`, titles such as "`ls`" and `mcp__browser__click`), codex-acp
 * (the command as the title, `{server, tool, arguments}` for MCP) and opencode (`bash`, `filePath`,
 * `browser_click`). The agent's own title stays available for a tooltip. Pure.
 */
import type { ToolKind } from "../../acp/schema";
import type { BrowserToolDetail } from "../../state/browser-tools/served-calls";
import { relativePath, relativeText } from "./tool-view";

export interface ToolTitle {
  /** What the call does: "Edit", "Run", "Search for", "Click". */
  verb: string;
  /** What it works on, shown as code when `code` (a path, a command, a pattern). */
  target?: string;
  code?: boolean;
  /** Where (a browser call's site): " on github.com". */
  on?: string;
}

/** The card's fields the title is made from. */
export interface TitleSource {
  title: string;
  toolName?: string | null;
  rawInput?: unknown;
  locations?: ReadonlyArray<{ path: string }>;
  content?: ReadonlyArray<{ type: string; path?: string }>;
}

/** Longest target shown; the full text is in the tooltip. */
const MAX_TARGET = 80;

const VERBS: Partial<Record<ToolKind, string>> = {
  read: "Read",
  edit: "Edit",
  delete: "Delete",
  move: "Move",
  search: "Search for",
  execute: "Run",
  fetch: "Read",
  think: "Think",
  switch_mode: "Switch mode",
};

/** goose-browser's own tools, as a sentence starts. */
const BROWSER_VERBS: Record<string, string> = {
  list_tabs: "List the open tabs",
  read_page: "Read",
  get_selection: "Read the selection",
  page_snapshot: "Outline",
  find: "Find",
  click: "Click",
  type: "Type into",
  select_option: "Choose an option in",
  press_key: "Press",
  hover: "Hover over",
  select_text: "Select text in",
  drag: "Drag",
  fill_form: "Fill in a form",
  scroll: "Scroll",
  navigate: "Go to",
  open_tab: "Open",
  wait_for: "Wait for",
  screenshot: "Screenshot",
};

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function firstString(obj: Record<string, unknown>, keys: string[]): string | undefined {
  for (const k of keys) {
    const v = obj[k];
    if (typeof v === "string" && v.trim()) return v.trim();
  }
  return undefined;
}

function clip(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > MAX_TARGET ? `${one.slice(0, MAX_TARGET - 1)}…` : one;
}

/** An address as people read it: the host and path without the scheme, `www.` or a trailing slash. */
export function readableUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") return url;
    const path = `${u.pathname === "/" ? "" : u.pathname}${u.search}`;
    return clip(`${u.host.replace(/^www\./, "")}${path}`);
  } catch {
    return clip(url);
  }
}

/** A site from an address, for "on github.com"; the text itself when it is no address. */
function siteOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "") || url;
  } catch {
    return url;
  }
}

/** The path a file tool works on: its input (every spelling agents use), else its first location or diff. */
function pathOf(source: TitleSource, input: Record<string, unknown>): string | undefined {
  return (
    firstString(input, ["file_path", "filePath", "path", "notebook_path", "target_file", "filename", "file"]) ??
    source.content?.find((c) => c.type === "diff" && c.path)?.path ??
    source.locations?.[0]?.path
  );
}

/** goose's text editor names its sub-command (`view`, `write`, `str_replace`); Claude titles a new file "Write …". */
function fileVerb(kind: ToolKind, raw: string, input: Record<string, unknown>, source: TitleSource): string {
  if (kind !== "edit") return VERBS[kind]!;
  const sub = typeof input.command === "string" ? input.command : "";
  if (sub === "view") return "Read";
  const diff = source.content?.some((c) => c.type === "diff");
  if (!diff && (/^(write|create)$/.test(sub) || /^(write|create)\b/i.test(raw))) return "Write";
  return "Edit";
}

/** A title that is itself a command in backticks (Claude's "`ls -la`") or a quoted argument. */
function unquoted(title: string): string | undefined {
  const m = /^`([^`]+)`$/.exec(title.trim());
  return m?.[1];
}

/** goose's title `<extension>: <tool> · <argument>`: the argument after the dot. */
function gooseArgument(title: string): string | undefined {
  const m = /^[\w-]+: [^·]+ · (.+)$/.exec(title.trim());
  return m?.[1];
}

export function browserToolTitle(detail: BrowserToolDetail, args: Record<string, unknown>): ToolTitle {
  const verb = BROWSER_VERBS[detail.tool] ?? detail.tool.replace(/_/g, " ");
  const site = detail.tab?.site ?? (detail.url ? siteOf(detail.url) : undefined);
  const on = site ? ` on ${site}` : undefined;
  switch (detail.tool) {
    case "navigate":
    case "open_tab":
      return detail.url ? { verb, target: readableUrl(detail.url) } : { verb: verb === "Open" ? "Open a tab" : verb };
    case "read_page":
    case "page_snapshot":
    case "screenshot":
      return { verb, target: detail.tab ? clip(detail.tab.title || detail.tab.site) : "the page", ...(on ? { on } : {}) };
    case "press_key": {
      const key = firstString(args, ["key", "keys"]);
      return { verb, ...(key ? { target: key, code: true } : {}), ...(on ? { on } : {}) };
    }
    case "find":
    case "wait_for": {
      const what = firstString(args, ["text", "name", "query", "role"]);
      return { verb, ...(what ? { target: `"${clip(what)}"` } : {}), ...(on ? { on } : {}) };
    }
    default: {
      const element = detail.element ? elementWords(detail.element) : undefined;
      return { verb, ...(element ? { target: element } : {}), ...(on ? { on } : {}) };
    }
  }
}

/** `button "Submit"` → `"Submit"`: the element's name is what the user sees; a bare ref stays a ref. */
function elementWords(element: string): string {
  const m = /"([^"]+)"/.exec(element);
  return clip(m ? `"${m[1]}"` : element);
}

/** The readable title of a call of `kind` (already inferred: tool-kind.ts). */
export function toolTitle(source: TitleSource, kind: ToolKind, cwd: string | null | undefined, command: string | null): ToolTitle {
  const input = record(source.rawInput);
  const raw = relativeText(source.title || source.toolName || "", cwd).trim();
  switch (kind) {
    case "execute": {
      const cmd = command ?? unquoted(raw) ?? gooseArgument(raw);
      return cmd ? { verb: "Run", target: clip(relativeText(cmd, cwd)), code: true } : { verb: "Run a command" };
    }
    case "read":
    case "edit":
    case "delete":
    case "move": {
      const url = firstString(input, ["url", "uri"]);
      if (kind === "read" && url) return { verb: "Read", target: readableUrl(url) };
      const path = pathOf(source, input);
      const verb = fileVerb(kind, raw, input, source);
      if (path) return { verb, target: clip(relativePath(path, cwd)), code: true };
      return raw ? { verb: clip(raw) } : { verb };
    }
    case "search": {
      const query = firstString(input, ["pattern", "query", "regex", "q", "search", "glob"]) ?? gooseArgument(raw);
      if (query) return { verb: "Search for", target: clip(query), code: true };
      return raw ? { verb: clip(raw) } : { verb: "Search" };
    }
    case "fetch": {
      const url = firstString(input, ["url", "uri"]);
      if (url) return { verb: "Read", target: readableUrl(url) };
      const query = firstString(input, ["query", "q"]);
      if (query) return { verb: "Search the web for", target: `"${clip(query)}"` };
      return raw ? { verb: clip(raw) } : { verb: "Fetch" };
    }
    case "think":
      return { verb: raw && !/^think/i.test(raw) ? clip(raw) : "Think" };
    default:
      return { verb: clip(readableName(raw) || "Tool call") };
  }
}

/**
 * Another tool's own name made readable: goose's `developer: todo write · …` → "developer: todo write ·
 * …" stays, a bare identifier (`mcp__github__create_issue`, `github_create_issue`) gets spaces.
 */
function readableName(raw: string): string {
  const m = /^mcp__([^_]+(?:_[^_]+)*?)__(.+)$/.exec(raw);
  if (m) return `${m[2]!.replace(/_/g, " ")} (${m[1]})`;
  const codex = /^Tool: ([^/]+)\/(.+)$/.exec(raw);
  if (codex) return `${codex[2]!.replace(/_/g, " ")} (${codex[1]})`;
  return /^[A-Za-z0-9_]+$/.test(raw) ? raw.replace(/_/g, " ") : raw;
}

/** Verbs of our own making; any other title is the agent's name for a tool. */
const OWN_VERBS = new Set<string>([
  ...Object.values(VERBS),
  ...Object.values(BROWSER_VERBS),
  "Write",
  "Run a command",
  "Search",
  "Search the web for",
  "Fetch",
  "Open a tab",
]);

/** The title as what the agent asks to do, after "Allow goose to …": "run npm test", "use todo write". */
export function actionPhrase(t: ToolTitle): string {
  const text = titleText(t);
  return OWN_VERBS.has(t.verb) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : `use ${text}`;
}

/** The title as one line of text (an accessible name, a tooltip, the export). */
export function titleText(t: ToolTitle): string {
  return `${t.verb}${t.target ? ` ${t.target}` : ""}${t.on ?? ""}`;
}
