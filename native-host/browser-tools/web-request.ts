/**
 * A POST to the MCP server as the SDK's web-standard transport takes it, and its answer written back:
 * the body read once, handed over parsed, and the JSON answer written in one piece. The SDK's Node adapter
 * does the same for any request, streams included, through a general Request and Response bridge that cost
 * more than the rest of a tool call's time in the host (BENCHMARKS.md, "per-tool round trip").
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { DEFAULT_MAX_REQUEST_BODY_SIZE } from "@modelcontextprotocol/sdk/server/requestBody.js";

/** What the transport's handleRequest takes. */
export interface WebPost {
  request: Request;
  /** The body as JSON; absent when it is not JSON or too large, so the transport reads it and refuses it itself. */
  parsedBody?: unknown;
}

/**
 * The body, up to one byte past the SDK's limit (so the transport still sees that it is too large and says
 * so); nothing is read when the declared length is already over it.
 */
export function readBody(req: IncomingMessage, max = DEFAULT_MAX_REQUEST_BODY_SIZE): Promise<Buffer> {
  if (Number(req.headers["content-length"]) > max) {
    req.resume();
    return Promise.resolve(Buffer.alloc(0));
  }
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on("data", (part: Buffer) => {
      if (size > max) return;
      parts.push(part);
      size += part.length;
    });
    req.once("end", () => resolve(Buffer.concat(parts, size)));
    req.once("error", reject);
  });
}

/**
 * The headers the transport reads on a POST (the Accept and Content-Type checks, the declared length it
 * refuses past its limit, the protocol version, a session id); the rest would only be copied for nothing.
 * Our tools read no header.
 */
const READ_HEADERS = ["accept", "content-type", "content-length", "mcp-protocol-version", "mcp-session-id", "host"] as const;

export function webPost(req: IncomingMessage, body: Buffer, max = DEFAULT_MAX_REQUEST_BODY_SIZE): WebPost {
  const headers = new Headers();
  for (const name of READ_HEADERS) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const url = `http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`;
  const text = body.toString("utf8");
  if (body.length <= max) {
    try {
      return { request: new Request(url, { method: "POST", headers }), parsedBody: JSON.parse(text) };
    } catch {
      // Not JSON: the transport reads the body and refuses it in its own words.
    }
  }
  return { request: new Request(url, { method: "POST", headers, body: text }) };
}

/** The transport's answer, written whole: in JSON response mode every answer to a POST is complete. */
export async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (body) headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}
