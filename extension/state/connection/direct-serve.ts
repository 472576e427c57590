/**
 * The goose serve the extension connects to itself when there is no host (background/direct/): what is
 * kept of it, the command the setup screen prints for it, and whether its form is complete. Pure.
 */
import { DEFAULT_SERVE_URL, freshToken, gooseServeCommand } from "../../../shared/serve-profiles";

/** Its WebSocket address, its token (GOOSE_SERVER__SECRET_KEY, sent in the URL) and the folder on its machine where sessions start. */
export interface DirectServe {
  url: string;
  token: string;
  cwd: string;
}

export const DIRECT_DEFAULT_URL = DEFAULT_SERVE_URL;

/** A fresh token, from the browser's random source. */
export function directToken(random: (bytes: Uint8Array) => Uint8Array): string {
  return freshToken(random);
}

/** The exact command that starts goose serve for this extension: the token, the URL's port, and this extension's origin allowed. */
export function directServeCommand(d: Pick<DirectServe, "url" | "token">, origin: string, userAgent: string): string {
  return gooseServeCommand(d.token, d.url.trim(), userAgent.includes("Windows") ? "win32" : "linux", origin);
}

/** True when the form holds a WebSocket address, a token goose can take, and an absolute folder. */
export function directServeComplete(d: DirectServe): boolean {
  return /^wss?:\/\/\S+$/i.test(d.url.trim()) && /^[\x21-\x7e]+$/.test(d.token) && /^(\/|[A-Za-z]:[\\/])/.test(d.cwd.trim());
}
