/**
 * The real goose's start as a user meets it, through the built host on pipes: the browser starts the
 * host, the host spawns goose, then initialize, session/new and a first prompt, each timed from the
 * host's spawn to its answer (the prompt to its first agent text). Each goose build under test
 * (test/goose's pins) and the scripted look-alike run in turn in every round, so their figures are
 * same-run; the model server answers at once, so what is left is goose's own cost and ours.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FramePool } from "../../native-host/wire/frame-pool";
import { FrameDecoder, frameJson } from "../../native-host/wire/frames";
import { chromeOrigin, DEV_EXTENSION_ID } from "../../shared/extension-ids";
import { HOST_PROTOCOL_VERSION } from "../../shared/host-protocol";
import { startModelServer } from "../fixtures/model-server/server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LAUNCHER = path.join(ROOT, "dist/native-host/goose-browser-host");
const SCRIPTED = path.join(ROOT, "dist/fixtures/bin/goose");
const PINS = ["goose-oldest", "goose-newest"].map((p) => path.join(ROOT, "test/goose/node_modules", p, "bin/goose"));
const ROUNDS = 7;

interface Marks {
  hello: number;
  initialize: number;
  sessionNew: number;
  firstText: number;
  /** The prompt's send to its first agent text. */
  promptToText: number;
}

export interface GooseStartResult {
  agent: string;
  median: Marks;
  min: Marks;
  max: Marks;
}

type Rpc = { id?: number; method?: string; result?: unknown; error?: unknown; params?: { update?: { sessionUpdate?: string } } };

/** One start of the host with `command` as goose, to the first text of the first answer. */
async function oneStart(command: string, env: Record<string, string>, work: string): Promise<Marks> {
  const config = path.join(work, "host.json");
  fs.writeFileSync(config, JSON.stringify({ defaultProfile: "goose", profiles: { goose: { command, args: ["acp"], env } }, cwd: work }));
  const t0 = process.hrtime.bigint();
  const now = () => Number(process.hrtime.bigint() - t0) / 1e6;
  const child: ChildProcess = spawn(LAUNCHER, [chromeOrigin(DEV_EXTENSION_ID)], {
    env: { HOME: work, PATH: "/usr/bin:/bin", GOOSE_BROWSER_HOST_CONFIG: config },
    stdio: ["pipe", "pipe", "ignore"],
  });
  const decoder = new FrameDecoder(new FramePool(), 64 * 1024 * 1024);
  const seen: { at: number; value: unknown }[] = [];
  let wake = () => {};
  child.stdout!.on("data", (chunk: Buffer) => {
    for (const e of decoder.push(chunk)) {
      if (e.kind !== "message") continue;
      const at = now();
      const values = Array.isArray(e.value) ? e.value : [e.value];
      for (const value of values) seen.push({ at, value });
      e.release();
    }
    wake();
  });
  const until = async (pred: (v: unknown) => boolean, what: string): Promise<{ at: number; value: unknown }> => {
    const end = Date.now() + 60_000;
    for (;;) {
      const hit = seen.find((s) => pred(s.value));
      if (hit) return hit;
      if (Date.now() > end) throw new Error(`${command}: no ${what} within 60 s`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 200);
      });
    }
  };
  const send = (v: unknown) => child.stdin!.write(frameJson(v));
  const answer = (id: number) => (v: unknown) => (v as Rpc).id === id && (v as Rpc).method === undefined;
  try {
    const hello = (await until((v) => (v as { host?: { type?: string } }).host?.type === "hello", "hello")).at;
    send({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION } });
    const running = (v: unknown) => (v as { host?: { type?: string; status?: { state?: string } } }).host?.status?.state === "running";
    await until(running, "agent running");
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: 1, clientCapabilities: {}, clientInfo: { name: "bench", version: "0" } },
    });
    const initialized = await until(answer(1), "initialize answer");
    if (!(initialized.value as Rpc).result) throw new Error(`${command}: initialize failed: ${JSON.stringify(initialized.value)}`);
    const initialize = initialized.at;
    send({ jsonrpc: "2.0", id: 2, method: "session/new", params: { cwd: work, mcpServers: [] } });
    const created = await until(answer(2), "session/new answer");
    const sessionId = ((created.value as Rpc).result as { sessionId?: string } | undefined)?.sessionId;
    if (!sessionId) throw new Error(`${command}: session/new failed: ${JSON.stringify(created.value)}`);
    const sent = now();
    send({ jsonrpc: "2.0", id: 3, method: "session/prompt", params: { sessionId, prompt: [{ type: "text", text: "hello" }] } });
    const text = await until((v) => (v as Rpc).params?.update?.sessionUpdate === "agent_message_chunk", "first agent text");
    await until(answer(3), "prompt answer");
    return { hello, initialize, sessionNew: created.at, firstText: text.at, promptToText: text.at - sent };
  } finally {
    child.stdin!.end();
    await new Promise((r) => child.once("exit", r));
  }
}

const KEYS = ["hello", "initialize", "sessionNew", "firstText", "promptToText"] as const;
function stat(runs: Marks[], pick: (xs: number[]) => number): Marks {
  return Object.fromEntries(KEYS.map((k) => [k, pick(runs.map((r) => r[k]).sort((a, b) => a - b))])) as unknown as Marks;
}

export async function runGooseStartBench(): Promise<GooseStartResult[]> {
  for (const file of [LAUNCHER, SCRIPTED, ...PINS]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run bench:goose\` (it builds and installs what it needs)`);
  }
  const model = await startModelServer();
  const agents = [
    ...PINS.map((p) => ({
      label: `goose ${fs.readFileSync(path.join(path.dirname(p), "../package.json"), "utf8").match(/"version":\s*"([^"]+)"/)![1]}`,
      command: p,
    })),
    { label: "scripted look-alike", command: SCRIPTED },
  ];
  const runs = new Map(agents.map((a) => [a.label, [] as Marks[]]));
  try {
    for (let round = 0; round < ROUNDS + 1; round++) {
      // Rotated, so no agent always runs first; round 0 warms the page cache and is dropped.
      for (let i = 0; i < agents.length; i++) {
        const agent = agents[(round + i) % agents.length]!;
        const work = fs.mkdtempSync(path.join(os.tmpdir(), "goose-start-"));
        try {
          const env = {
            ...model.gooseEnv(),
            HOME: work,
            XDG_CONFIG_HOME: path.join(work, "config"),
            XDG_DATA_HOME: path.join(work, "data"),
            SCRIPTED_AGENT_STATE_DIR: work,
          };
          const marks = await oneStart(agent.command, env, work);
          if (round > 0) runs.get(agent.label)!.push(marks);
        } finally {
          fs.rmSync(work, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await model.close();
  }
  const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
  return agents.map((a) => {
    const r = runs.get(a.label)!;
    return { agent: a.label, median: stat(r, median), min: stat(r, (xs) => xs[0]!), max: stat(r, (xs) => xs.at(-1)!) };
  });
}

export function gooseStartSection(results: GooseStartResult[], machine: string, date: string): string {
  const f = (n: number) => n.toFixed(0);
  const cell = (r: GooseStartResult, k: keyof Marks) => `${f(r.median[k])} (${f(r.min[k])}–${f(r.max[k])})`;
  const rows = results.map(
    (r) =>
      `| ${r.agent} | ${cell(r, "hello")} | ${cell(r, "initialize")} | ${cell(r, "sessionNew")} | ${cell(r, "firstText")} | ${cell(r, "promptToText")} |`,
  );
  return `## The real goose's start (measured ${date} on ${machine})

\`npm run bench:goose\`: the built host on pipes spawns the agent, then initialize, session/new (no MCP servers)
and a first prompt, each timed in ms from the host's spawn to its answer, as a browser's first panel meets them;
the model server answers at once. ${ROUNDS} rounds (after one dropped) rotate the agents, so each column is
same-run: median (min–max). Load average at the end: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.

| agent | host hello | initialize | session/new | first text | prompt → first text |
|---|---|---|---|---|---|
${rows.join("\n")}
`;
}
