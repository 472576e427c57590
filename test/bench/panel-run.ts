/**
 * The panel part of `npm run bench`, also run alone (`npm run bench:panel`; switches in
 * panel-bench.ts). Builds what it drives from this checkout: the extension, the same extension with
 * the full re-render baseline, and the scripted agent.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildScriptedAgent } from "../fixtures/scripted-agent/build";
import { writeSection } from "./benchmarks-doc";
import { panelBenchIsFull, panelSection, runPanelBench } from "./panel-bench";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs the panel bench and prints its tables; a full run (every part, the baseline) also goes into BENCHMARKS.md. */
export async function benchPanel(machine: string, date: string): Promise<void> {
  for (const script of ["build:ext", "build:ext:bench"]) {
    const ext = spawnSync("npm", ["run", script], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    if (ext.status !== 0) throw new Error(`\`npm run ${script}\` failed`);
  }
  await buildScriptedAgent();
  const panel = await runPanelBench();
  const text = panelSection(panel, machine, date);
  process.stdout.write(`${text}\n`);
  if (panelBenchIsFull) writeSection("panel-bench", text);
  else process.stdout.write("a partial run (PANEL_BENCH_* switches): BENCHMARKS.md left as it was\n");
}
