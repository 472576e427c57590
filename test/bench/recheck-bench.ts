/**
 * What one quiet recheck of the setup screen costs (extension/background/host/host-recheck.ts): a
 * connectNative from the real extension's service worker in headless Debian Chromium until the port
 * closes, with no host manifest (not installed) and with a launcher that exits at once (does not start).
 *
 * Needs `npx wxt build && npm run build:host && npm run build:fixtures`.
 * Run: `node --import tsx test/bench/recheck-bench.ts` (prints a Markdown table for BENCHMARKS.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Harness, launchExtension } from "../helpers/chromium/harness";

const ATTEMPTS = Number(process.env.RECHECK_BENCH_ATTEMPTS ?? 50);

/** Milliseconds per connectNative until onDisconnect, `ATTEMPTS` in a row, sorted. */
async function attempts(h: Harness): Promise<number[]> {
  return h.worker.evaluate(async (n) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      await new Promise<void>((resolve) => {
        const port = chrome.runtime.connectNative("dev.goose_browser.host");
        port.onDisconnect.addListener(() => {
          void chrome.runtime.lastError;
          resolve();
        });
      });
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b);
  }, ATTEMPTS);
}

function row(what: string, times: number[]): string {
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  return `| ${what} | ${times.length} | ${at(0.5)} ms | ${at(0.99)} ms |`;
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "goose-recheck-bench-"));
const broken = path.join(scratch, "goose-browser-host");
fs.writeFileSync(broken, "#!/bin/sh\nexit 127\n", { mode: 0o755 });
const rows: string[] = [];
try {
  for (const [what, options] of [
    ["not installed (no manifest)", { manifest: "missing" as const }],
    ["does not start (a launcher that exits at once)", { hostLauncher: broken }],
  ] as const) {
    const h = await launchExtension(options);
    try {
      await attempts(h); // warm-up
      rows.push(row(what, await attempts(h)));
    } finally {
      await h.close();
    }
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
process.stdout.write(`${["| attempt | attempts | p50 | p99 |", "|---|---|---|---|", ...rows].join("\n")}\n`);
