/**
 * Checks a goose serve before the host opens its WebSocket, and for doctor: `POST /acp` with
 * `initialize` and the token (docs/goose-serve.md). It tells the failures apart (nothing there, the token,
 * not an ACP endpoint, a certificate) and reads goose's version from `agentInfo`, which only an
 * `initialize` says. The connection goose made for it is let go with `DELETE /acp` (goose's
 * `Acp-Connection-Id`). node:http and node:https are loaded when a check first runs, not at the host's start.
 */
import type http from "node:http";
import { compareVersions, formatVersion, parseVersion } from "../../shared/version";
import type { ServeProfile } from "../setup/serve-profile";
import { type PinnedTls, pinnedTls } from "./pinned-certificate";
import { type FailureContext, failureOfError, failureOfStatus, type ServeFailure } from "./serve-failure";

const CHECK_TIMEOUT_MS = 5000;
const MAX_ANSWER_BYTES = 256 * 1024;

export type ServeCheck = { ok: true; name?: string; version?: string } | ({ ok: false } & ServeFailure);

export async function checkServe(profile: ServeProfile, c: FailureContext, timeoutMs = CHECK_TIMEOUT_MS): Promise<ServeCheck> {
  const pin = pinnedTls(profile.certificate);
  if (!pin.ok) {
    return {
      ok: false,
      kind: "tls",
      message: pin.message,
      fix: `Copy the server's certificate there, or fix profiles.${c.profile}.certificate in ${c.configFile}.`,
    };
  }
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: 1, clientCapabilities: {}, clientInfo: { name: "goose-browser-host", version: "check" } },
  });
  const answer = await post(profile, pin.tls, body, timeoutMs);
  if ("error" in answer) return { ok: false, ...failureOfError(answer.error, c) };
  if (answer.connectionId) void release(profile, pin.tls, answer.connectionId);
  if (answer.status < 200 || answer.status >= 300) return { ok: false, ...failureOfStatus(answer.status, c) };
  const info = agentInfoOf(answer.body);
  if (!info) {
    return {
      ok: false,
      kind: "not_acp",
      message: `${c.url} did not answer initialize as an ACP agent`,
      fix: `Check profiles.${c.profile}.url: goose serve answers at the path /acp.`,
    };
  }
  const version = parseVersion(info.version ?? "");
  const required = profile.minVersion ? parseVersion(profile.minVersion) : undefined;
  if (required && version && compareVersions(version, required) < 0) {
    return {
      ok: false,
      kind: "outdated",
      message: `goose ${formatVersion(version)} serves ${c.url}; goose-browser needs ${formatVersion(required)} or newer`,
      fix: "Update the goose on that machine (`goose update`) and start goose serve again.",
      version: formatVersion(version),
      required: formatVersion(required),
    };
  }
  return { ok: true, ...(info.name ? { name: info.name } : {}), ...(version ? { version: formatVersion(version) } : {}) };
}

type Answer = { status: number; body: string; connectionId?: string } | { error: NodeJS.ErrnoException };

async function post(profile: ServeProfile, tls: PinnedTls | undefined, body: string, timeoutMs: number): Promise<Answer> {
  const send = await requestOf(profile.url.http);
  return new Promise((resolve) => {
    const request = send(
      profile.url.http,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "x-secret-key": profile.token,
        },
        timeout: timeoutMs,
        ...tls,
      },
      (res) => {
        const parts: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) parts.push(chunk);
          else res.destroy();
        });
        res.on("close", () => {
          const id = res.headers["acp-connection-id"];
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(parts).toString("utf8"),
            ...(typeof id === "string" ? { connectionId: id } : {}),
          });
        });
      },
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("timed out"), { code: "ETIMEDOUT" })));
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error }));
    request.end(body);
  });
}

async function release(profile: ServeProfile, tls: PinnedTls | undefined, connectionId: string): Promise<void> {
  const send = await requestOf(profile.url.http);
  return new Promise((resolve) => {
    const request = send(profile.url.http, {
      method: "DELETE",
      headers: { "x-secret-key": profile.token, "acp-connection-id": connectionId },
      timeout: CHECK_TIMEOUT_MS,
      ...tls,
    });
    request.on("response", (res) => {
      res.resume();
      resolve();
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve());
    request.end();
  });
}

async function requestOf(url: string): Promise<typeof http.request> {
  return url.startsWith("https:") ? (await import("node:https")).request : (await import("node:http")).request;
}

/** The `agentInfo` of a JSON-RPC answer to initialize (a JSON body, or one server-sent event). */
function agentInfoOf(body: string): { name?: string; version?: string } | undefined {
  const json = body.trimStart().startsWith("{") ? body : /^data: ?(.*)$/m.exec(body)?.[1];
  try {
    const message = JSON.parse(json ?? "") as { jsonrpc?: unknown; result?: { agentInfo?: { name?: unknown; version?: unknown } } };
    if (message.jsonrpc !== "2.0" || typeof message.result !== "object" || message.result === null) return undefined;
    const info = message.result.agentInfo;
    return {
      ...(typeof info?.name === "string" ? { name: info.name } : {}),
      ...(typeof info?.version === "string" ? { version: info.version } : {}),
    };
  } catch {
    return undefined;
  }
}
