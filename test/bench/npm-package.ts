/**
 * `npm run bench:package`: the released npm package as a user gets it. Builds and packs it, then per
 * round, in a fresh prefix and HOME: `npm i -g --offline --prefix` of the tarball, `goose-browser install`
 * (which starts the installed host once), and starts of the installed launcher as a browser starts it,
 * timed to the host's hello, with the host's RSS then (VmRSS of the launcher's process: it execs node).
 * Prints the figures for BENCHMARKS.md.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildPackage } from "../../install-scripts/release/build-package";
import { startToHello } from "./start-to-hello";

const ROUNDS = 5;
const STARTS = 10;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[], d = 0) => `${median(xs).toFixed(d)} (${Math.min(...xs).toFixed(d)}–${Math.max(...xs).toFixed(d)})`;

function timed(run: () => void): number {
  const t = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-package-"));
try {
  const { dir, tarball } = await buildPackage({ out: path.join(work, "release") });
  const sizes = Object.fromEntries(["cli.cjs", "host.cjs"].map((f) => [f, fs.statSync(path.join(dir, "dist", f)).size]));
  const install: number[] = [];
  const setup: number[] = [];
  const start: number[] = [];
  const rss: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const root = path.join(work, `round-${round}`);
    const home = path.join(root, "home");
    fs.mkdirSync(path.join(home, ".config", "chromium"), { recursive: true });
    const prefix = path.join(root, "prefix");
    const npmEnv = { ...process.env, HOME: path.join(root, "npm-home"), npm_config_cache: path.join(root, "npm-cache") };
    install.push(
      timed(() => execFileSync("npm", ["i", "-g", "--offline", "--no-audit", "--no-fund", "--prefix", prefix, tarball], { env: npmEnv })),
    );
    const env = { HOME: home, PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, LANG: "C.UTF-8" };
    setup.push(
      timed(() => {
        const r = spawnSync(path.join(prefix, "bin", "goose-browser"), ["install"], { env, encoding: "utf8" });
        if (r.status !== 0) throw new Error(`install failed: ${r.stdout}${r.stderr}`);
      }),
    );
    const launcher = path.join(home, ".local", "share", "goose-browser", "goose-browser-host");
    for (let i = 0; i < STARTS; i++) {
      const s = await startToHello(launcher, env);
      start.push(s.ms);
      rss.push(s.rssKiB / 1024);
    }
  }
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  process.stdout.write(
    [
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${os.platform()} ${os.release()}; load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
      `tarball ${kib(fs.statSync(tarball).size)}; unpacked dist/cli.cjs ${kib(sizes["cli.cjs"]!)}, dist/host.cjs ${kib(sizes["host.cjs"]!)}`,
      `npm i -g --offline (ms, median (min–max) of ${ROUNDS}): ${range(install)}`,
      `goose-browser install (ms, incl. one host start): ${range(setup)}`,
      `launcher start → hello (ms, ${ROUNDS * STARTS} starts): ${range(start, 1)}`,
      `host RSS at hello (MB): ${range(rss, 1)}`,
      "",
    ].join("\n"),
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
