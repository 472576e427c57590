/**
 * What a tool card shows, decided once: paths relative to the session's folder, the command a
 * shell call runs, the raw input without the agent's bookkeeping, and only the locations a diff
 * does not already name. Pure.
 */
import type { ToolKind } from "../../acp/schema";
import type { ToolCallState } from "../../state/sessions/client-state";

/** `path` relative to `cwd` when it lies inside it ("." for the folder itself); otherwise unchanged. */
export function relativePath(path: string, cwd: string | null | undefined): string {
  if (!cwd) return path;
  const base = cwd.replace(/[\\/]+$/, "");
  if (path === base) return ".";
  for (const sep of ["/", "\\"]) if (path.startsWith(base + sep)) return path.slice(base.length + 1);
  return path;
}

/** Every absolute path under `cwd` inside free text (a title, a command) made relative. */
export function relativeText(text: string, cwd: string | null | undefined): string {
  if (!cwd) return text;
  const base = cwd.replace(/[\\/]+$/, "");
  if (!base) return text;
  return text.split(`${base}/`).join("").split(`${base}\\`).join("");
}

/**
 * Fields agents put in a tool's raw input for their own bookkeeping (Codex's call_id, Claude's
 * tool_use_id, timestamps): noise to the user, so the input view leaves them out.
 */
const INTERNAL_KEY =
  /^(call_?id|tool_?call_?id|tool_?use_?id|turn_?id|session_?id|request_?id|timestamp|ts|created_?at|updated_?at|_meta)$/i;

export function visibleInput(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const kept = Object.entries(raw as Record<string, unknown>).filter(([k]) => !INTERNAL_KEY.test(k));
  return Object.fromEntries(kept);
}

/** The command a shell-like call runs, from its raw input (`command` as a string or an argv array). */
export function commandOf(raw: unknown): string | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const value = (raw as Record<string, unknown>).command ?? (raw as Record<string, unknown>).cmd;
  if (typeof value === "string" && value.trim()) return value;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string")) {
    // ["bash", "-lc", "ls -la"]: the script is what the user reads.
    const argv = value as string[];
    const shell = argv.length === 3 && /(^|\/)(ba|z|)sh$/.test(argv[0]!) && /^-l?c$/.test(argv[1]!);
    return shell ? argv[2]! : argv.map((a) => (/[\s"'$]/.test(a) ? JSON.stringify(a) : a)).join(" ");
  }
  return null;
}

export interface ToolView {
  title: string;
  /** The command shown on its own line (shell-like calls) when the title does not already say it. */
  command: string | null;
  /** The raw input to offer (without internal fields), or undefined for none. */
  input: unknown;
  /** Whether the input is shown expanded: only when nothing else (a diff, a command) says what the call does. */
  inputOpen: boolean;
  /** Locations not already named by a diff, relative. */
  locations: string[];
  /** Whether a diff names its file: not when it is the card's only diff and the title names it already. */
  diffCaptionPath: boolean;
}

export function toolView(tool: ToolCallState, cwd: string | null | undefined, waiting: boolean, kind: ToolKind): ToolView {
  const title = relativeText(tool.title || tool.toolName || "Tool call", cwd);
  // Only a shell call's `command` is a command line (goose's text editor calls its sub-commands `command` too).
  const rawCommand = kind === "execute" ? commandOf(tool.rawInput) : null;
  const command = rawCommand ? relativeText(rawCommand, cwd) : null;
  const diffs = tool.content.flatMap((c) => (c.type === "diff" ? [relativePath(c.path, cwd)] : []));
  const input = tool.rawInput === undefined ? undefined : visibleInput(tool.rawInput);
  const empty = input === null || (typeof input === "object" && Object.keys(input as object).length === 0);
  const diffPaths = new Set(tool.content.flatMap((c) => (c.type === "diff" ? [c.path] : [])));
  const locations = [
    ...new Set(tool.locations.filter((l) => !diffPaths.has(l.path)).map((l) => relativePath(l.path, cwd) + (l.line ? `:${l.line}` : ""))),
  ];
  return {
    title,
    command: command && !title.includes(command.trim()) ? command : null,
    input: empty ? undefined : input,
    inputOpen: waiting && diffPaths.size === 0 && command === null,
    locations,
    diffCaptionPath: !(diffs.length === 1 && title.includes(diffs[0]!)),
  };
}
