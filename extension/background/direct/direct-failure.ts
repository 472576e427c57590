/**
 * Whether goose serve would take the extension's own WebSocket, asked over HTTP before it is opened,
 * and why it did not (docs/goose-serve.md). Before: a browser logs a failed WebSocket's whole URL in
 * the extension's console (Chromium: "WebSocket connection to 'ws://…/acp?token=…' failed"), and the
 * token must be in that URL, so the WebSocket is opened only once goose took the token over HTTP, in
 * the X-Secret-Key header, which no log shows. Why: a failed browser WebSocket says nothing of why
 * (code 1006 for a 401, a 403 and a closed port alike). `POST /acp` with the token answers 401 for a
 * wrong token; a request the browser blocks (goose sends no CORS header to an origin it does not
 * allow) while `/status` answers is goose's Origin check; nothing answering at all is a server not
 * (yet) there. An extension granted every site's access reads goose's answer without CORS (Chromium:
 * type "basic"), and goose names the origin in `access-control-allow-origin` only when it allows it;
 * a 200 and yet a refused WebSocket is the Origin check too. Pure but for the injected fetch.
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
) => Promise<{ status: number; type?: string; headers?: { get(name: string): string | null } }>;

/** The HTTP address of goose serve's ACP endpoint, and of its token-free `/status`, from the WebSocket URL. */
export function httpUrls(wsUrl: string): { acp: string; status: string } {
  const acp = wsUrl.replace(/^ws/i, "http");
  return { acp, status: acp.replace(/^(https?:\/\/[^/]+).*$/i, "$1/status") };
}

/** Asks goose serve over HTTP why the WebSocket failed, after `beforeOpen` found nothing against it. */
export async function whyNotOpen(url: string, token: string, origin: string, fetch: Fetch): Promise<DirectFailure> {
  return (await beforeOpen(url, token, origin, fetch)) ?? directFailure("origin", url, origin);
}

/** What would keep goose serve from taking the WebSocket, or null when it takes the token (and, CORS allowing, this origin). */
export async function beforeOpen(url: string, token: string, origin: string, fetch: Fetch): Promise<DirectFailure | null> {
  const { acp, status } = httpUrls(url);
  try {
    const initialize = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: 1, clientCapabilities: {} } };
    const answer = await fetch(acp, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "x-secret-key": token },
      body: JSON.stringify(initialize),
    });
    if (answer.status === 401) return directFailure("token", url, origin);
    if (answer.status >= 200 && answer.status < 300) {
      // goose keeps a connection for each initialize over HTTP: let it go, when goose lets us read its id.
      const id = answer.headers?.get("acp-connection-id");
      if (id) void fetch(acp, { method: "DELETE", headers: { "x-secret-key": token, "acp-connection-id": id } }).catch(() => {});
      // Read without CORS (the extension may reach every site): goose names an allowed origin, and only it.
      const allowed = answer.headers?.get("access-control-allow-origin");
      return answer.type === "basic" && allowed !== origin ? directFailure("origin", url, origin) : null;
    }
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
