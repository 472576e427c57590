/**
 * Bun's runtime for a target platform, which `bun build --compile` copies into the executable. Bun
 * would download it itself; here it comes through npm like every other tool: the version and sha512
 * that package-lock.json pins for the `bun` package's platform dependency, from node_modules when npm
 * installed it (this machine's platform), otherwise `npm pack` of exactly that version (npm's cache,
 * so an offline CI with a warm cache works), checked against the pinned integrity, and unpacked into
 * node_modules/.cache/goose-browser/bun/.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readTarGz } from "../archive/tar-reader";
import type { ExeTargetInfo } from "./exe-targets";

interface LockEntry {
  version: string;
  integrity: string;
}

/** The pinned version and integrity of `pkg` in package-lock.json. */
function lockedPackage(root: string, pkg: string): LockEntry {
  const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, Partial<LockEntry>>;
  };
  const entry = lock.packages[`node_modules/${pkg}`];
  if (!entry?.version || !entry.integrity) throw new Error(`${pkg} is not pinned in package-lock.json (run npm install)`);
  return { version: entry.version, integrity: entry.integrity };
}

/** The path of the target's `bun` binary, fetched through npm if it is not here yet. */
export function bunRuntime(root: string, t: ExeTargetInfo): string {
  const pinned = lockedPackage(root, t.runtimePackage);
  const installed = path.join(root, "node_modules", t.runtimePackage);
  // bun's own install script may have moved this platform's binary out of its package.
  const here = path.join(installed, t.runtimeBinary);
  if (installedVersion(installed) === pinned.version && fs.existsSync(here)) return here;
  const cached = path.join(
    root,
    "node_modules",
    ".cache",
    "goose-browser",
    "bun",
    `${t.runtimePackage.replace("/", "+")}-${pinned.version}`,
  );
  const binary = path.join(cached, path.basename(t.runtimeBinary));
  if (fs.existsSync(binary)) return binary;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "goose-browser-bun-"));
  try {
    const packed = JSON.parse(
      execFileSync("npm", ["pack", `${t.runtimePackage}@${pinned.version}`, "--json", "--prefer-offline", "--pack-destination", tmp], {
        cwd: tmp,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      }),
    ) as Array<{ filename: string }>;
    const tarball = fs.readFileSync(path.join(tmp, packed[0]!.filename));
    const [algo, want] = pinned.integrity.split("-", 2) as [string, string];
    const got = crypto.createHash(algo).update(tarball).digest("base64");
    if (got !== want) throw new Error(`${t.runtimePackage}@${pinned.version}: ${algo} ${got} is not the ${want} package-lock.json pins`);
    const entry = readTarGz(tarball).find((e) => e.kind === "file" && e.path === `package/${t.runtimeBinary}`);
    if (entry?.kind !== "file") throw new Error(`${t.runtimePackage}@${pinned.version} has no ${t.runtimeBinary}`);
    fs.mkdirSync(cached, { recursive: true });
    fs.writeFileSync(`${binary}.part`, entry.data, { mode: 0o755 });
    fs.renameSync(`${binary}.part`, binary);
    return binary;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function installedVersion(dir: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return undefined;
  }
}
