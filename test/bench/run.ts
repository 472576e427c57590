/** `npm run bench`: runs the benchmarks, prints the figures, and writes them into BENCHMARKS.md. */
import os from "node:os";
import { writeSection } from "./benchmarks-doc";
import { gooseStartSection, runGooseStartBench } from "./goose-first-text";
import { runHostBench, runThroughputBench } from "./host-bench";
import { runInboundBench } from "./host-inbound";
import { runSnapshotBench, snapshotSection } from "./page-tools/snapshot";
import { benchPageToolsTasks } from "./page-tools/tasks";
import { benchPanel } from "./panel-run";
import { runSearchBench, searchSection } from "./search-bench";
import { librariesSection, runLibraryComparisonApart } from "./search-libraries";
import { runTabSwitchBench, tabSwitchSection } from "./tab-switch";

const f = (n: number, d = 2) => n.toFixed(d);

// HOST_BENCH_PART=inbound: three 20 MiB messages from the browser, printed (with BENCH_HOST_B, two builds alternating).
if (process.env.HOST_BENCH_PART === "inbound") {
  const r = await runInboundBench(Number(process.env.BENCH_ROUNDS ?? 3));
  const runs = (xs: typeof r.a) => xs.map((x) => `${f(x.peak, 1)} MB (idle ${f(x.idle, 1)}, ${f(x.ms, 0)} ms)`).join(", ");
  process.stdout.write(
    `A: ${runs(r.a)}\n${r.b ? `B: ${runs(r.b)}\n` : ""}load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}\n`,
  );
  process.exit(0);
}

// HOST_BENCH_PART=throughput: the host's throughput part alone, printed, BENCHMARKS.md untouched (for profiling and A/B runs).
if (process.env.HOST_BENCH_PART === "throughput") {
  const t = await runThroughputBench();
  for (const [name, r] of Object.entries(t)) {
    // With BENCH_HOST_B the baseline is that build ("B"), with its own CPU time and page faults.
    const base = r.baseCpuMs === undefined ? "cat" : `B ${f(r.baseCpuMs, 3)} ms and ${f(r.baseFaults ?? 0, 0)} page faults per message,`;
    process.stdout.write(
      `${name}: ratio ${f(r.ratio * 100, 1)} % (middle half ${f(r.ratioP25 * 100, 0)}–${f(r.ratioP75 * 100, 0)} %), host ${f(r.hostMiBps, 1)} MiB/s, ` +
        `host CPU ${f(r.hostCpuMs, 3)} ms and ${f(r.hostFaults, 0)} page faults per message, ${base} ${f(r.baseMiBps, 1)} MiB/s; ` +
        `bare relay ${f(r.floor.ofBase.median * 100, 1)} % (middle half ${f(r.floor.ofBase.p25 * 100, 0)}–${f(r.floor.ofBase.p75 * 100, 0)} %), ` +
        `${f(r.floor.MiBps, 1)} MiB/s, CPU ${f(r.floor.cpuMs, 3)} ms and ${f(r.floor.faults, 0)} page faults per message; ` +
        `host ${f(r.floor.hostShare.median * 100, 1)} % of the relay (middle half ${f(r.floor.hostShare.p25 * 100, 0)}–${f(r.floor.hostShare.p75 * 100, 0)} %); ` +
        `load ${os.loadavg()[0]!.toFixed(1)}\n`,
    );
  }
  process.exit(0);
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${os.platform()} ${os.release()}`;
const date = new Date().toISOString().slice(0, 10);

// BENCH_PART=page-tools: the page-tools widget tasks alone (test/bench/page-tools/tasks.ts), written into BENCHMARKS.md.
if (process.env.BENCH_PART === "page-tools") {
  await benchPageToolsTasks(machine, date);
  process.exit(0);
}

/** The real goose's start, each pinned build beside the look-alike (goose-first-text.ts), written into BENCHMARKS.md. */
async function benchGooseStart(): Promise<void> {
  const text = gooseStartSection(await runGooseStartBench(), machine, date);
  process.stdout.write(`${text}\n`);
  writeSection("goose-start", text);
}

// BENCH_PART=goose: the real goose's start alone (`npm run bench:goose` installs the pins first).
if (process.env.BENCH_PART === "goose") {
  await benchGooseStart();
  process.exit(0);
}

/** Full-text search in the panel's context (search-bench.ts), written into BENCHMARKS.md. */
async function benchSearch(): Promise<void> {
  const r = await runSearchBench(Number(process.env.SEARCH_BENCH_SESSIONS ?? 2000));
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  const text = searchSection(r, machine, date, load);
  process.stdout.write(`${text}\n`);
  writeSection("search-bench", text);
}

/** FlexSearch, MiniSearch and Orama on the same corpus in Node (search-libraries.ts), written into BENCHMARKS.md. */
function benchSearchLibraries(): void {
  const sessions = Number(process.env.SEARCH_BENCH_SESSIONS ?? 2000);
  const rows = runLibraryComparisonApart(sessions);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  const text = librariesSection(rows, sessions, machine, date, load);
  process.stdout.write(`${text}\n`);
  writeSection("search-libraries", text);
}

if (process.env.BENCH_PART === "search-libraries") {
  benchSearchLibraries();
  process.exit(0);
}

// BENCH_PART=search: the search part alone (needs the e2e build: `npm run bench:search` makes it).
if (process.env.BENCH_PART === "search") {
  await benchSearch();
  process.exit(0);
}

// BENCH_PART=tab-switch: switching between two long sessions' tabs (test/bench/tab-switch.ts), written into BENCHMARKS.md.
if (process.env.BENCH_PART === "tab-switch") {
  const text = tabSwitchSection(await runTabSwitchBench(), machine, date);
  process.stdout.write(`${text}\n`);
  writeSection("tab-switch", text);
  process.exit(0);
}

const host = await runHostBench();
const inbound = await runInboundBench();
const pass = (ok: boolean) => (ok ? "met" : "**not met**");
const { verbatim, chunked, latency, rss, start } = host;
const pcts = (s: typeof verbatim.floor.ofBase) =>
  `${f(s.median * 100, 0)} % (middle half ${f(s.p25 * 100, 0)}–${f(s.p75 * 100, 0)} %, all ${f(s.min * 100, 0)}–${f(s.max * 100, 0)} %)`;
const floorRow = (t: typeof verbatim, size: string) =>
  `| the floor, ${size}: a bare Node relay (test/bench/bare-relay.mjs, no checks) + echo agent in the same rounds: relay vs \`cat \\| cat\`, host vs relay | | ` +
  `relay ${pcts(t.floor.ofBase)} of cat, ${f(t.floor.MiBps, 1)} MiB/s; host ${pcts(t.floor.hostShare)} of the relay; CPU per message host ${f(t.hostCpuMs, 2)} ms, relay ${f(t.floor.cpuMs, 2)} ms | |`;
const spread = (t: typeof verbatim) =>
  `${f(t.ratio * 100, 0)} % (middle half ${f(t.ratioP25 * 100, 0)}–${f(t.ratioP75 * 100, 0)} %, all ${f(t.ratioMin * 100, 0)}–${f(t.ratioMax * 100, 0)} %; ` +
  `${f(t.hostMiBps, 1)} vs ${f(t.baseMiBps, 1)} MiB/s over all rounds)`;
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const inboundRow = (r: typeof inbound) => {
  const peaks = (xs: typeof r.a) => `${f(median(xs.map((x) => x.peak)), 1)} MB (${xs.map((x) => f(x.peak, 1)).join(" / ")})`;
  const each = f(median(r.a.map((x) => x.ms)) / r.messages, 0);
  // With BENCH_HOST_B: the other build's in alternating rounds of the same run.
  return `${peaks(r.a)}, idle ${f(median(r.a.map((x) => x.idle)), 1)} MB; ${each} ms a message, send to answer${r.b ? `; the other build (BENCH_HOST_B) in the same rounds: ${peaks(r.b)}` : ""}`;
};
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" / ");
const section = `## Native host (measured ${date} on ${machine})

Same-run ratios first: the host, its baseline and the floor (a bare Node relay with no checks) ran back to back
in each round of the same run, which goes first rotating; throughput ratios are taken per round (after two warm-up
rounds) and their medians given with their spread. The goals are judged against \`cat | cat\`. Everything runs on
pipes, as browsers start hosts (test/helpers/pipes.ts). Load average at the end of the run: ${load} (1 / 5 / 15 min) on
${os.cpus().length} cores.

| measure | goal | measured | |
|---|---|---|---|
| round trip, ${verbatim.messages} × 256 KiB messages (verbatim both ways), host + echo agent vs a \`cat \\| cat\` chain, median of ${verbatim.rounds} rounds | ≥ 40 % of cat | ${spread(verbatim)} | ${pass(verbatim.ratio >= 0.4)} |
| round trip, ${chunked.messages} × 1 MiB messages (chunked on the way back) vs \`cat \\| cat\`, median of ${chunked.rounds} rounds | ≥ 20 % of cat | ${spread(chunked)} | ${pass(chunked.ratio >= 0.2)} |
| added latency per small message (${latency.messages} × 300 B, rotating with the agent alone and the floor), p50 | ≤ 0.2 ms | ${f(latency.addedP50, 3)} ms (${f(latency.hostP50, 3)} vs ${f(latency.directP50, 3)} ms) | ${pass(latency.addedP50 <= 0.2)} |
| same, p99 | ≤ 1 ms | ${f(latency.addedP99, 3)} ms (${f(latency.hostP99, 3)} vs ${f(latency.directP99, 3)} ms) | ${pass(latency.addedP99 <= 1)} |
${floorRow(verbatim, "256 KiB")}
${floorRow(chunked, "1 MiB")}
| the floor's added latency per small message (the bare relay, rotating with the host and the agent alone), p50 / p99 | | ${f(latency.floorAddedP50, 3)} / ${f(latency.floorAddedP99, 3)} ms (${f(latency.floorP50, 3)} / ${f(latency.floorP99, 3)} ms) | |
| host peak RSS (VmHWM), idle with the agent running | ≤ 50 MB | ${f(rss.idle, 1)} MB (${f(rss.idleAnon, 1)} MB of it anonymous; a bare \`node\` waiting on stdin: ${f(rss.bareNode, 1)} MB) | ${pass(rss.idle <= 50)} |
| host peak RSS after the 1 MiB round trips | ≤ 60 MB | ${f(rss.traffic1MiB, 1)} MB | ${pass(rss.traffic1MiB <= 60)} |
| host peak RSS after three 20 MiB agent lines | ≤ 80 MB | ${f(rss.line20MiB, 1)} MB | ${pass(rss.line20MiB <= 80)} |
| host peak RSS after three 20 MiB messages from the browser (\`session/prompt\`, answered small), median of ${inbound.a.length} fresh hosts | ≤ 80 MB | ${inboundRow(inbound)} | ${pass(median(inbound.a.map((x) => x.peak)) <= 80)} |
| \`start\` → agent running, version command that reads stdin (median of ${start.runs}) | ≤ 100 ms | ${f(start.medianMs, 0)} ms (max ${f(start.maxMs, 0)} ms; the version command alone: ${f(start.versionAloneMs, 0)} ms) | ${pass(start.medianMs <= 100)} |
| one 20 MiB agent line to the last chunk frame (best of 3) | | ${f(host.line20MiB.ms, 0)} ms, ${f(host.line20MiB.perMiB, 2)} ms/MiB | |
`;

process.stdout.write(`${section}\n`);
writeSection("host-bench", section);

// The panel bench drives the real panel (panel-run.ts; `npm run bench` has built the host already).
// PANEL_BENCH=0 skips it.
if (process.env.PANEL_BENCH !== "0") {
  await benchPanel(machine, date);
  const tabs = tabSwitchSection(await runTabSwitchBench(), machine, date);
  process.stdout.write(`${tabs}\n`);
  writeSection("tab-switch", tabs);
}

// The page tools in the e2e build (built by `npm run bench`): page_snapshot beside Playwright's accessibility
// snapshot, then the widget tasks through the agent's path. PAGE_TOOLS_BENCH=0 skips both.
if (process.env.PAGE_TOOLS_BENCH !== "0") {
  const snapshot = snapshotSection(await runSnapshotBench(), machine, date);
  process.stdout.write(`${snapshot}\n`);
  writeSection("page-tools-snapshot", snapshot);
  await benchPageToolsTasks(machine, date);
}

// The real goose's start; GOOSE_BENCH=0 skips it (it needs test/goose's pins: npm ci --prefix test/goose).
if (process.env.GOOSE_BENCH !== "0") await benchGooseStart();

// Full-text search over 2,000 sessions × 100 messages in the e2e build's panel. SEARCH_BENCH=0 skips it.
if (process.env.SEARCH_BENCH !== "0") {
  await benchSearch();
  benchSearchLibraries();
}
