/**
 * Host memory for big messages from the browser (issue #39): three 20 MiB `session/prompt` requests
 * (a pasted full-page screenshot is this size), each sent once the last one's answer is back, through
 * a fresh host whose echo agent swallows them and answers small (echo-agent.mjs, SINK), so the
 * figure is the inbound path's alone. The peak RSS (VmHWM) after them, and before them (idle).
 * With BENCH_HOST_B, a second build runs in alternating rounds (which goes first rotating), so both
 * meet the same load.
 */
import fs from "node:fs";
import { benchSetup, type HostLink } from "./host-bench";

const MiB = 1024 * 1024;

interface InboundRun {
  idle: number;
  peak: number;
  /** The three messages' total time, send to answer. */
  ms: number;
}

export interface InboundBenchResult {
  rounds: number;
  messages: number;
  bytes: number;
  a: InboundRun[];
  b?: InboundRun[];
}

/** A `session/prompt` request of exactly `size` bytes, its text JSON-escaped source code. */
function promptMessage(size: number, id: string, text: string): Buffer {
  const head = `{"jsonrpc":"2.0","id":"bench-sink-${id}","method":"session/prompt","params":{"sessionId":"bench","prompt":[{"type":"text","text":`;
  const tail = "}]}}";
  const room = size - head.length - tail.length;
  const source = text.repeat(Math.ceil(room / text.length));
  // The longest prefix whose escaped form fits (binary search: escapes make the length uneven).
  let lo = 0;
  let hi = source.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (Buffer.byteLength(JSON.stringify(source.slice(0, mid))) <= room) lo = mid;
    else hi = mid - 1;
  }
  const body = JSON.stringify(source.slice(0, lo));
  const out = Buffer.from(head + body + " ".repeat(room - Buffer.byteLength(body)) + tail);
  if (out.length !== size) throw new Error(`message of ${out.length} bytes, not ${size}`);
  return out;
}

const frameOf = (b: Buffer) => {
  const h = Buffer.alloc(4);
  h.writeUInt32LE(b.length, 0);
  return Buffer.concat([h, b]);
};

async function oneRun(
  newHost: (p?: Record<string, unknown>, host?: string) => Promise<{ h: HostLink }>,
  host: string | undefined,
  frames: Buffer[],
) {
  const h = (await newHost(undefined, host)).h;
  const idle = h.peakRssMB();
  const t0 = performance.now();
  for (const f of frames) await h.roundTrip(f);
  const ms = performance.now() - t0;
  const peak = h.peakRssMB();
  await h.close();
  return { idle, peak, ms };
}

export async function runInboundBench(rounds = 3, hostB = process.env.BENCH_HOST_B): Promise<InboundBenchResult> {
  const { dir, text, newHost, cat } = benchSetup();
  await cat.close();
  const messages = 3;
  const bytes = 20 * MiB;
  const frames = Array.from({ length: messages }, (_, i) => frameOf(promptMessage(bytes, String(i), text)));
  const a: InboundRun[] = [];
  const b: InboundRun[] = [];
  for (let r = 0; r < rounds; r++) {
    const order = hostB && r % 2 === 1 ? ["b", "a"] : ["a", "b"];
    for (const which of order) {
      if (which === "a") a.push(await oneRun(newHost, undefined, frames));
      else if (hostB) b.push(await oneRun(newHost, hostB, frames));
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return { rounds, messages, bytes, a, ...(hostB ? { b } : {}) };
}
