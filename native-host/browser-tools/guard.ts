/**
 * Who may talk to the browser-tools MCP server: only the agent the host gave the token to. Pure, so
 * every rule is unit-tested without a socket.
 *
 *  - `Host` must name the loopback address and our port (a DNS-rebinding page reaches 127.0.0.1
 *    under its own host name);
 *  - no `Origin` at all: MCP clients send none, a browser page always does;
 *  - `Authorization: Bearer <token>`, compared in constant time.
 *
 * Refusals carry no body: nothing in them helps a caller guess what was wrong.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** The path the server answers on; anything else is 404 (after the checks above). */
export const MCP_PATH = "/mcp";

/** 256 bits from the OS's CSPRNG, URL-safe so it fits a header without escaping. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export interface RequestHeaders {
  host?: string | undefined;
  origin?: string | undefined;
  authorization?: string | undefined;
}

export type GuardDecision = { ok: true } | { ok: false; status: 401 | 403 | 404; why: string };

export function checkRequest(h: RequestHeaders, url: string | undefined, expected: { port: number; token: string }): GuardDecision {
  const host = (h.host ?? "").toLowerCase();
  if (host !== `127.0.0.1:${expected.port}` && host !== `localhost:${expected.port}`) {
    return { ok: false, status: 403, why: `Host ${JSON.stringify(h.host ?? null)}` };
  }
  if (h.origin !== undefined) return { ok: false, status: 403, why: "an Origin header (a web page)" };
  if (!bearerMatches(h.authorization, expected.token)) {
    return { ok: false, status: 401, why: h.authorization === undefined ? "no token" : "a wrong token" };
  }
  if (url !== MCP_PATH) return { ok: false, status: 404, why: "an unknown path" };
  return { ok: true };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(header ?? "");
  // Hashing first gives equal lengths, so timingSafeEqual never leaks the token's length either.
  const given = createHash("sha256")
    .update(match?.[1] ?? "")
    .digest();
  const wanted = createHash("sha256").update(token).digest();
  return timingSafeEqual(given, wanted) && match !== null;
}
