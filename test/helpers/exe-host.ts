/**
 * The host suites against the standalone executable (install-scripts/release/build-exe.ts) instead of
 * the checkout's bundle: `GOOSE_BROWSER_TEST_EXE=<executable>` (what `npm run test:exe` sets) makes the
 * host harness start it through a launcher written as `install` writes one (glibc tunables, no node).
 * Unset, everything here is the bundle's.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launcherFileName, launcherScript } from "../../native-host/setup/launcher";

/** The executable under test, or undefined for the checkout's bundle. */
export const TEST_EXE = process.env.GOOSE_BROWSER_TEST_EXE ? path.resolve(process.env.GOOSE_BROWSER_TEST_EXE) : undefined;

let launcher: string | undefined;

/** A launcher for the executable under test, in a folder of this run's own (written once). */
export function exeLauncher(exe: string): string {
  if (launcher) return launcher;
  if (!fs.existsSync(exe)) throw new Error(`GOOSE_BROWSER_TEST_EXE: ${exe} does not exist (npm run release:exe -- --targets linux-x64)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-exe-"));
  launcher = path.join(dir, launcherFileName(process.platform));
  fs.writeFileSync(launcher, launcherScript(process.platform, undefined, exe), { mode: 0o755 });
  return launcher;
}

/** The environment that preloads `file` into the host: node's `--require`, Bun's `--preload`. */
export function preloadEnv(file: string): Record<string, string> {
  return TEST_EXE ? { BUN_OPTIONS: `--preload ${file}` } : { NODE_OPTIONS: `--require ${file}` };
}

/** The hello's `nodeVersion` of the host under test (native-host/setup/runtime.ts). */
export function hostRuntimeVersion(): string {
  if (!TEST_EXE) return process.version;
  // The executable as Bun itself (BUN_BE_BUN) says which node version it implements and its own.
  return execFileSync(TEST_EXE, ["-e", 'process.stdout.write(process.version + " (bun " + process.versions.bun + ")")'], {
    env: { BUN_BE_BUN: "1" },
    encoding: "utf8",
  });
}
