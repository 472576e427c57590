/**
 * A host profile of the goose serve kind: a running `goose serve` the host connects to over a
 * WebSocket instead of a command it starts (docs/goose-serve.md). In host.json:
 *
 *   "desktop": { "url": "ws://127.0.0.1:3284/acp", "token": "…", "cwd": "/workspace" }
 *   "devbox":  { "url": "wss://devbox:3284/acp", "token": "…", "certificate": "/home/me/devbox-goose.pem" }
 *
 * The token is goose's GOOSE_SERVER__SECRET_KEY. It stays in this file and in the host's memory: no
 * error, log line, status or diagnosis repeats it.
 */
import { GOOSE_SERVE_MIN_VERSION } from "../../shared/serve-profiles";
import { parseServeUrl, type ServeUrl } from "../serve/serve-url";

export interface ServeProfile {
  url: ServeUrl;
  token: string;
  /** Where sessions start on the server's machine; default: the host config's `cwd`. */
  cwd?: string;
  /** The server's own TLS certificate (a PEM file), trusted as itself (serve/pinned-certificate.ts). */
  certificate?: string;
  /** undefined: any version (`"minVersion": null`). */
  minVersion?: string;
}

const COMMAND_FIELDS = ["command", "args", "env", "versionArgs"];

/** True when the profile in the file is of this kind (it has a `url`). */
export function isServeProfile(raw: Record<string, unknown>): boolean {
  return raw.url !== undefined;
}

/** Checks and reads one profile; throws "<at>.<field> <what is wrong>", never with the token's value. */
export function parseServeProfile(raw: Record<string, unknown>, at: string, isAbsolute: (file: string) => boolean): ServeProfile {
  const stray = COMMAND_FIELDS.find((f) => raw[f] !== undefined);
  if (stray) throw new Error(`${at} has a url, so it connects to a goose serve and runs no command: remove ${at}.${stray}`);
  if (typeof raw.url !== "string" || raw.url === "") throw new Error(`${at}.url must be a non-empty string`);
  const url = parseServeUrl(raw.url);
  if (!url.ok) throw new Error(`${at}.url ${url.problem}`);
  // An HTTP header value: printable ASCII, no spaces (goose compares it byte for byte).
  if (typeof raw.token !== "string" || !/^[\x21-\x7e]+$/.test(raw.token)) {
    throw new Error(`${at}.token must be the server's GOOSE_SERVER__SECRET_KEY: printable characters, no spaces`);
  }
  if (raw.cwd !== undefined && (typeof raw.cwd !== "string" || !isAbsolute(raw.cwd))) {
    throw new Error(`${at}.cwd must be an absolute path on the server's machine`);
  }
  if (raw.certificate !== undefined && (typeof raw.certificate !== "string" || !isAbsolute(raw.certificate))) {
    throw new Error(`${at}.certificate must be the absolute path of the server's certificate (a PEM file)`);
  }
  if (raw.certificate !== undefined && !raw.url.startsWith("wss:") && !raw.url.startsWith("https:")) {
    throw new Error(`${at}.certificate is for a wss:// URL`);
  }
  if (raw.minVersion !== undefined && raw.minVersion !== null && (typeof raw.minVersion !== "string" || raw.minVersion === "")) {
    throw new Error(`${at}.minVersion must be a version like "1.50.0", or null`);
  }
  const minVersion = raw.minVersion === null ? undefined : ((raw.minVersion as string | undefined) ?? GOOSE_SERVE_MIN_VERSION);
  return {
    url: url.url,
    token: raw.token,
    ...(raw.cwd ? { cwd: raw.cwd as string } : {}),
    ...(raw.certificate ? { certificate: raw.certificate as string } : {}),
    ...(minVersion ? { minVersion } : {}),
  };
}
