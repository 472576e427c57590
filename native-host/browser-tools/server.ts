/**
 * The browser-tools MCP server: HTTP on 127.0.0.1, a port the OS picks, one path, a fresh bearer
 * token per host start (guard.ts). It lives as long as the host: listening from start-up, closed in
 * the shutdown path. The token leaves the host only in what the host sends the agent.
 *
 * It listens with node:net and loads node:http on the first connection, handing it each socket
 * (an http.Server serves a socket emitted as its "connection" event:
 * https://nodejs.org/api/http.html#event-connection): a host whose tools stay off never loads
 * node:http, about 0.7 MB of its memory at idle (BENCHMARKS.md). So the http.Server never listens
 * itself: this class tracks the sockets and cuts them on shutdown, and the http.Server's request
 * time-outs, which it checks only on sockets it accepted, do not run (a loopback-only server).
 */
import type http from "node:http";
import net, { type AddressInfo } from "node:net";
import type { ToolOutcome } from "./forwarder";
import { checkRequest, MCP_PATH, newToken } from "./guard";
import { type TimedCall, type ToolTiming, timingLine } from "./timing";

/** What the agent is given: where the server is and the bearer token. */
export interface Endpoint {
  url: string;
  token: string;
}

/** Optional header naming the ACP session a tool call serves (set in goose's extension config). */
export const SESSION_HEADER = "x-goose-browser-session";

type CallToolFor = (
  tool: string,
  args: unknown,
  sessionHeader: string | undefined,
  timed: (timing: ToolTiming) => void,
) => Promise<ToolOutcome>;

export interface ServerOptions {
  callTool: CallToolFor;
  log: { info(msg: string): void; warn(msg: string): void; error(msg: string): void };
}

/** How long shutdown waits for answers already being written before cutting connections. */
const CLOSE_GRACE_MS = 1000;

export class BrowserToolsServer {
  private readonly token = newToken();
  private readonly listener: net.Server;
  /** Made on the first connection. */
  private http: http.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private current: Endpoint | undefined;
  private readonly inFlight = new Set<http.ServerResponse>();
  private handler: Promise<typeof import("./tools-part")> | undefined;
  readonly ready: Promise<Endpoint | undefined>;

  constructor(private readonly o: ServerOptions) {
    // Paused until the http.Server has the socket: nothing it sends is read before then.
    this.listener = net.createServer({ pauseOnConnect: true }, (socket) => this.accept(socket));
    this.ready = new Promise((resolve) => {
      this.listener.once("error", (e) => {
        o.log.error(`browser tools server could not listen: ${e.message}`);
        resolve(undefined);
      });
      this.listener.listen(0, "127.0.0.1", () => {
        const port = (this.listener.address() as AddressInfo).port;
        this.current = { url: `http://127.0.0.1:${port}${MCP_PATH}`, token: this.token };
        o.log.info(`browser tools MCP server listening on http://127.0.0.1:${port}${MCP_PATH}`);
        resolve(this.current);
      });
    });
  }

  /** Undefined until listening (or when listening failed). */
  get endpoint(): Endpoint | undefined {
    return this.current;
  }

  /** Stops accepting; answers being written get a short grace, then every connection is cut. */
  async close(): Promise<void> {
    if (!this.listener.listening) return;
    const closed = new Promise<void>((resolve) => this.listener.close(() => resolve()));
    const drained = Promise.all([...this.inFlight].map((res) => new Promise<void>((r) => res.once("close", () => r()))));
    await Promise.race([drained, new Promise((r) => setTimeout(r, CLOSE_GRACE_MS).unref())]);
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
    // require, not import(): a dynamic import would start Node's ESM loader in this CommonJS bundle.
    this.http ??= (require("node:http") as typeof http).createServer((req, res) => void this.serve(req, res));
    this.http.emit("connection", socket);
    socket.resume();
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const arrived = performance.now();
    const port = (this.listener.address() as AddressInfo | null)?.port ?? -1;
    const decision = checkRequest(req.headers, req.url, { port, token: this.token });
    if (!decision.ok) {
      this.o.log.warn(`browser tools server refused a ${req.method} request (${decision.status}): ${decision.why}`);
      res.writeHead(decision.status, { "content-length": "0", connection: "close" }).end();
      req.resume();
      return;
    }
    this.inFlight.add(res);
    res.once("close", () => this.inFlight.delete(res));
    const header = req.headers[SESSION_HEADER];
    const sessionId = typeof header === "string" && header.length > 0 && header.length <= 200 ? header : undefined;
    // Logged once the answer is written, so the line costs the call nothing.
    const timed: TimedCall[] = [];
    res.once("finish", () => {
      for (const call of timed) this.o.log.info(timingLine({ ...call, hostMs: performance.now() - arrived }));
    });
    try {
      this.handler ??= import("./tools-part");
      const { handleMcpRequest } = await this.handler;
      await handleMcpRequest(req, res, (tool, args) =>
        this.o.callTool(tool, args, sessionId, (timing) => timed.push({ tool, hostMs: 0, ...timing })),
      );
    } catch (e) {
      this.o.log.error(`browser tools request failed: ${(e as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { "content-length": "0" }).end();
      else res.end();
    }
  }
}
