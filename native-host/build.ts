/** Bundles the host into one file and writes a launcher next to it (`npm run build:host`). */

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { launcherFileName, launcherScript } from "../install-scripts/launcher";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const HOST_OUT_DIR = path.join(root, "dist", "native-host");
export const HOST_BUNDLE = path.join(HOST_OUT_DIR, "host.cjs");
export const HOST_LAUNCHER = path.join(HOST_OUT_DIR, launcherFileName(process.platform));

export async function buildHost(): Promise<{ bundle: string; launcher: string }> {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  await build({
    entryPoints: [path.join(root, "native-host", "main.ts")],
    outfile: HOST_BUNDLE,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    sourcemap: "linked",
    // Not minified: whitespace and syntax minifying saved 2 MB at idle but, measured alternating,
    // raised the peak after 1 MiB round trips from about 80 to 120-133 MB (BENCHMARKS.md).
    legalComments: "none",
    define: { __HOST_VERSION__: JSON.stringify(pkg.version) },
    logLevel: "warning",
  });
  fs.writeFileSync(HOST_LAUNCHER, launcherScript(process.platform, process.execPath, HOST_BUNDLE), { mode: 0o755 });
  fs.chmodSync(HOST_LAUNCHER, 0o755);
  return { bundle: HOST_BUNDLE, launcher: HOST_LAUNCHER };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildHost();
  process.stdout.write(`built ${path.relative(root, out.bundle)} and ${path.relative(root, out.launcher)}\n`);
}
