/**
 * The rows the panel's Extensions view shows for a session: what goose lists (on), what was turned off
 * here (off), and what failed to start (goose leaves those out of its list, so session/new's
 * `extensionResults` is the only place they show). goose lists only enabled extensions, and keeps some
 * of its own out of the list (e.g. `scheduler`): those are not shown.
 */
import type { ExtensionLoadResult, GooseExtension, ListedExtension, SessionExtensions } from "./goose-features";

/** What goose-browser names its browser-tools server in `mcpServers` (native-host/browser-tools/offering.ts). */
const OUR_SERVER_NAME = "browser";

export interface ExtensionRow {
  key: string;
  label: string;
  description: string;
  on: boolean;
  /** Whether goose started it: from the report of the session's opening, "unknown" without one. */
  loaded: "yes" | "failed" | "unknown";
  error?: string;
  /** Our browser server: on and off with the browser-tools switch. */
  ours: boolean;
  /** Whether the switch works, and why not. */
  canToggle: boolean;
  why?: string;
  entry: ListedExtension | null;
}

const NOT_AGAIN = "goose-browser starts no MCP server a message names: a new session loads it from goose's config again.";

function extensionName(extension: GooseExtension): string {
  return extension.name ?? extension.server?.name ?? "";
}

/** goose's own extensions (builtin, platform) can be added back; an MCP server only by the host or goose's config. */
export function goosesOwn(extension: GooseExtension): boolean {
  return extension.type === "builtin" || extension.type === "platform";
}

export function extensionRows(s: SessionExtensions): ExtensionRow[] {
  const resultOf = (name: string): ExtensionLoadResult | undefined => s.results?.find((r) => r.name === name);
  const row = (entry: ListedExtension, on: boolean): ExtensionRow => {
    const name = extensionName(entry.extension);
    const result = resultOf(name);
    const ours = name === OUR_SERVER_NAME && entry.extension.type === "mcp";
    const canToggle = on || ours || goosesOwn(entry.extension);
    return {
      key: entry.extensionKey,
      label: entry.extension.display_name ?? name,
      description: entry.extension.description ?? (ours ? "goose-browser's browser tools" : ""),
      on,
      loaded: result ? (result.success ? "yes" : "failed") : "unknown",
      ...(result?.error ? { error: result.error } : {}),
      ours,
      canToggle,
      ...(canToggle ? {} : { why: NOT_AGAIN }),
      entry,
    };
  };
  const rows = [...(s.listed ?? []).map((e) => row(e, true)), ...s.off.map((e) => row(e, false))];
  const shown = new Set(rows.map((r) => extensionName(r.entry!.extension)));
  for (const failed of s.results ?? []) {
    if (failed.success || shown.has(failed.name)) continue;
    const ours = failed.name === OUR_SERVER_NAME;
    rows.push({
      key: failed.name,
      label: failed.name,
      description: ours ? "goose-browser's browser tools" : "",
      on: false,
      loaded: "failed",
      ...(failed.error ? { error: failed.error } : {}),
      ours,
      canToggle: ours,
      ...(ours ? {} : { why: NOT_AGAIN }),
      entry: null,
    });
  }
  // Ours first, then what failed (so it is seen), then by name.
  const rank = (r: ExtensionRow) => (r.ours ? 0 : r.loaded === "failed" ? 1 : 2);
  return rows.sort((a, b) => rank(a) - rank(b) || a.label.localeCompare(b.label));
}
