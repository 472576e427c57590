/**
 * One tool call's round trip, this checkout against another's builds in the same run (the machine's load
 * moves absolute figures more than most changes do): `PAGE_TOOLS_BASE=<other checkout, built with
 * build:host and build:ext:e2e> node --import tsx test/bench/page-tools/round-trip.ts`. Alternates blocks of
 * calls between the two builds, each block in a fresh browser, and prints each tool's p50 per build and
 * their ratio (p50 and p90), and the same for the host's own part plus the worker's handler (from each host's log,
 * which every build writes) and, when both builds say their page script's time, for ours (call-splits.ts). Without
 * PAGE_TOOLS_BASE it measures this checkout alone. For this checkout it also prints where each call's time went
 * (call-splits.ts: ours, the browser's, the page's and the caller's parts beside the round trip).
 */
import os from "node:os";
import { startTestSite } from "../../helpers/test-site";
import { ours, quantile, splitSection } from "./call-splits";
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

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
/** p50 / p90 of a figure, and the ratio of this build's to the base's at each. */
function compare(name: string, here: number[], there: number[]): string {
  const at = (xs: number[], q: number) => quantile(xs, q);
  const fig = (xs: number[]) => `${at(xs, 0.5).toFixed(1)} / ${at(xs, 0.9).toFixed(1)} ms`;
  if (there.length === 0) return `${name} ${fig(here)}`;
  const ratio = (q: number) => (at(here, q) / at(there, q)).toFixed(2);
  return `${name} this ${fig(here)}, base ${fig(there)}, ratio ${ratio(0.5)} / ${ratio(0.9)}`;
}
const ofTool = (splits: CallSplit[], tool: string, of: (s: CallSplit) => number) => splits.filter((s) => s.tool === tool).map(of);
const hostAndHandler = (s: CallSplit) => s.hostMs - s.browserMs + s.handlerMs;
const pageScript = (s: CallSplit) => s.pageMs;
const browserApis = (s: CallSplit) => s.apiMs - s.pageMs - s.pageOwnMs - s.scriptFileMs;
const empty = (): Samples => ({ list_tabs: [], page_snapshot: [], find: [], hover: [] });

const base = process.env.PAGE_TOOLS_BASE;
const site = await startTestSite();
const here = empty();
const there = empty();
const splits: CallSplit[] = [];
const baseSplits: CallSplit[] = [];
const startLoad = load();
try {
  for (let b = 0; b < BLOCKS; b++) {
    await block(site, here, undefined, splits);
    if (base) await block(site, there, { root: base }, baseSplits);
  }
} finally {
  await site.close();
}
console.log(`p50 / p90 per tool${base ? " (this build, the base, their ratio)" : ""}; load average at the start: ${startLoad}.`);
// The base's page script time is known only if its build reports it; else its "ours" would leave it out.
const baseSaysPage = baseSplits.some((s) => s.pageMs > 0);
for (const tool of TOOLS) {
  const parts = [
    compare("round trip", here[tool], there[tool]),
    compare("host's own + handler", ofTool(splits, tool, hostAndHandler), ofTool(baseSplits, tool, hostAndHandler)),
    compare("ours", ofTool(splits, tool, ours), baseSaysPage ? ofTool(baseSplits, tool, ours) : []),
    compare("our page script", ofTool(splits, tool, pageScript), baseSaysPage ? ofTool(baseSplits, tool, pageScript) : []),
    compare("browser APIs and injection", ofTool(splits, tool, browserApis), baseSaysPage ? ofTool(baseSplits, tool, browserApis) : []),
  ];
  console.log(`${tool}: ${parts.join("; ")}`);
}
console.log(`\n${splitSection(splits)}`);
console.log(`Load average at the end of the run: ${load()} on ${os.cpus().length} cores.`);
