/**
 * One tool call's round trip, this checkout against another's builds in the same run (the machine's load
 * moves absolute figures more than most changes do): `PAGE_TOOLS_BASE=<other checkout, built with
 * build:host and build:ext:e2e> node --import tsx test/bench/page-tools/round-trip.ts`. Alternates blocks of
 * calls between the two builds, each block in a fresh browser, and prints each tool's p50 per build and
 * their ratio, and the same for ours (the host's own part plus the worker's handler, from each host's log). Without PAGE_TOOLS_BASE it measures this checkout alone. For this checkout it also prints where
 * each call's time went (call-splits.ts: the host's and the worker's parts beside the caller's round trip).
 */
import os from "node:os";
import { startTestSite } from "../../helpers/test-site";
import { quantile, splitSection } from "./call-splits";
import { type CallerBuild, type CallSplit, openMcpCaller } from "./mcp-caller";

const BLOCKS = Number(process.env.PAGE_TOOLS_BLOCKS ?? 3);
const CALLS = Number(process.env.PAGE_TOOLS_CALLS ?? 40);
const TOOLS = ["list_tabs", "page_snapshot", "find", "hover"] as const;

type Samples = Record<(typeof TOOLS)[number], number[]>;

function ref(text: string, pattern: RegExp): string {
  const found = text
    .split("\n")
    .find((l) => pattern.test(l))
    ?.match(/\[(e\d+)\]/)?.[1];
  if (!found) throw new Error(`no element matching ${pattern}`);
  return found;
}

async function block(
  site: Awaited<ReturnType<typeof startTestSite>>,
  into: Samples,
  build?: CallerBuild,
  splits?: CallSplit[],
): Promise<void> {
  const m = await openMcpCaller(build);
  try {
    const page = await m.harness.context.newPage();
    const url = site.url("act-wrappers.html");
    await page.goto(url);
    const tabId = await m.tabIdOf(url);
    const target = ref((await m.call("page_snapshot", { tabId })).text, /tab "Specs"/);
    const granted = await m.allowSite("hover", { tabId, ref: target });
    if (granted.isError) throw new Error(granted.text);
    const args = { list_tabs: {}, page_snapshot: { tabId }, find: { tabId, text: "Specs" }, hover: { tabId, ref: target } };
    // Untimed: the first calls pay for script caches and the JIT.
    for (const tool of TOOLS) for (let i = 0; i < 5; i++) await m.call(tool, args[tool]);
    const timed: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      for (const tool of TOOLS) {
        const r = await m.call(tool, args[tool]);
        if (r.isError) throw new Error(`${tool}: ${r.text}`);
        into[tool].push(r.ms);
        timed.push(r.seq);
      }
    }
    // Another checkout's host may not log its split (older builds): its ours column stays empty.
    if (splits) {
      const all = await m.splits().catch(() => undefined);
      for (const i of all ? timed : []) splits.push(all![i]!);
    }
  } finally {
    await m.close();
  }
}

const p50 = (xs: number[]) => quantile(xs, 0.5);
const oursP50 = (splits: CallSplit[], tool: string) =>
  p50(splits.filter((s) => s.tool === tool).map((s) => s.hostMs - s.browserMs + s.handlerMs));
const empty = (): Samples => ({ list_tabs: [], page_snapshot: [], find: [], hover: [] });

const base = process.env.PAGE_TOOLS_BASE;
const site = await startTestSite();
const here = empty();
const there = empty();
const splits: CallSplit[] = [];
const baseSplits: CallSplit[] = [];
try {
  for (let b = 0; b < BLOCKS; b++) {
    await block(site, here, undefined, splits);
    if (base) await block(site, there, { root: base }, baseSplits);
  }
} finally {
  await site.close();
}
for (const tool of TOOLS) {
  const line = base
    ? `${tool}: round trip this ${p50(here[tool]).toFixed(1)} ms, base ${p50(there[tool]).toFixed(1)} ms, ratio ${(p50(here[tool]) / p50(there[tool])).toFixed(2)}; ` +
      `ours this ${oursP50(splits, tool).toFixed(1)} ms, base ${oursP50(baseSplits, tool).toFixed(1)} ms, ratio ${(oursP50(splits, tool) / oursP50(baseSplits, tool)).toFixed(2)}`
    : `${tool}: ${p50(here[tool]).toFixed(1)} ms`;
  console.log(line);
}
console.log(`\n${splitSection(splits)}`);
console.log(
  `Load average at the end of the run: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")} on ${os.cpus().length} cores.`,
);
