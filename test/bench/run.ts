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
const section = `## Native host (measured ${date} on ${machine})

| measure | host | baseline | |
|---|---|---|---|
| round trip of ${host.throughput.messages} × 1 MiB messages (chunked on the way back) | ${f(host.throughput.hostMiBps, 1)} MiB/s | \`cat\` pipe: ${f(host.throughput.catMiBps, 1)} MiB/s | ${f(host.throughput.catMiBps / host.throughput.hostMiBps, 1)}× slower than cat |
| small message round trip, p50 (${host.latency.messages} messages) | ${f(host.latency.hostP50, 3)} ms | agent direct: ${f(host.latency.directP50, 3)} ms | host adds ${f(host.latency.hostP50 - host.latency.directP50, 3)} ms |
| small message round trip, p99 | ${f(host.latency.hostP99, 3)} ms | agent direct: ${f(host.latency.directP99, 3)} ms | host adds ${f(host.latency.hostP99 - host.latency.directP99, 3)} ms |
| 1 MiB line, time per MiB (best of 3) | ${f(host.linearity.perMiB1)} ms | | |
| 20 MiB line, time per MiB (best of 3) | ${f(host.linearity.perMiB20)} ms | | ratio ${f(host.linearity.ratio)} (1.0 = linear) |
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
