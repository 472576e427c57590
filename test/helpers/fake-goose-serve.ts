/**
 * A stand-in for `goose serve` that misbehaves on cue, for the faults the real one cannot be made to
 * show: junk frames, a flood, a connection cut in the middle of a frame, a goose too old. It answers
 * `POST /acp initialize` and the WebSocket upgrade the way goose does (docs/goose-serve.md: the token
 * in `X-Secret-Key` or `?token=`, 401 without it; `agentInfo` with its version; `Acp-Connection-Id`). On the socket it
 * answers `initialize` as there, `session/new` with a session, and any other request with `{echo: <method>}`.
 */
import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

export interface FakeServeOptions {
  token: string;
  /** What initialize's agentInfo says; default 1.52.0. */
  version?: string;
  /** What each new connection gets right after the upgrade (ws is the connection). */
  onConnect?(ws: WebSocket, n: number): void;
  /** Bytes to write after a 101 instead of a WebSocket, then cut the connection (what no library would write); undefined: a WebSocket. */
  rawUpgrade?(n: number): Buffer | undefined;
  /** Answers the upgrade with this status instead. */
  upgradeStatus?: number;
  /** A browser origin let in as `--allowed-origin` does: CORS headers for it (preflight and answers), as goose gives them. */
  allowedOrigin?: string;
  /** Serve over TLS with this certificate, on this address (default 127.0.0.1). */
  tls?: { key: string; cert: string };
  host?: string;
}

export interface FakeServe {
  url: string;
  port: number;
  connections: number;
  /** Every text message the server received, in order. */
  received: string[];
  close(): Promise<void>;
}

export async function startFakeServe(o: FakeServeOptions, port = 0): Promise<FakeServe> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  const state = { connections: 0, received: [] as string[] };
  const initialized = () => ({ protocolVersion: 1, agentCapabilities: {}, agentInfo: { name: "goose", version: o.version ?? "1.52.0" } });
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (o.allowedOrigin && req.headers.origin === o.allowedOrigin) {
      res.setHeader("access-control-allow-origin", o.allowedOrigin);
      res.setHeader("access-control-expose-headers", "acp-connection-id");
    }
    if (req.method === "OPTIONS") {
      res.setHeader("access-control-allow-methods", "GET,POST,DELETE,OPTIONS");
      res.setHeader("access-control-allow-headers", "content-type,accept,x-secret-key,acp-connection-id");
      return void res.writeHead(200).end();
    }
    if (req.method === "GET" && (req.url === "/status" || req.url === "/health")) return void res.writeHead(200).end("ok");
    if (tokenOf(req) !== o.token) return void res.writeHead(401).end();
    if (req.method === "DELETE") return void res.writeHead(202).end();
    const body: Buffer[] = [];
    req.on("data", (c: Buffer) => body.push(c));
    req.on("end", () => {
      const request = JSON.parse(Buffer.concat(body).toString()) as { id: number };
      res.writeHead(200, { "content-type": "application/json", "acp-connection-id": crypto.randomUUID() });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: request.id, result: initialized() }));
    });
  };
  const server = o.tls ? https.createServer(o.tls, handle) : http.createServer(handle);
  server.on("upgrade", (req, socket: Socket, head) => {
    if (tokenOf(req) !== o.token) return void socket.end("HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n");
    if (o.upgradeStatus) return void socket.end(`HTTP/1.1 ${o.upgradeStatus} No\r\ncontent-length: 0\r\n\r\n`);
    const n = ++state.connections;
    const raw = o.rawUpgrade?.(n);
    if (raw) {
      const accept = crypto
        .createHash("sha1")
        .update(`${req.headers["sec-websocket-key"]}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
        .digest("base64");
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\nsec-websocket-accept: ${accept}\r\n\r\n`,
      );
      socket.write(raw, () => socket.destroy());
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on("message", (data, isBinary) => {
        if (isBinary) return;
        const text = data.toString();
        state.received.push(text);
        const m = JSON.parse(text) as { id?: number; method?: string };
        if (m.id === undefined || !m.method) return;
        const result =
          m.method === "initialize" ? initialized() : m.method === "session/new" ? { sessionId: `fake-${n}` } : { echo: m.method };
        ws.send(JSON.stringify({ jsonrpc: "2.0", id: m.id, result }));
      });
      o.onConnect?.(ws, n);
    });
  });
  const host = o.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `${o.tls ? "wss" : "ws"}://${host.includes(":") ? `[${host}]` : host}:${bound}/acp`,
    port: bound,
    get connections() {
      return state.connections;
    },
    received: state.received,
    close: () =>
      new Promise((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The token as goose takes it: the X-Secret-Key header, or `?token=` (a browser's WebSocket can set no header). */
function tokenOf(req: http.IncomingMessage): string | null {
  const header = req.headers["x-secret-key"];
  if (typeof header === "string") return header;
  return new URL(req.url ?? "/", "http://fake").searchParams.get("token");
}
