/**
 * The `clientCapabilities.fs` the agent is told in `initialize`: what the host serves (FileService),
 * whatever the extension said, since only the host can serve it. Pure: edits the message's bytes.
 */
import type { JsonScan } from "../jsonrpc/json-scan";
import { withParamsMember } from "../jsonrpc/raw-message";

/** `initialize` with `params.clientCapabilities.fs` set to `serve`; undefined when params is not an object. */
export function withFileSystem(raw: Buffer, scan: JsonScan, params: unknown, serve: boolean): Buffer | undefined {
  if (typeof params !== "object" || params === null || Array.isArray(params)) return undefined;
  const given = (params as { clientCapabilities?: unknown }).clientCapabilities;
  const capabilities = typeof given === "object" && given !== null && !Array.isArray(given) ? given : {};
  const fs = { readTextFile: serve, writeTextFile: serve };
  return withParamsMember(raw, scan, "clientCapabilities", JSON.stringify({ ...capabilities, fs }));
}
