/**
 * The direct path's check of which goose serves it, as the host makes its own (docs/goose-serve.md):
 * goose says its version only in `initialize`'s `agentInfo` (`/status` answers just `ok`), and the
 * extension's fetch would need CORS that goose gives only to an allowed origin, so the port asks on
 * the WebSocket itself, with an id of its own, before it reports the agent running; the ACP client
 * then initializes as usual (goose answers each initialize). Pure.
 */
import { GOOSE_SERVE_MIN_VERSION } from "../../../shared/serve-profiles";
import { compareVersions, formatVersion, parseVersion } from "../../../shared/version";

/** The id of the port's own initialize: a string no client of ours uses (they number theirs). */
export const VERSION_CHECK_ID = "goose-browser-direct-version-check";

export const versionCheckRequest = JSON.stringify({
  jsonrpc: "2.0",
  id: VERSION_CHECK_ID,
  method: "initialize",
  params: { protocolVersion: 1, clientCapabilities: {}, clientInfo: { name: "goose-browser", version: "check" } },
});

export type VersionVerdict = { ok: true; version?: string } | { ok: false; version: string; required: string; fix: string };

/** What the answer to the port's initialize says: too old, or fine (an error or no version: fine, as the host takes it). */
export function versionVerdict(answer: { result?: unknown }): VersionVerdict {
  const info = (answer.result as { agentInfo?: { version?: unknown } } | undefined)?.agentInfo;
  const version = typeof info?.version === "string" ? parseVersion(info.version) : undefined;
  if (!version) return { ok: true };
  const shown = formatVersion(version);
  const required = parseVersion(GOOSE_SERVE_MIN_VERSION)!;
  if (compareVersions(version, required) >= 0) return { ok: true, version: shown };
  return {
    ok: false,
    version: shown,
    required: GOOSE_SERVE_MIN_VERSION,
    fix: "Update goose on the machine it runs on (`goose update`), start goose serve again with the same command, then press Restart.",
  };
}
