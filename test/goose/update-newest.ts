/**
 * Moves the newest goose pin (test/goose/package.json's `goose-newest`) to the newest goose CLI
 * published on npm, and its lock with it: `npm run goose:update-newest`. The oldest pin stays.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DIR = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = "@aaif/goose-binary-linux-x64";
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

type Triple = [number, number, number];
const parse = (v: string): Triple | undefined => {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
};
const compare = (a: Triple, b: Triple) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

const published = JSON.parse(execFileSync(NPM, ["view", PACKAGE, "versions", "--json"], { encoding: "utf8" })) as string[];
// Releases only (no pre-releases), from 1.0 on: the 0.x builds on npm are older than goose's ACP server.
const newest = published
  .map((v) => ({ v, t: parse(v) }))
  .filter((x): x is { v: string; t: Triple } => x.t !== undefined && x.t[0] >= 1)
  .sort((a, b) => compare(a.t, b.t))
  .at(-1)?.v;
if (!newest) throw new Error(`npm lists no 1.x release of ${PACKAGE}`);

const file = path.join(DIR, "package.json");
const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as { optionalDependencies: Record<string, string> };
const pin = `npm:${PACKAGE}@${newest}`;
if (manifest.optionalDependencies["goose-newest"] === pin) {
  console.log(`goose-newest is already ${newest}`);
} else {
  manifest.optionalDependencies["goose-newest"] = pin;
  fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  execFileSync(NPM, ["install", "--package-lock-only", "--no-audit", "--no-fund"], { cwd: DIR, stdio: "inherit" });
  console.log(`goose-newest is now ${newest}; run \`npm ci --prefix test/goose\` and \`npm run test:goose\``);
}
