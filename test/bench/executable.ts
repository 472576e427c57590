/**
 * `npm run bench:exe`: the two ways to make the standalone host on Linux x64, from the same host bundle.
 * Bun's `--compile` (install-scripts/release/build-exe.ts, what `npm run release:exe` ships) and node's
 * single executable application (this node's binary with the bundle injected by postject, fetched
 * through npm for this bench only), with the npm package's launcher (node + the bundle) as the
 * baseline. For each: build time, file size (and gzipped), and starts as a browser makes them,
 * through a launcher, timed to the host's hello, with the RSS at the hello and 2 s later. Prints the
 * figures for BENCHMARKS.md.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { buildExes } from "../../install-scripts/release/build-exe";
import { buildHost } from "../../native-host/build";
import { launcherScript } from "../../native-host/setup/launcher";
import { startToHello } from "./start-to-hello";

const STARTS = 15;
const POSTJECT = "postject@1.0.0-alpha.6";
// The fuse node's binary carries for an injected application (node's single-executable-applications docs).
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[], d = 0) => `${median(xs).toFixed(d)} (${Math.min(...xs).toFixed(d)}–${Math.max(...xs).toFixed(d)})`;
const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;

function timed<T>(run: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const t = process.hrtime.bigint();
  return Promise.resolve(run()).then((value) => ({ ms: Number(process.hrtime.bigint() - t) / 1e6, value }));
}

function seaBuild(dir: string, bundle: string): string {
  const config = path.join(dir, "sea-config.json");
  const blob = path.join(dir, "sea-prep.blob");
  fs.writeFileSync(config, JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true }));
  execFileSync(process.execPath, ["--experimental-sea-config", config], { stdio: "ignore" });
  const exe = path.join(dir, "goose-browser-host-sea");
  fs.copyFileSync(process.execPath, exe);
  fs.chmodSync(exe, 0o755);
  execFileSync("npx", ["--yes", POSTJECT, exe, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE], { stdio: "ignore" });
  return exe;
}

async function starts(launcher: string, home: string): Promise<{ ms: number[]; rss: number[]; idle: number[] }> {
  const env = { HOME: home, PATH: "/usr/bin:/bin", LANG: "C.UTF-8" };
  const out = { ms: [] as number[], rss: [] as number[], idle: [] as number[] };
  for (let i = 0; i < STARTS; i++) {
    const s = await startToHello(launcher, env, 2000);
    out.ms.push(s.ms);
    out.rss.push(s.rssKiB / 1024);
    out.idle.push((s.laterRssKiB ?? 0) / 1024);
  }
  return out;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-exe-"));
try {
  const home = path.join(work, "home");
  fs.mkdirSync(home);
  const { bundle } = await buildHost({ outDir: path.join(work, "bundle"), packaged: true });
  const bun = await timed(() => buildExes({ targets: ["linux-x64"], out: path.join(work, "bun") }));
  const sea = await timed(() => seaBuild(work, bundle));
  const kinds = {
    "bun --compile": { file: bun.value["linux-x64"]!, build: bun.ms, node: undefined },
    "node SEA": { file: sea.value, build: sea.ms, node: undefined },
    "node + bundle (npm package)": { file: bundle, build: Number.NaN, node: process.execPath },
  };
  const lines = [
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${os.platform()} ${os.release()}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  ];
  for (const [name, k] of Object.entries(kinds)) {
    const launcher = path.join(work, `${name.replace(/\W+/g, "-")}-launcher`);
    fs.writeFileSync(launcher, launcherScript("linux", k.node, k.file), { mode: 0o755 });
    const s = await starts(launcher, home);
    const bytes = fs.readFileSync(k.file);
    lines.push(
      `${name}: ${mib(bytes.length)} (gzip ${mib(zlib.gzipSync(bytes, { level: 6 }).length)})` +
        `${Number.isNaN(k.build) ? "" : `, built in ${(k.build / 1000).toFixed(1)} s`}; ` +
        `start → hello ${range(s.ms, 1)} ms; RSS at hello ${range(s.rss, 1)} MB, 2 s later ${range(s.idle, 1)} MB (${STARTS} starts)`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
