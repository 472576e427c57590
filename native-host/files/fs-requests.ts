/**
 * The agent's ACP client file-system requests (https://agentclientprotocol.com/protocol/file-system),
 * checked: `fs/read_text_file {sessionId, path, line?, limit?}` and `fs/write_text_file {sessionId,
 * path, content}`. Pure; a request that does not fit gets the reason, which the host answers with.
 */

const FS_READ = "fs/read_text_file";
export const FS_WRITE = "fs/write_text_file";

export type FsRequest =
  | { kind: "read"; sessionId: string; path: string; line?: number; limit?: number }
  | { kind: "write"; sessionId: string; path: string; content: string };

export function isFsMethod(method: unknown): boolean {
  return typeof method === "string" && method.startsWith("fs/");
}

/** The request, or why it cannot be served (a method this client does not serve, or bad params). */
export function fsRequestOf(method: string, params: unknown): FsRequest | { error: string; unknownMethod?: true } {
  if (method !== FS_READ && method !== FS_WRITE)
    return { error: `${clipped(method)} is not a file-system method this client serves`, unknownMethod: true };
  if (typeof params !== "object" || params === null || Array.isArray(params)) return { error: `${method}: params must be an object` };
  const p = params as Record<string, unknown>;
  if (typeof p.sessionId !== "string" || p.sessionId.length === 0) return { error: `${method}: sessionId must be a non-empty string` };
  if (typeof p.path !== "string" || p.path.length === 0) return { error: `${method}: path must be a non-empty string` };
  // A NUL ends the path early in every OS call: what is checked would not be what is opened.
  if (p.path.includes("\0")) return { error: `${method}: path must not contain a NUL character` };
  if (method === FS_WRITE) {
    if (typeof p.content !== "string") return { error: `${method}: content must be a string` };
    return { kind: "write", sessionId: p.sessionId, path: p.path, content: p.content };
  }
  // serde writes an absent Option as null in some agents: null is "not given".
  const line = p.line ?? undefined;
  const limit = p.limit ?? undefined;
  if (line !== undefined && !(Number.isSafeInteger(line) && (line as number) >= 1)) {
    return { error: `${method}: line must be a whole number from 1 (the first line)` };
  }
  if (limit !== undefined && !(Number.isSafeInteger(limit) && (limit as number) >= 0)) {
    return { error: `${method}: limit must be a whole number of lines from 0` };
  }
  return {
    kind: "read",
    sessionId: p.sessionId,
    path: p.path,
    ...(line !== undefined ? { line: line as number } : {}),
    ...(limit !== undefined ? { limit: limit as number } : {}),
  };
}

function clipped(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 79)}…` : text);
}
