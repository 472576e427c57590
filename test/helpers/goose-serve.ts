/**
 * The real `goose serve` from npm (test/goose's pins), offline with our model server as its provider
 * (test/fixtures/model-server/), on a port of its own with a token of its own; it can be killed and
 * started again on the same port with the same HOME, as a server restarting would be.
 */
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { type ModelServer, startModelServer } from "../fixtures/model-server/server";

export interface GooseServe {
  url: string;
  token: string;
  port: number;
  /** goose's HOME: its sessions. */
  home: string;
  /** With `tls`: the certificate goose made for itself. */
  certificate: string;
  model: ModelServer;
  /** What goose printed. */
  output(): string;
  /** Kills goose (SIGKILL unless told) and waits for it to be gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts goose again on the same port, with the same HOME and token. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface GooseServeOptions {
  /** Extra `goose serve` arguments (`--allowed-origin …`). */
  args?: string[];
  /** `--tls`: goose's own certificate, kept in its HOME (`certificate`). */
  tls?: boolean;
  /** The token and port a command the user was shown names (default: fresh ones). */
  token?: string;
  port?: number;
}

export async function startGooseServe(binary: string, o: GooseServeOptions = {}): Promise<GooseServe> {
  const model = await startModelServer();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "goose-serve-"));
  const token = o.token ?? crypto.randomBytes(24).toString("hex");
  const port = o.port ?? (await freePort());
  let child: ChildProcess | undefined;
  let printed = "";
  const start = async () => {
    const env = { ...process.env, ...model.gooseEnv(), HOME: home, GOOSE_SERVER__SECRET_KEY: token };
    const args = ["serve", "--port", String(port), ...(o.tls ? ["--tls"] : []), ...(o.args ?? [])];
    child = spawn(binary, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout!.on("data", (d: Buffer) => (printed += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (printed += d.toString()));
    await untilHealthy(port, child, o.tls === true);
  };
  const kill = async (signal: NodeJS.Signals = "SIGKILL") => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((resolve) => c.once("exit", resolve));
    c.kill(signal);
    await gone;
  };
  await start();
  return {
    url: `${o.tls ? "wss" : "ws"}://127.0.0.1:${port}/acp`,
    token,
    port,
    home,
    certificate: path.join(home, ".config/goose/tls/server.pem"),
    model,
    output: () => printed,
    kill,
    start,
    close: async () => {
      await kill();
      await model.close();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

async function untilHealthy(port: number, child: ChildProcess, tls: boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`goose serve exited with ${child.exitCode}`);
    try {
      // Over TLS, a port that takes connections is enough: its certificate is the test's business.
      if (tls ? await accepts(port) : (await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("goose serve did not answer /health within 30 s");
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A session with one turn, made by another client of the server (its own WebSocket, the token in the URL). */
export async function sessionElsewhere(s: GooseServe, words: string): Promise<void> {
  const ws = new WebSocket(`${s.url}?token=${s.token}`);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let next = 0;
  const call = (method: string, params: unknown) =>
    new Promise<{ sessionId?: string }>((resolve) => {
      const id = ++next;
      const onMessage = (data: Buffer) => {
        const m = JSON.parse(data.toString()) as { id?: number; method?: string; result?: { sessionId?: string } };
        if (m.id !== id || m.method) return;
        ws.off("message", onMessage);
        resolve(m.result ?? {});
      };
      ws.on("message", onMessage);
      ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    });
  await call("initialize", { protocolVersion: 1, clientCapabilities: {} });
  const { sessionId } = await call("session/new", { cwd: s.home, mcpServers: [] });
  await call("session/prompt", { sessionId, prompt: [{ type: "text", text: words }] });
  ws.close();
}
