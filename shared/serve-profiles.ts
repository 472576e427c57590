/**
 * goose serve profiles added and removed from the options page, through the host, which writes them
 * into its config as `goose-browser connect` does (docs/goose-serve.md). The token travels once, in
 * the save command; nothing the host sends back holds it.
 */

/** Announced in the hello's capabilities by a host that serves the two commands below. */
export const SERVE_PROFILES_CAPABILITY = "serve_profiles";

/** A profile's name in host.json: what `goose-browser add` and `connect` accept. */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** goose serve's own default address (127.0.0.1:3284), at its ACP endpoint. */
export const DEFAULT_SERVE_URL = "ws://127.0.0.1:3284/acp";

/** Add the profile, or update the one of that name: its URL and token (GOOSE_SERVER__SECRET_KEY). */
interface SaveServeProfileCommand {
  type: "save_serve_profile";
  name: string;
  url: string;
  token: string;
}

/** Remove the goose serve profile of that name (never a profile that runs a command). */
interface RemoveServeProfileCommand {
  type: "remove_serve_profile";
  name: string;
}

export type ServeProfileCommand = SaveServeProfileCommand | RemoveServeProfileCommand;

/** The host's answer to either command: what changed in host.json, or why nothing did. */
export type ServeProfileResult = {
  type: "serve_profile_result";
  name: string;
  command: ServeProfileCommand["type"];
} & ({ outcome: "added" | "updated" | "unchanged" | "removed" } | { error: string });

/** The oldest goose whose `goose serve` this was checked with (docs/goose-serve.md): the host's and the direct path's check. */
export const GOOSE_SERVE_MIN_VERSION = "1.50.0";

/**
 * The command that starts goose serve with this token on the port the URL names, in the shell of
 * `platform` (a Node platform name: PowerShell on win32). `allowedOrigin`: a browser page's origin
 * goose must let open its WebSocket (the extension's own, on the direct path); it replaces goose's
 * loopback defaults (docs/goose-serve.md).
 */
export function gooseServeCommand(token: string, url: string, platform: string, allowedOrigin?: string): string {
  const port = /^(?:ws|http)s?:\/\/(?:\[[^\]]*\]|[^/:?#]*):(\d+)/i.exec(url)?.[1] ?? "3284";
  const serve = `goose serve --port ${port}${allowedOrigin ? ` --allowed-origin ${allowedOrigin}` : ""}`;
  return platform === "win32" ? `$env:GOOSE_SERVER__SECRET_KEY="${token}"; ${serve}` : `GOOSE_SERVER__SECRET_KEY=${token} ${serve}`;
}

/** A fresh token: 32 random bytes as hex, as `goose-browser connect` makes one. */
export function freshToken(random: (bytes: Uint8Array) => Uint8Array): string {
  return Array.from(random(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
}
