/**
 * Host benchmarks (run by `npm run bench`, never as timed tests). Every figure is taken against a
 * baseline in the same run, rounds interleaved so that load from elsewhere hits both alike:
 *  1. round trips of 256 KiB messages (verbatim both ways) and 1 MiB messages (chunked on the way
 *     back) through host + echo agent, against the same bytes through a `cat | cat` chain (two
 *     processes, as host + agent are), in many short rounds, the ratio taken per round and its
 *     median reported with its spread (two warm-up rounds discarded);
 *  2. latency the host adds per small message: host and direct-to-agent round trips take turns;
 *  1 and 2 also time the floor in the same rounds: a bare Node relay (bare-relay.mjs) that puts the
 *     same frames on the wire with no checks, so the figures say how close any Node host could come;
 *  3. the host's peak RSS (VmHWM) idle, after 1 MiB traffic, and after one 20 MiB agent line; idle
 *     also split into its anonymous part (RssAnon: the host's heap and buffers) and against a bare
 *     `node` in the same run, because most of it is node's own binary mapped from the page cache
 *     (file-backed pages, which count more on an idle machine where that cache is warm);
 *  4. `start` → agent running when the version command waits for input.
 * The timed client only reads frame headers and a few bytes of each frame: decoding and
 * reassembly would be the extension's cost, not the host's. Whatever it talks to (the host, a second
 * build, `cat | cat`, the agent alone, the bare relay) runs on pipes, as browsers start hosts (test/helpers/pipes.ts); the host
 * starts its agent itself, on the socket pairs node gives children, as it does in use.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { NODE_FLAGS, shQuote } from "../../native-host/setup/launcher";
import { frameJson } from "../../native-host/wire/frames";
import { chromeOrigin, DEV_EXTENSION_ID } from "../../shared/extension-ids";
import { HOST_PROTOCOL_VERSION } from "../../shared/host-protocol";
import { assertPipes, type Command, spawnChain } from "../helpers/pipes";

const ROOT = path.resolve(import.meta.dirname, "../..");
// BENCH_HOST: another build's launcher, to compare two builds in one sitting.
const HOST = process.env.BENCH_HOST ?? path.join(ROOT, "dist/native-host/goose-browser-host");
// BENCH_HOST_B (with HOST_BENCH_PART=throughput): a second build's launcher, run in alternating rounds
// with the first in place of `cat | cat`, so both builds meet the same load (builds compared across
// runs differed by less than one run differs from the next: BENCHMARKS.md).
const HOST_B = process.env.BENCH_HOST_B;
// BENCH_HOST_PROTOCOL: the host protocol that other build speaks, when older than this checkout's.
const PROTOCOL = Number(process.env.BENCH_HOST_PROTOCOL ?? HOST_PROTOCOL_VERSION);
const ECHO = path.join(ROOT, "test/bench/echo-agent.mjs");
const BARE_RELAY = path.join(ROOT, "test/bench/bare-relay.mjs");
const KiB = 1024;
const MiB = 1024 * 1024;
const EMIT = '{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"bench-emit","bytes":';

const STATUS = Buffer.from('{"host":{"type":"status"');
const HELLO = Buffer.from('{"host":{"type":"hello"');
const CHUNK = Buffer.from('{"host":{"type":"chunk"');
const LAST = Buffer.from('"last":true');
const HOST_MESSAGE = Buffer.from('{"host":');
const PREFIX_BYTES = 96;
/** USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every Linux the bench runs on. */
const CLOCK_TICKS = 100;

/**
 * A framed connection on pipes (test/helpers/pipes.ts) to a process that speaks the host's wire format: the
 * built host, or the bare relay (bare-relay.mjs). Counts frames by their 4-byte headers; only status
 * frames are parsed. An agent message is complete on a verbatim frame or a chunk frame marked last.
 */
class FrameLink {
  readonly child: ChildProcess;
  /** The process's stdin and stdout, pipes as a browser's (test/helpers/pipes.ts). */
  protected readonly input: net.Socket;
  private waiters: Array<() => void> = [];
  protected statusWaiters: Array<(state: string) => void> = [];
  private header = Buffer.alloc(4);
  private headerFilled = 0;
  private remaining = -1;
  private keep = 0;
  private kept: Buffer[] = [];
  protected helloSeen: () => void = () => {};

  constructor(command: Command, stderr: "pipe" | "inherit") {
    const chain = spawnChain([command], stderr);
    this.child = chain.children[0]!;
    this.input = chain.input;
    chain.output.on("data", (c: Buffer) => this.onData(c));
  }

  roundTrip(frame: Buffer): Promise<void> {
    const p = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.input.write(frame);
    return p;
  }

  /** CPU time (user + system) the host process has used so far, in ms, and its minor page faults (/proc/<pid>/stat). */
  cpu(): { ms: number; faults: number } {
    const stat = fs.readFileSync(`/proc/${this.child.pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces: minflt is the 8th, utime and stime the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS, faults: Number(fields[7]) };
  }

  /** Peak resident set size so far, in MB (10^6 bytes). */
  peakRssMB(): number {
    return statusMB(this.child.pid, "VmHWM");
  }

  /** Resident anonymous memory now (heap, buffers; not the mapped node binary), in MB. */
  anonRssMB(): number {
    return statusMB(this.child.pid, "RssAnon");
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once("exit", () => resolve());
      this.input.end();
    });
  }

  private onData(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.remaining < 0) {
        const n = Math.min(4 - this.headerFilled, chunk.length - offset);
        chunk.copy(this.header, this.headerFilled, offset, offset + n);
        this.headerFilled += n;
        offset += n;
        if (this.headerFilled < 4) return;
        this.headerFilled = 0;
        this.remaining = this.header.readUInt32LE(0);
        // Small frames (statuses, errors) are kept whole; of large ones only the start.
        this.keep = this.remaining <= 4096 ? this.remaining : PREFIX_BYTES;
        this.kept = [];
        continue;
      }
      const n = Math.min(this.remaining, chunk.length - offset);
      if (this.keep > 0) {
        const k = Math.min(this.keep, n);
        this.kept.push(chunk.subarray(offset, offset + k));
        this.keep -= k;
      }
      this.remaining -= n;
      offset += n;
      if (this.remaining === 0) {
        this.remaining = -1;
        this.frameDone(Buffer.concat(this.kept));
      }
    }
  }

  private frameDone(start: Buffer): void {
    const startsWith = (b: Buffer) => start.subarray(0, b.length).equals(b);
    if (startsWith(STATUS)) {
      const state = (JSON.parse(start.toString()) as { host: { status: { state: string } } }).host.status.state;
      for (const w of this.statusWaiters) w(state);
    } else if (startsWith(CHUNK)) {
      if (start.includes(LAST)) this.waiters.shift()?.();
    } else if (startsWith(HELLO)) {
      this.helloSeen();
    } else if (startsWith(HOST_MESSAGE)) {
      if (start.includes(Buffer.from('"type":"error"'))) throw new Error(`host error: ${start.toString()}`);
    } else {
      this.waiters.shift()?.();
    }
  }
}

/** The built host on pipes, configured with one agent profile; `start` starts the agent. */
export class HostLink extends FrameLink {
  private readonly hello = new Promise<void>((resolve) => (this.helloSeen = resolve));

  constructor(dir: string, profile: Record<string, unknown>, host = HOST) {
    const config = path.join(dir, "host.json");
    fs.writeFileSync(
      config,
      JSON.stringify({ defaultProfile: "echo", profiles: { echo: profile }, cwd: dir, logFile: path.join(dir, "host.log") }),
    );
    super({ command: host, args: [chromeOrigin(DEV_EXTENSION_ID)], env: { ...process.env, GOOSE_BROWSER_HOST_CONFIG: config } }, "pipe");
  }

  /** After the hello, sends `start`; resolves with the ms until the agent is running. */
  async start(): Promise<number> {
    await this.hello;
    // The launcher has exec'd node by now: the host itself is on pipes.
    assertPipes(this.child);
    const running = new Promise<void>((resolve, reject) =>
      this.statusWaiters.push((s) =>
        s === "running" ? resolve() : ["failed", "outdated", "not_found"].includes(s) && reject(new Error(s)),
      ),
    );
    const t0 = performance.now();
    this.input.write(frameJson({ host: { type: "start", protocolVersion: PROTOCOL } }));
    await running;
    return performance.now() - t0;
  }
}

/**
 * The floor (bare-relay.mjs): the thinnest Node relay between the same frames and the same echo agent,
 * with no checks, run with the host's node flags. What any Node host would pay on this machine.
 */
const bareRelay = () => new FrameLink({ command: process.execPath, args: [...NODE_FLAGS, BARE_RELAY, process.execPath, ECHO] }, "inherit");

/** A field of /proc/<pid>/status given in kB, in MB (10^6 bytes). */
function statusMB(pid: number | undefined, field: string): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!m) throw new Error(`no ${field} in /proc/${pid}/status`);
  return (Number(m[1]) * 1024) / 1e6;
}

/** Peak RSS of a bare `node` that only waits, as the host does when idle (its floor). */
async function bareNodePeakMB(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "process.stdin.resume()"], { stdio: ["pipe", "ignore", "ignore"] });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const mb = statusMB(child.pid, "VmHWM");
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.stdin.end();
  });
  return mb;
}

/** ndjson straight over pipes (test/helpers/pipes.ts): the agent alone, or a `cat | cat` chain. Counts newlines only. */
class LineLink {
  private readonly input: net.Socket;
  private readonly last: ChildProcess;
  private waiters: Array<() => void> = [];

  constructor(commands: Array<[string, string[]]>) {
    const chain = spawnChain(
      commands.map(([command, args]) => ({ command, args })),
      "inherit",
    );
    this.input = chain.input;
    this.last = chain.children.at(-1)!;
    chain.output.on("data", (c: Buffer) => {
      for (let nl = c.indexOf(10); nl >= 0; nl = c.indexOf(10, nl + 1)) this.waiters.shift()?.();
    });
  }

  roundTrip(line: Buffer): Promise<void> {
    const p = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.input.write(line);
    return p;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.last.once("exit", () => resolve());
      this.input.end();
    });
  }
}

/** A `session/cancel` notification of exactly `size` bytes whose padding is JSON-escaped source text. */
function message(size: number, id: number, text: string): Buffer {
  const head = `{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"${id}","text":`;
  const tail = "}}";
  // As many characters as fit once escaped, counted directly (a surrogate pair is never split).
  const room = size - head.length - tail.length - 2;
  let used = 0;
  let k = 0;
  while (k < text.length) {
    const pair = isHighSurrogate(text.charCodeAt(k)) && k + 1 < text.length && isLowSurrogate(text.charCodeAt(k + 1));
    const cost = pair ? 2 : JSON.stringify(text[k]).length - 2;
    if (used + cost > room) break;
    used += cost;
    k += pair ? 2 : 1;
  }
  const body = JSON.stringify(text.slice(0, k));
  const pad = " ".repeat(size - head.length - body.length - tail.length);
  const out = Buffer.from(head + body + pad + tail);
  if (out.length !== size) throw new Error(`message of ${out.length} bytes, not ${size}`);
  return out;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

const frameOf = (b: Buffer) => {
  const h = Buffer.alloc(4);
  h.writeUInt32LE(b.length, 0);
  return Buffer.concat([h, b]);
};
const lineOf = (b: Buffer) => Buffer.concat([b, Buffer.from("\n")]);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (xs: number[]) =>
  pct(
    [...xs].sort((a, b) => a - b),
    50,
  );

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** A per-round ratio's median, interquartile range and extremes. */
interface Spread {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
}

function spread(xs: number[]): Spread {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: pct(sorted, 50), p25: pct(sorted, 25), p75: pct(sorted, 75), min: sorted[0]!, max: sorted.at(-1)! };
}

interface ThroughputResult {
  bytes: number;
  /** Messages timed through each path (warm-up rounds excluded). */
  messages: number;
  rounds: number;
  /** Over all timed rounds. */
  hostMiBps: number;
  /** The host's CPU time per message over the timed rounds (at 10 ms resolution over the whole run). */
  hostCpuMs: number;
  /** The host's minor page faults per message over the timed rounds (fresh memory touched: allocation churn). */
  hostFaults: number;
  /** The baseline's: the `cat | cat` chain, or the second build (BENCH_HOST_B). */
  baseMiBps: number;
  /** With a second build as the baseline: its CPU time and page faults per message. */
  baseCpuMs?: number;
  baseFaults?: number;
  /** Host throughput as a share of the baseline's: the median of the per-round ratios. */
  ratio: number;
  /** The interquartile range and the extremes of those per-round ratios. */
  ratioP25: number;
  ratioP75: number;
  ratioMin: number;
  ratioMax: number;
  /** The bare relay (the floor), in the same rounds. */
  floor: {
    MiBps: number;
    /** Its CPU time and page faults per message, as the host's. */
    cpuMs: number;
    faults: number;
    /** Its throughput as a share of the baseline's, per round. */
    ofBase: Spread;
    /** The host's throughput as a share of the relay's, per round. */
    hostShare: Spread;
  };
}

export interface HostBenchResult {
  verbatim: ThroughputResult;
  chunked: ThroughputResult;
  latency: {
    messages: number;
    hostP50: number;
    hostP99: number;
    directP50: number;
    directP99: number;
    addedP50: number;
    addedP99: number;
    /** The bare relay's, in the same rotation. */
    floorP50: number;
    floorP99: number;
    floorAddedP50: number;
    floorAddedP99: number;
  };
  rss: { idle: number; idleAnon: number; bareNode: number; traffic1MiB: number; line20MiB: number };
  line20MiB: { ms: number; perMiB: number };
  start: { runs: number; medianMs: number; maxMs: number; versionAloneMs: number };
}

/** Round `r`'s order of `n` paths: each starts a round in turn, so none always follows the same one. */
const rotation = (r: number, n: number) => Array.from({ length: n }, (_, i) => (r + i) % n);

/**
 * Many short rounds, host, `cat | cat` and the bare relay back to back in each (which goes first
 * rotates), so load from elsewhere falls on all alike; ratios are taken per round and their medians
 * reported with their spread, instead of one ratio of sums that a burst of load on either side
 * moves. The first `warmup` rounds are not counted.
 */
async function throughput(
  host: HostLink,
  base: LineLink | HostLink,
  floor: FrameLink,
  size: number,
  perRound: number,
  rounds: number,
  warmup: number,
  text: string,
): Promise<ThroughputResult> {
  const msgs = Array.from({ length: perRound }, (_, i) => message(size, i, text.slice(i * 4096)));
  const frames = msgs.map(frameOf);
  const lines = msgs.map(lineOf);
  const timed = (link: FrameLink | LineLink) => () =>
    timeIt(async () => {
      if (link instanceof FrameLink) for (const f of frames) await link.roundTrip(f);
      else for (const l of lines) await link.roundTrip(l);
    });
  const paths = [timed(host), timed(base), timed(floor)];
  const total = [0, 0, 0];
  const baseHost = base instanceof HostLink ? base : undefined;
  let cpuStart = [host.cpu(), baseHost?.cpu(), floor.cpu()];
  const ofBase: number[] = [];
  const floorOfBase: number[] = [];
  const hostShare: number[] = [];
  for (let r = 0; r < warmup + rounds; r++) {
    if (r === warmup) cpuStart = [host.cpu(), baseHost?.cpu(), floor.cpu()];
    const ms = [0, 0, 0];
    for (const i of rotation(r, paths.length)) ms[i] = await paths[i]!();
    if (r < warmup) continue;
    for (const i of ms.keys()) total[i]! += ms[i]!;
    const [h, c, f] = ms as [number, number, number];
    ofBase.push(c / h);
    floorOfBase.push(c / f);
    hostShare.push(f / h);
  }
  const cpuEnd = [host.cpu(), baseHost?.cpu(), floor.cpu()];
  const n = perRound * rounds;
  const per = (i: number) => {
    const [start, end] = [cpuStart[i], cpuEnd[i]];
    return start && end ? { cpuMs: (end.ms - start.ms) / n, faults: (end.faults - start.faults) / n } : undefined;
  };
  const [hostCpu, baseCpu, floorCpu] = [per(0)!, per(1), per(2)!];
  const mib = (size * n) / MiB;
  const ratio = spread(ofBase);
  return {
    bytes: size,
    messages: n,
    rounds,
    hostMiBps: mib / (total[0]! / 1000),
    baseMiBps: mib / (total[1]! / 1000),
    hostCpuMs: hostCpu.cpuMs,
    hostFaults: hostCpu.faults,
    ...(baseCpu ? { baseCpuMs: baseCpu.cpuMs, baseFaults: baseCpu.faults } : {}),
    ratio: ratio.median,
    ratioP25: ratio.p25,
    ratioP75: ratio.p75,
    ratioMin: ratio.min,
    ratioMax: ratio.max,
    floor: {
      MiBps: mib / (total[2]! / 1000),
      cpuMs: floorCpu.cpuMs,
      faults: floorCpu.faults,
      ofBase: spread(floorOfBase),
      hostShare: spread(hostShare),
    },
  };
}

/** What every part needs: a temporary folder, the echo agent's profile, the text messages are made of. */
export function benchSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-"));
  const launcher = path.join(dir, "echo-agent");
  // Plain node, not the host's launcher: the host's node flags are the host's, and the direct path
  // the latency part compares against runs the agent without them.
  fs.writeFileSync(launcher, `#!/bin/sh\nexec ${shQuote(process.execPath)} ${shQuote(ECHO)} "$@"\n`, { mode: 0o755 });
  const echoProfile = { command: launcher, args: [], versionArgs: [] };
  const text = fs.readFileSync(path.join(ROOT, "node_modules/typescript/lib/typescript.js"), "utf8");
  const newHost = async (profile: Record<string, unknown> = echoProfile, host = HOST) => {
    const d = fs.mkdtempSync(path.join(dir, "h-"));
    const h = new HostLink(d, profile, host);
    const ms = await h.start();
    return { h, ms };
  };
  const cat = new LineLink([
    ["cat", []],
    ["cat", []],
  ]);
  return { dir, launcher, text, newHost, cat };
}

/**
 * Part 1 alone (HOST_BENCH_PART=throughput): the two throughput measures, each on a fresh host, against
 * `cat | cat` or, with BENCH_HOST_B, against a fresh host of the second build.
 */
export async function runThroughputBench(): Promise<{ verbatim: ThroughputResult; chunked: ThroughputResult }> {
  const { dir, text, newHost, cat } = benchSetup();
  const measure = async (size: number, perRound: number) => {
    const host = (await newHost()).h;
    const base = HOST_B ? (await newHost(undefined, HOST_B)).h : undefined;
    const floor = bareRelay();
    const result = await throughput(host, base ?? cat, floor, size, perRound, 24, 2, text);
    await Promise.all([host.close(), base?.close(), floor.close()]);
    return result;
  };
  const chunked = await measure(MiB, 4);
  const verbatim = await measure(256 * KiB, 8);
  await cat.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { verbatim, chunked };
}

export async function runHostBench(): Promise<HostBenchResult> {
  const { dir, launcher, text, newHost, cat } = benchSetup();

  // 1 and 3: 1 MiB traffic on a fresh host, its peak RSS before and after.
  const a = (await newHost()).h;
  const idle = a.peakRssMB();
  const idleAnon = a.anonRssMB();
  const bareNode = await bareNodePeakMB();
  const floorA = bareRelay();
  const chunked = await throughput(a, cat, floorA, MiB, 4, 24, 2, text);
  const traffic1MiB = a.peakRssMB();
  await Promise.all([a.close(), floorA.close()]);

  // 1 and 2: 256 KiB traffic, then small messages rotating with the agent alone and the bare relay.
  const b = (await newHost()).h;
  const floorB = bareRelay();
  const verbatim = await throughput(b, cat, floorB, 256 * KiB, 8, 24, 2, text);
  await cat.close();
  const direct = new LineLink([[process.execPath, [ECHO]]]);
  const M = 2000;
  const small = Array.from({ length: M }, (_, i) => message(300, i, text.slice(i * 64)));
  const smallFrames = small.map(frameOf);
  const smallLines = small.map(lineOf);
  const hostLat: number[] = [];
  const directLat: number[] = [];
  const floorLat: number[] = [];
  for (let i = 0; i < 50; i++) {
    await b.roundTrip(smallFrames[i]!);
    await direct.roundTrip(smallLines[i]!);
    await floorB.roundTrip(smallFrames[i]!);
  }
  // Which path goes first rotates: a round trip measured right after another path's was seen to
  // be slower by about 0.03 ms at the median (BENCHMARKS.md, host latency).
  for (let i = 0; i < M; i++) {
    const paths = [
      async () => hostLat.push(await timeIt(() => b.roundTrip(smallFrames[i]!))),
      async () => directLat.push(await timeIt(() => direct.roundTrip(smallLines[i]!))),
      async () => floorLat.push(await timeIt(() => floorB.roundTrip(smallFrames[i]!))),
    ];
    for (const p of rotation(i, paths.length)) await paths[p]!();
  }
  await Promise.all([direct.close(), b.close(), floorB.close()]);

  // 3: one 20 MiB line from the agent (nothing large on the way in), on a fresh host; best of 3.
  const c = (await newHost()).h;
  const emit = frameOf(Buffer.from(`${EMIT}${20 * MiB}}}`));
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) best = Math.min(best, await timeIt(() => c.roundTrip(emit)));
  const line20MiB = c.peakRssMB();
  await c.close();

  // 4: start → running when the version command reads stdin to its end before answering (a
  // small sh script, as goose is a native binary), against running that command alone.
  const versioned = path.join(dir, "versioned-agent");
  fs.writeFileSync(
    versioned,
    `#!/bin/sh\nif [ "$1" = "--version" ]; then cat > /dev/null; echo "echo-agent 1.0.0"; exit 0; fi\nexec ${shQuote(launcher)} "$@"\n`,
    { mode: 0o755 },
  );
  const starts: number[] = [];
  const alone: number[] = [];
  for (let i = 0; i < 5; i++) {
    const { h, ms } = await newHost({ command: versioned, args: [], versionArgs: ["--version"], minVersion: "1.0.0" });
    starts.push(ms);
    await h.close();
    alone.push(await timeIt(() => new Promise((resolve) => spawn(versioned, ["--version"], { stdio: "ignore" }).once("close", resolve))));
  }

  for (const lat of [hostLat, directLat, floorLat]) lat.sort((x, y) => x - y);
  const latency = {
    messages: M,
    hostP50: pct(hostLat, 50),
    hostP99: pct(hostLat, 99),
    directP50: pct(directLat, 50),
    directP99: pct(directLat, 99),
    addedP50: pct(hostLat, 50) - pct(directLat, 50),
    addedP99: pct(hostLat, 99) - pct(directLat, 99),
    floorP50: pct(floorLat, 50),
    floorP99: pct(floorLat, 99),
    floorAddedP50: pct(floorLat, 50) - pct(directLat, 50),
    floorAddedP99: pct(floorLat, 99) - pct(directLat, 99),
  };
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    verbatim,
    chunked,
    latency,
    rss: { idle, idleAnon, bareNode, traffic1MiB, line20MiB },
    line20MiB: { ms: best, perMiB: best / 20 },
    start: { runs: starts.length, medianMs: median(starts), maxMs: Math.max(...starts), versionAloneMs: median(alone) },
  };
}
