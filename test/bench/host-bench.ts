/**
 * Host benchmarks (run by `npm run bench`, never as timed tests):
 *  1. round-trip throughput of 1 MiB messages through the host (browser → host → agent → host →
 *     browser, chunked on the way back) against the same bytes through a plain `cat` pipe;
 *  2. latency the host adds per small message (p50/p99), against talking to the agent directly;
 *  3. time per MiB for a 1 MiB and a 20 MiB line (the ratio shows whether the host is linear).
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launcherScript } from "../../install-scripts/launcher";
import { FrameDecoder, frameJson } from "../../native-host/frames";
import { ChunkReassembler } from "../../shared/chunks";
import { chromeOrigin, DEV_EXTENSION_ID } from "../../shared/extension-ids";
import { HOST_PROTOCOL_VERSION, type HostEvent, isHostEnvelope } from "../../shared/host-protocol";

const ROOT = path.resolve(import.meta.dirname, "../..");
const HOST = path.join(ROOT, "dist/native-host/goose-browser-host");
const ECHO = path.join(ROOT, "test/bench/echo-agent.mjs");
const MiB = 1024 * 1024;

/** A framed connection to the built host, delivering reassembled agent lines as raw byte lengths. */
class HostLink {
  readonly child: ChildProcessWithoutNullStreams;
  private decoder = new FrameDecoder(MiB);
  // Node's own base64 decoder, as the browser uses its native one: the figures are the host's.
  private chunks = new ChunkReassembler(undefined, (b64) => Buffer.from(b64, "base64"));
  private waiters: Array<(bytes: number) => void> = [];
  private statusWaiters: Array<(s: string) => void> = [];

  constructor(dir: string) {
    const launcher = path.join(dir, "echo-agent");
    fs.writeFileSync(launcher, launcherScript(process.platform, process.execPath, ECHO), { mode: 0o755 });
    const config = path.join(dir, "host.json");
    fs.writeFileSync(
      config,
      JSON.stringify({
        defaultProfile: "echo",
        profiles: { echo: { command: launcher, args: [], versionArgs: [] } },
        cwd: dir,
        logFile: path.join(dir, "host.log"),
      }),
    );
    this.child = spawn(HOST, [chromeOrigin(DEV_EXTENSION_ID)], {
      env: { ...process.env, GOOSE_BROWSER_HOST_CONFIG: config },
      stdio: "pipe",
    });
    this.child.stdout.on("data", (c: Buffer) => this.onData(c));
  }

  async start(): Promise<void> {
    const running = new Promise<void>((resolve) => this.statusWaiters.push((s) => s === "running" && resolve()));
    this.child.stdin.write(frameJson({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION } }));
    await running;
  }

  roundTrip(frame: Buffer): Promise<number> {
    const p = new Promise<number>((resolve) => this.waiters.push(resolve));
    this.child.stdin.write(frame);
    return p;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once("exit", () => resolve());
      this.child.stdin.end();
    });
  }

  private onData(chunk: Buffer): void {
    for (const e of this.decoder.push(chunk)) {
      if (e.kind === "error") throw new Error(`bad frame from host: ${e.message}`);
      if (isHostEnvelope(e.value)) {
        const ev = e.value.host as HostEvent;
        if (ev.type === "status") for (const w of this.statusWaiters) w(ev.status.state);
        if (ev.type === "chunk") {
          const r = this.chunks.accept(ev);
          if (r.complete) this.waiters.shift()?.(r.complete.byteLength);
        }
        continue;
      }
      this.waiters.shift()?.(e.bytes);
    }
  }
}

/** The same agent without the host: ndjson straight over its pipes. */
class DirectLink {
  readonly child: ChildProcessWithoutNullStreams;
  private pending: Buffer[] = [];
  private waiters: Array<(bytes: number) => void> = [];
  constructor(command: string, args: string[]) {
    this.child = spawn(command, args, { stdio: "pipe" });
    this.child.stdout.on("data", (c: Buffer) => {
      let start = 0;
      for (let nl = c.indexOf(10); nl >= 0; nl = c.indexOf(10, start)) {
        this.pending.push(c.subarray(start, nl));
        const size = this.pending.reduce((n, b) => n + b.length, 0);
        this.pending = [];
        this.waiters.shift()?.(size);
        start = nl + 1;
      }
      if (start < c.length) this.pending.push(c.subarray(start));
    });
  }
  roundTrip(line: Buffer): Promise<number> {
    const p = new Promise<number>((resolve) => this.waiters.push(resolve));
    this.child.stdin.write(line);
    return p;
  }
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once("exit", () => resolve());
      this.child.stdin.end();
    });
  }
}

function message(payloadBytes: number, id: number): string {
  const head = `{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"${id}","pad":"`;
  const tail = `"}}`;
  return head + "x".repeat(Math.max(0, payloadBytes - head.length - tail.length)) + tail;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export interface HostBenchResult {
  throughput: { messages: number; hostMiBps: number; catMiBps: number };
  latency: { messages: number; hostP50: number; hostP99: number; directP50: number; directP99: number };
  linearity: { ms1: number; ms20: number; perMiB1: number; perMiB20: number; ratio: number };
}

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

export async function runHostBench(): Promise<HostBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-"));
  const host = new HostLink(dir);
  await host.start();

  // 1. Throughput: 64 × 1 MiB messages, each awaited (as a relay of agent output would be).
  const N = 64;
  const big = Array.from({ length: N }, (_, i) => Buffer.from(message(MiB, i)));
  await host.roundTrip(frameJson(JSON.parse(big[0]!.toString()))); // warm-up
  const frames = big.map((b) => {
    const h = Buffer.alloc(4);
    h.writeUInt32LE(b.length, 0);
    return Buffer.concat([h, b]);
  });
  const hostMs = await timeIt(async () => {
    for (const f of frames) await host.roundTrip(f);
  });
  const cat = new DirectLink("cat", []);
  const lines = big.map((b) => Buffer.concat([b, Buffer.from("\n")]));
  await cat.roundTrip(lines[0]!);
  const catMs = await timeIt(async () => {
    for (const l of lines) await cat.roundTrip(l);
  });
  await cat.close();

  // 2. Latency of small messages (≈ a session/update chunk), sequential round trips.
  const M = 2000;
  const small = Array.from({ length: M }, (_, i) => Buffer.from(message(300, i)));
  const hostLat: number[] = [];
  for (const s of small) {
    const h = Buffer.alloc(4);
    h.writeUInt32LE(s.length, 0);
    const f = Buffer.concat([h, s]);
    hostLat.push(await timeIt(() => host.roundTrip(f)));
  }
  const direct = new DirectLink(process.execPath, [ECHO]);
  const directLat: number[] = [];
  for (const s of small) {
    const l = Buffer.concat([s, Buffer.from("\n")]);
    directLat.push(await timeIt(() => direct.roundTrip(l)));
  }
  await direct.close();

  // 3. Linearity: one 1 MiB and one 20 MiB line, best of 3 each.
  const best = async (size: number) => {
    const f = frameJson(JSON.parse(message(size, 1)));
    let b = Infinity;
    for (let i = 0; i < 3; i++) b = Math.min(b, await timeIt(() => host.roundTrip(f)));
    return b;
  };
  const ms1 = await best(MiB);
  const ms20 = await best(20 * MiB);
  await host.close();

  hostLat.sort((a, b) => a - b);
  directLat.sort((a, b) => a - b);
  return {
    throughput: { messages: N, hostMiBps: N / (hostMs / 1000), catMiBps: N / (catMs / 1000) },
    latency: {
      messages: M,
      hostP50: pct(hostLat, 50),
      hostP99: pct(hostLat, 99),
      directP50: pct(directLat, 50),
      directP99: pct(directLat, 99),
    },
    linearity: { ms1, ms20, perMiB1: ms1, perMiB20: ms20 / 20, ratio: ms20 / 20 / ms1 },
  };
}
