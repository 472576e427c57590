/**
 * Drives the built native host (dist/native-host, started through its launcher; the standalone
 * executable instead when GOOSE_BROWSER_TEST_EXE names one, helpers/exe-host.ts) over real pipes
 * (test/helpers/pipes.ts), the way a browser does: framed stdin, framed stdout. Every byte of stdout must decode as a frame;
 * chunked agent messages are reassembled as the extension would.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { expect } from "vitest";
import { FramePool } from "../../native-host/wire/frame-pool";
import { FrameDecoder, frameJson } from "../../native-host/wire/frames";
import { ChunkReassembler } from "../../shared/chunks";
import { chromeOrigin, DEV_EXTENSION_ID } from "../../shared/extension-ids";
import {
  type AgentStatus,
  CHROME_MAX_HOST_MESSAGE_BYTES,
  HOST_PROTOCOL_VERSION,
  type HostEvent,
  isHostEnvelope,
  type JsonRpcMessage,
} from "../../shared/host-protocol";
import { exeLauncher, TEST_EXE } from "./exe-host";
import { spawnChain } from "./pipes";

const ROOT = path.resolve(import.meta.dirname, "../..");
const HOST_LAUNCHER = path.join(ROOT, "dist/native-host/goose-browser-host");
export const FAKE_GOOSE = path.join(ROOT, "dist/fixtures/bin/goose");

/**
 * `frame`: the ordinal of the native message it came in; `batch`: the length of the array it was
 * part of (several agent lines the host read together), absent when it came alone; `firstFrame`:
 * for a chunked message, the frame of its first piece (`frame` is the last one's).
 */
export type Received =
  | { kind: "rpc"; message: JsonRpcMessage; chunked: boolean; frame: number; batch?: number; firstFrame?: number }
  | { kind: "host"; event: HostEvent; frame: number };

export interface HostOptions {
  /** Profile overrides; default: goose = the scripted agent. */
  profiles?: Record<string, unknown>;
  defaultProfile?: string;
  agentEnv?: Record<string, string>;
  origin?: string;
  rawConfig?: string;
  /** More host config fields (e.g. `toolCallTimeoutMs`). */
  config?: Record<string, unknown>;
  env?: Record<string, string>;
  cwd?: string;
  /** Another launcher to start instead of the checkout's: an installed one, or another build's (e.g. another protocol's). */
  launcher?: string;
  /** An installed host: it reads the config the installer wrote (where `env` says), not this harness's. */
  installedConfig?: boolean;
  /** Starts the host another way than its launcher on pipes (Windows' way, under Wine: test/helpers/wine.ts); gets the caller's origin. */
  transport?: (origin: string) => HostTransport;
}

/** A host started some other way: the process to wait for, and the two streams that stand for its stdin and stdout. */
export interface HostTransport {
  child: ChildProcess;
  input: Writable;
  output: Readable;
}

export class HostUnderTest {
  readonly dir: string;
  readonly child: ChildProcess;
  /** The host's stdin and stdout: pipes, as a browser gives it. */
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly received: Received[] = [];
  /** Anything on stdout that was not a well-formed frame. */
  readonly stdoutErrors: string[] = [];
  /** The exact text of every frame under 64 KiB the host wrote, in order (ids as written, not as parsed). */
  readonly rawFrames: string[] = [];
  /** The payload size of every frame the host wrote, in order. */
  readonly frameSizes: number[] = [];
  stderr = "";
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly agentLog: string;
  readonly pidFile: string;
  private nextId = 1000;
  // Chrome kills the port on a frame over 1 MiB: treat one as a stdout error.
  private readonly decoder = new FrameDecoder(new FramePool(), CHROME_MAX_HOST_MESSAGE_BYTES);
  private readonly chunks = new ChunkReassembler();
  private listeners: Array<() => void> = [];
  /** The frame of the first piece of the chunked message being received. */
  private chunkStart = 0;

  constructor(o: HostOptions = {}) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-host-"));
    this.agentLog = path.join(this.dir, "agent-received.ndjson");
    this.pidFile = path.join(this.dir, "agent.pid.json");
    const configFile = path.join(this.dir, "host.json");
    const agentEnv = {
      SCRIPTED_AGENT_STATE_DIR: path.join(this.dir, "agent-state"),
      SCRIPTED_AGENT_LOG: this.agentLog,
      SCRIPTED_AGENT_PID_FILE: this.pidFile,
      ...o.agentEnv,
    };
    const config = {
      defaultProfile: o.defaultProfile ?? "goose",
      profiles: o.profiles
        ? withStateDir(o.profiles, agentEnv.SCRIPTED_AGENT_STATE_DIR)
        : { goose: { command: FAKE_GOOSE, args: ["acp"], env: agentEnv } },
      cwd: o.cwd ?? this.dir,
      logFile: path.join(this.dir, "host.log"),
      ...o.config,
    };
    fs.writeFileSync(configFile, o.rawConfig ?? JSON.stringify(config, null, 2));
    // Like a browser started from a desktop: a minimal environment, no PATH to node.
    const launcher = o.launcher ?? (TEST_EXE ? exeLauncher(TEST_EXE) : HOST_LAUNCHER);
    const origin = o.origin ?? chromeOrigin(DEV_EXTENSION_ID);
    const started = o.transport?.(origin) ?? this.onPipes(launcher, origin, o, configFile);
    this.child = started.child;
    this.stdin = started.input;
    this.stdout = started.output;
    this.stdout.on("data", (chunk: Buffer) => this.onStdout(chunk));
    this.child.stderr?.on("data", (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.stdin.on("error", () => {});
    this.exit = new Promise((resolve) => this.child.once("exit", (code, signal) => resolve({ code, signal })));
  }

  private onPipes(launcher: string, origin: string, o: HostOptions, configFile: string): HostTransport {
    const chain = spawnChain(
      [
        {
          command: launcher,
          args: [origin],
          cwd: path.dirname(launcher),
          env: o.installedConfig
            ? { PATH: "/usr/bin:/bin", ...o.env }
            : { HOME: this.dir, PATH: "/usr/bin:/bin", GOOSE_BROWSER_HOST_CONFIG: configFile, ...o.env },
        },
      ],
      "pipe",
    );
    return { child: chain.children[0]!, input: chain.input, output: chain.output };
  }

  get hostLog(): string {
    try {
      return fs.readFileSync(path.join(this.dir, "host.log"), "utf8");
    } catch {
      return "";
    }
  }

  send(value: unknown): void {
    this.stdin.write(frameJson(value));
  }

  sendRaw(bytes: Buffer): void {
    this.stdin.write(bytes);
  }

  start(profile?: string): void {
    this.send({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION, ...(profile ? { profile } : {}) } });
  }

  /** Sends a JSON-RPC request and resolves with its response (result or error). */
  async request(method: string, params: unknown, timeoutMs = 15_000): Promise<JsonRpcMessage> {
    const id = this.nextId++;
    this.send({ jsonrpc: "2.0", id, method, params });
    const r = await this.waitFor(
      (m) => m.kind === "rpc" && m.message.id === id && m.message.method === undefined,
      timeoutMs,
      `response to ${method}`,
    );
    return (r as { message: JsonRpcMessage }).message;
  }

  async startAgent(): Promise<AgentStatus> {
    await this.waitForHost("hello");
    this.start();
    return this.waitForStatus("running");
  }

  async initialize(): Promise<JsonRpcMessage> {
    return this.request("initialize", {
      protocolVersion: 1,
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    });
  }

  waitForHost<T extends HostEvent["type"]>(type: T, timeoutMs = 15_000): Promise<Extract<HostEvent, { type: T }>> {
    return this.waitFor((m) => m.kind === "host" && m.event.type === type, timeoutMs, `host ${type}`).then(
      (m) => (m as unknown as { event: Extract<HostEvent, { type: T }> }).event,
    );
  }

  async waitForStatus<S extends AgentStatus["state"]>(state: S, timeoutMs = 15_000): Promise<Extract<AgentStatus, { state: S }>> {
    const m = await this.waitFor(
      (x) => x.kind === "host" && x.event.type === "status" && x.event.status.state === state,
      timeoutMs,
      `status ${state}`,
    );
    return (m as unknown as { event: { status: Extract<AgentStatus, { state: S }> } }).event.status;
  }

  statuses(): string[] {
    return this.received.flatMap((m) => (m.kind === "host" && m.event.type === "status" ? [m.event.status.state] : []));
  }

  rpc(): JsonRpcMessage[] {
    return this.received.flatMap((m) => (m.kind === "rpc" ? [m.message] : []));
  }

  /** Resolves with the first received message (already received or future) matching `pred`. */
  waitFor(pred: (m: Received) => boolean, timeoutMs = 15_000, what = "message"): Promise<Received> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.received.find(pred);
        if (!hit) return false;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
        resolve(hit);
        return true;
      };
      const listener = () => void check();
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== listener);
        reject(new Error(`timed out waiting for ${what}; received ${this.summary()}\nstderr:\n${this.stderr.slice(-2000)}`));
      }, timeoutMs);
      if (!check()) this.listeners.push(listener);
    });
  }

  agentReceived(): JsonRpcMessage[] {
    try {
      return fs
        .readFileSync(this.agentLog, "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as JsonRpcMessage);
    } catch {
      return [];
    }
  }

  agentPids(): { pid: number; childPid?: number } {
    return JSON.parse(fs.readFileSync(this.pidFile, "utf8")) as { pid: number; childPid?: number };
  }

  summary(): string {
    return this.received
      .slice(-15)
      .map((m) =>
        m.kind === "host"
          ? `host:${m.event.type}${m.event.type === "status" ? `:${m.event.status.state}` : ""}`
          : `rpc:${m.message.method ?? `#${m.message.id}`}`,
      )
      .join(", ");
  }

  async close(): Promise<void> {
    this.stdin.end();
    await this.exit;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill("SIGKILL");
  }

  private onStdout(chunk: Buffer): void {
    for (const e of this.decoder.push(chunk)) {
      if (e.kind === "error") {
        this.stdoutErrors.push(e.message);
        continue;
      }
      if (e.raw.length < 64 * 1024) this.rawFrames.push(e.raw.toString("utf8"));
      const frame = this.frameSizes.push(e.raw.length) - 1;
      const v = e.value;
      const isRpc = (x: unknown) => typeof x === "object" && x !== null && (x as { jsonrpc?: unknown }).jsonrpc === "2.0";
      if (isHostEnvelope(v)) {
        const event = v.host as HostEvent;
        if (event.type === "chunk") {
          if (event.index === 0) this.chunkStart = frame;
          const r = this.chunks.accept(event);
          if (r.dropped) this.stdoutErrors.push(r.dropped);
          if (r.complete !== undefined) {
            const message = JSON.parse(r.complete) as JsonRpcMessage;
            this.push({ kind: "rpc", message, chunked: true, frame, firstFrame: this.chunkStart });
          }
          continue;
        }
        this.push({ kind: "host", event, frame });
      } else if (isRpc(v)) {
        this.push({ kind: "rpc", message: v as JsonRpcMessage, chunked: false, frame });
      } else if (Array.isArray(v) && v.length > 1 && v.every(isRpc)) {
        for (const m of v) this.push({ kind: "rpc", message: m as JsonRpcMessage, chunked: false, frame, batch: v.length });
      } else {
        this.stdoutErrors.push(`unexpected frame ${JSON.stringify(v).slice(0, 200)}`);
      }
    }
  }

  private push(m: Received): void {
    this.received.push(m);
    for (const l of [...this.listeners]) l();
  }
}

/** True while the process exists and is not a zombie (a container's pid 1 may never reap it). */
/** A test's own profiles keep a scripted agent's sessions in the test's folder too (a profile's own env wins). */
function withStateDir(profiles: Record<string, unknown>, stateDir: string): Record<string, unknown> {
  const entries = Object.entries(profiles).map(([name, profile]) => {
    const p = profile as { env?: Record<string, string>; url?: string };
    // A goose serve profile runs no command, so it has no environment.
    if (p.url !== undefined) return [name, profile];
    return [name, { ...p, env: { SCRIPTED_AGENT_STATE_DIR: stateDir, ...p.env } }];
  });
  return Object.fromEntries(entries);
}

/** After a test: `secret` (a goose serve token) is in none of what the host wrote: its log, stderr, frames. */
export function expectNowhere(host: HostUnderTest | undefined, secret: string): void {
  if (!host) return;
  expect(host.hostLog).not.toContain(secret);
  expect(host.stderr).not.toContain(secret);
  expect(host.rawFrames.join("\n")).not.toContain(secret);
}

/** After a test: the host wrote nothing but valid frames to stdout; then it is killed and awaited. */
export async function stopChecked(host: HostUnderTest | undefined, what = "stdout carried only valid frames"): Promise<void> {
  if (!host) return;
  expect(host.stdoutErrors, what).toEqual([]);
  host.kill();
  await host.exit;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

export async function waitUntil(cond: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
