/**
 * goose's `_goose/unstable/session/extensions/add` takes any extension goose knows how to run: one of
 * its own (`builtin`, `platform`) or an MCP server, which for `stdio` is a command goose starts. The
 * host never lets a message start a command (as with `mcpServers`, policy.ts), so only goose's own
 * extensions may be added: the panel turns one back on after turning it off. Our browser server comes
 * and goes with the browser-tools switch (browser-tools/offering.ts), not through this method.
 * Shapes: goose's GooseExtension (crates/goose-sdk-types custom_requests.rs), tagged by `type`.
 */
const GOOSE_OWN_EXTENSION_TYPES: ReadonlySet<string> = new Set(["builtin", "platform"]);

/** Why an add is refused, or null when it names one of goose's own extensions. */
export function refusedExtensionAdd(params: unknown): string | null {
  const extension = isRecord(params) ? params.extension : undefined;
  const type = isRecord(extension) ? extension.type : undefined;
  if (typeof type === "string" && GOOSE_OWN_EXTENSION_TYPES.has(type)) return null;
  return "the goose-browser host adds only goose's own built-in and platform extensions to a session; an MCP server is set up in goose's own config";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
