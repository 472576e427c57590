/**
 * A goose serve profile's URL (docs/goose-serve.md): where the host opens its WebSocket, and the `/acp`
 * HTTP address it checks first. Pure. The token is never part of it: a URL with a query or user info is
 * refused, so the URL can be logged and shown as it is.
 */
import { isIP } from "node:net";

export interface ServeUrl {
  /** `ws:` or `wss:`, the path `/acp` when none was given. */
  ws: string;
  /** The same address over HTTP(S), for `POST /acp`. */
  http: string;
  /** True for 127.0.0.0/8, ::1 and localhost: the only hosts `ws://` may reach. */
  loopback: boolean;
}

export type ServeUrlResult = { ok: true; url: ServeUrl } | { ok: false; problem: string };

const SCHEMES: Record<string, "ws:" | "wss:"> = { "ws:": "ws:", "wss:": "wss:", "http:": "ws:", "https:": "wss:" };

/** Reads a profile's `url`; `problem` says what is wrong in words that never repeat a secret. */
export function parseServeUrl(raw: string): ServeUrlResult {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, problem: "is not a URL (e.g. ws://127.0.0.1:3284/acp)" };
  }
  const scheme = SCHEMES[u.protocol];
  if (!scheme) return { ok: false, problem: `must start with ws:// or wss:// (got ${u.protocol}//)` };
  if (u.username || u.password || u.search || u.hash) {
    return { ok: false, problem: 'must not hold a user, a query or a fragment: put the token in the profile\'s "token"' };
  }
  const loopback = isLoopback(u.hostname);
  // Without TLS the token and every prompt would cross the network readable by anyone on the way.
  if (scheme === "ws:" && !loopback) {
    return {
      ok: false,
      problem: `uses ws:// to ${u.hostname}, which is not this machine: use wss:// (goose serve --tls), or an SSH tunnel to a loopback port`,
    };
  }
  const path = u.pathname === "/" ? "/acp" : u.pathname;
  const hostPort = u.host;
  return {
    ok: true,
    url: {
      ws: `${scheme}//${hostPort}${path}`,
      http: `${scheme === "ws:" ? "http:" : "https:"}//${hostPort}${path}`,
      loopback,
    },
  };
}

/** 127.0.0.0/8, ::1 (any spelling the URL parser leaves: `[::1]`) and `localhost`. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  // The URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
  if (isIP(host) === 6) return host === "::1" || /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(host);
  return false;
}
