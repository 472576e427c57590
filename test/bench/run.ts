/** `npm run bench`: runs the benchmarks, prints the figures, and writes them into BENCHMARKS.md. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildScriptedAgent } from "../fixtures/scripted-agent/build";
import { runHostBench } from "./host-bench";
import { panelSection, runPanelBench } from "./panel-bench";

const ROOT = path.resolve(import.meta.dirname, "../..");
const f = (n: number, d = 2) => n.toFixed(d);

const host = await runHostBench();
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${os.platform()} ${os.release()}`;
const date = new Date().toISOString().slice(0, 10);
const pass = (ok: boolean) => (ok ? "met" : "**not met**");
const { verbatim, chunked, latency, rss, start } = host;
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" / ");
const section = `## Native host (measured ${date} on ${machine})

Same-run ratios first: the host and its baseline ran in alternating rounds of the same run. Load average
at the end of the run: ${load} (1 / 5 / 15 min) on ${os.cpus().length} cores.

| measure | goal | measured | |
|---|---|---|---|
| round trip, ${verbatim.messages} × 256 KiB messages (verbatim both ways), host + echo agent vs a \`cat \\| cat\` chain | ≥ 40 % of cat | ${f(verbatim.ratio * 100, 0)} % (${f(verbatim.hostMiBps, 1)} vs ${f(verbatim.catMiBps, 1)} MiB/s) | ${pass(verbatim.ratio >= 0.4)} |
| round trip, ${chunked.messages} × 1 MiB messages (chunked on the way back) vs \`cat \\| cat\` | ≥ 20 % of cat | ${f(chunked.ratio * 100, 0)} % (${f(chunked.hostMiBps, 1)} vs ${f(chunked.catMiBps, 1)} MiB/s) | ${pass(chunked.ratio >= 0.2)} |
| added latency per small message (${latency.messages} × 300 B, alternating with the agent alone), p50 | ≤ 0.2 ms | ${f(latency.addedP50, 3)} ms (${f(latency.hostP50, 3)} vs ${f(latency.directP50, 3)} ms) | ${pass(latency.addedP50 <= 0.2)} |
| same, p99 | ≤ 1 ms | ${f(latency.addedP99, 3)} ms (${f(latency.hostP99, 3)} vs ${f(latency.directP99, 3)} ms) | ${pass(latency.addedP99 <= 1)} |
| host peak RSS (VmHWM), idle with the agent running | ≤ 50 MB | ${f(rss.idle, 1)} MB (${f(rss.idleAnon, 1)} MB of it anonymous; a bare \`node\` waiting on stdin: ${f(rss.bareNode, 1)} MB) | ${pass(rss.idle <= 50)} |
| host peak RSS after the 1 MiB round trips | ≤ 60 MB | ${f(rss.traffic1MiB, 1)} MB | ${pass(rss.traffic1MiB <= 60)} |
| host peak RSS after three 20 MiB agent lines | ≤ 80 MB | ${f(rss.line20MiB, 1)} MB | ${pass(rss.line20MiB <= 80)} |
| \`start\` → agent running, version command that reads stdin (median of ${start.runs}) | ≤ 100 ms | ${f(start.medianMs, 0)} ms (max ${f(start.maxMs, 0)} ms; the version command alone: ${f(start.versionAloneMs, 0)} ms) | ${pass(start.medianMs <= 100)} |
| one 20 MiB agent line to the last chunk frame (best of 3) | | ${f(host.line20MiB.ms, 0)} ms, ${f(host.line20MiB.perMiB, 2)} ms/MiB | |
`;

process.stdout.write(`${section}\n`);
writeSection("host-bench", section);

// The panel bench drives the real panel: it needs the extension, the host and the scripted agent
// built from this checkout (`npm run bench` has built the host already). PANEL_BENCH=0 skips it.
if (process.env.PANEL_BENCH !== "0") {
  // The product, and the same extension with the full re-render baseline as its message list.
  for (const args of [["build"], ["build", "--mode", "bench"]]) {
    const ext = spawnSync("npx", ["wxt", ...args], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    if (ext.status !== 0) throw new Error(`\`npx wxt ${args.join(" ")}\` failed`);
  }
  await buildScriptedAgent();
  const panel = await runPanelBench();
  const panelText = panelSection(panel, machine, date);
  process.stdout.write(`${panelText}\n`);
  writeSection("panel-bench", panelText);
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` (appending it the first time). */
function writeSection(name: string, text: string): void {
  const file = path.join(ROOT, "BENCHMARKS.md");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let doc = fs.existsSync(file)
    ? fs.readFileSync(file, "utf8")
    : "# Benchmarks\n\nWritten by `npm run bench`; figures from one run on the machine named in each heading.\n\n";
  const block = `${start}\n${text}${end}`;
  doc = doc.includes(start) ? doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => block) : `${doc}\n${block}\n`;
  fs.writeFileSync(file, doc);
  process.stdout.write(`wrote ${name} into ${path.relative(process.cwd(), file)}\n`);
}
