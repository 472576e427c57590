/**
 * Why the extension's own WebSocket to goose serve did not open, told apart by what the browser lets
 * it see (docs/goose-serve.md): a browser WebSocket that fails says nothing of why (code 1006 for a
 * 401, a 403 and a closed port alike), so an HTTP request asks again. `POST /acp` with the token
 * answers 401 for a wrong token; 200 means goose takes the token and refused only the WebSocket, so
 * its Origin check; a request the browser blocks (goose sends no CORS header to an origin it does not
 * allow) while `/status` answers is that Origin check too; nothing answering at all is a server not
 * (yet) there. Pure but for the injected fetch. Nothing here holds the token.
 */
import { gooseServeCommand } from "../../../shared/serve-profiles";

type DirectFailureKind = "unreachable" | "token" | "origin" | "failed";

export interface DirectFailure {
  kind: DirectFailureKind;
  message: string;
  fix: string;
}

type Fetch = (
  url: string,
  init: { method?: string; mode?: "no-cors"; headers?: Record<string, string>; body?: string },
) => Promise<{ status: number }>;

/** The HTTP address of goose serve's ACP endpoint, and of its token-free `/status`, from the WebSocket URL. */
export function httpUrls(wsUrl: string): { acp: string; status: string } {
  const acp = wsUrl.replace(/^ws/i, "http");
  return { acp, status: acp.replace(/^(https?:\/\/[^/]+).*$/i, "$1/status") };
}

/** Asks goose serve over HTTP why the WebSocket failed. */
export async function whyNotOpen(url: string, token: string, origin: string, fetch: Fetch): Promise<DirectFailure> {
  const { acp, status } = httpUrls(url);
  try {
    const initialize = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: 1, clientCapabilities: {} } };
    const answer = await fetch(acp, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "x-secret-key": token },
      body: JSON.stringify(initialize),
    });
    if (answer.status === 401) return directFailure("token", url, origin);
    if (answer.status >= 200 && answer.status < 300) return directFailure("origin", url, origin);
    return { ...directFailure("failed", url, origin), message: `the goose serve at ${url} answered ${answer.status}` };
  } catch {
    // Blocked by the browser, or nothing there: a request that needs no CORS answer tells them apart.
  }
  try {
    await fetch(status, { mode: "no-cors" });
    return directFailure("origin", url, origin);
  } catch {
    return directFailure("unreachable", url, origin);
  }
}

/** The words for each kind, with the exact fix: for the Origin, the flag with this extension's own origin. */
function directFailure(kind: DirectFailureKind, url: string, origin: string): DirectFailure {
  switch (kind) {
    case "unreachable":
      return {
        kind,
        message: `nothing answers at ${url}`,
        fix: "Start goose serve there (the setup command); the panel connects by itself once it answers.",
      };
    case "token":
      return {
        kind,
        message: `the goose serve at ${url} refused the token (401)`,
        fix: "Forget this goose serve in goose's Options (goose serve), then connect again from the setup screen with the GOOSE_SERVER__SECRET_KEY it was started with.",
      };
    case "origin":
      return {
        kind,
        message: `the goose serve at ${url} refused this extension's origin (403)`,
        fix: `goose serve lets a browser page connect only from an origin it was told to allow. Start it again with \`--allowed-origin ${origin}\` and the same token: \`${gooseServeCommand("<your token>", url, "linux", origin)}\`, then press Restart.`,
      };
    case "failed":
      return {
        kind,
        message: `the goose serve at ${url} did not take the connection`,
        fix: "Its own output may say why; press Restart to try again.",
      };
  }
}
