/**
 * `npm run release:package`: the npm package users install the host with, in dist/release/npm/, packed
 * by `npm pack` into dist/release/<name>-<version>.tgz. It holds one bundled CLI (its bin), the host
 * bundle, the extension ids the host allows and a README: no dependencies and no lifecycle scripts
 * (npm and pnpm are turning dependencies' install scripts off), so `install` is a command people run.
 *   --version X   build as version X (default: package.json's, the extension's version)
 *   --out DIR     write DIR/npm/ and the tarball into DIR (default: dist/release)
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { buildHost } from "../../native-host/build";
import { PACKAGE_NAME, packageFiles } from "./package-files";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function buildPackage(o: { version?: string; out?: string } = {}): Promise<{ dir: string; tarball: string }> {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  const version = o.version ?? root.version;
  const out = path.resolve(o.out ?? path.join(ROOT, "dist", "release"));
  const dir = path.join(out, "npm");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "dist"), { recursive: true });

  await buildHost({ version, outDir: path.join(dir, "dist"), packaged: true });
  await build({
    entryPoints: [path.join(ROOT, "install-scripts", "cli.ts")],
    outfile: path.join(dir, "dist", "cli.cjs"),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    legalComments: "none",
    logLevel: "warning",
    // cli.ts finds the package (and knows it runs as the released CLI) through these.
    banner: { js: `#!/usr/bin/env node\nconst importMetaUrl = require("node:url").pathToFileURL(__filename).href;` },
    define: {
      "import.meta.url": "importMetaUrl",
      __GOOSE_BROWSER_PACKAGE__: JSON.stringify(PACKAGE_NAME),
      __HOST_VERSION__: JSON.stringify(version),
    },
  });
  fs.chmodSync(path.join(dir, "dist", "cli.cjs"), 0o755);
  for (const [file, text] of Object.entries(packageFiles(version))) fs.writeFileSync(path.join(dir, file), text);

  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", out], { cwd: dir, encoding: "utf8" }),
  ) as Array<{ filename: string }>;
  return { dir, tarball: path.join(out, packed[0]!.filename) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { version: { type: "string" }, out: { type: "string" } } });
  const r = await buildPackage({
    ...(values.version ? { version: values.version } : {}),
    ...(values.out ? { out: values.out } : {}),
  });
  process.stdout.write(`built ${path.relative(ROOT, r.dir)}/ and ${path.relative(ROOT, r.tarball)}\n`);
}
