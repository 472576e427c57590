/** `npm run bench`: runs the benchmarks, prints the figures, and writes them into BENCHMARKS.md. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runHostBench } from "./host-bench";

const ROOT = path.resolve(import.meta.dirname, "../..");
const f = (n: number, d = 2) => n.toFixed(d);

const host = await runHostBench();
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${os.platform()} ${os.release()}`;
const section = `## Native host (measured ${new Date().toISOString().slice(0, 10)} on ${machine})

| measure | host | baseline | |
|---|---|---|---|
| round trip of ${host.throughput.messages} × 1 MiB messages (chunked on the way back) | ${f(host.throughput.hostMiBps, 1)} MiB/s | \`cat\` pipe: ${f(host.throughput.catMiBps, 1)} MiB/s | ${f(host.throughput.catMiBps / host.throughput.hostMiBps, 1)}× slower than cat |
| small message round trip, p50 (${host.latency.messages} messages) | ${f(host.latency.hostP50, 3)} ms | agent direct: ${f(host.latency.directP50, 3)} ms | host adds ${f(host.latency.hostP50 - host.latency.directP50, 3)} ms |
| small message round trip, p99 | ${f(host.latency.hostP99, 3)} ms | agent direct: ${f(host.latency.directP99, 3)} ms | host adds ${f(host.latency.hostP99 - host.latency.directP99, 3)} ms |
| 1 MiB line, time per MiB (best of 3) | ${f(host.linearity.perMiB1)} ms | | |
| 20 MiB line, time per MiB (best of 3) | ${f(host.linearity.perMiB20)} ms | | ratio ${f(host.linearity.ratio)} (1.0 = linear) |
`;

process.stdout.write(`${section}\n`);

const file = path.join(ROOT, "BENCHMARKS.md");
const start = "<!-- host-bench:start -->";
const end = "<!-- host-bench:end -->";
let doc = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n\nWritten by `npm run bench`; figures from one run on the machine named in each heading.\n\n";
const block = `${start}\n${section}${end}`;
doc = doc.includes(start) ? doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block) : `${doc}${block}\n`;
fs.writeFileSync(file, doc);
process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
