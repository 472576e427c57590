/**
 * `npm run release:exe`: the standalone host, one file per platform that needs no node on the user's
 * machine, in dist/release/exe/ (goose-browser-host-<target>, and SHA256SUMS). Each is the
 * host bundle (native-host/build.ts) and the CLI (exe-main.ts) compiled by Bun's `--compile` with the
 * target's Bun runtime from npm (bun-runtime.ts); why Bun and not node's single executable
 * applications is in BENCHMARKS.md. Run as `<file> install`, it installs itself like the npm package.
 *   --targets a,b   only these (exe-targets.ts; default: all five)
 *   --version X     build as version X (default: package.json's)
 *   --out DIR       write into DIR (default: dist/release/exe)
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { buildHost } from "../../native-host/build";
import { bunRuntime } from "./bun-runtime";
import { exeFormat, HEADER_BYTES } from "./exe-format";
import { ALL_EXE_TARGETS, EXE_COMMAND_NAME, EXE_TARGETS, type ExeTarget, exeFileName, parseTargets } from "./exe-targets";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const EXE_OUT_DIR = path.join(ROOT, "dist", "release", "exe");

export async function buildExes(o: { targets?: ExeTarget[]; version?: string; out?: string } = {}): Promise<Record<string, string>> {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  const version = o.version ?? pkg.version;
  const out = path.resolve(o.out ?? EXE_OUT_DIR);
  const staging = path.join(out, ".build");
  fs.rmSync(staging, { recursive: true, force: true });
  await buildHost({ version, outDir: staging, packaged: true });
  await build({
    entryPoints: [path.join(ROOT, "install-scripts", "release", "exe-main.ts")],
    outfile: path.join(staging, "exe-main.cjs"),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    legalComments: "none",
    logLevel: "warning",
    // Bun bundles the host in at compile time, from beside this file.
    external: ["./host.cjs"],
    define: {
      // Never the file Bun runs from, so cli.ts does not start itself (exe-main.ts does).
      "import.meta.url": JSON.stringify("file:///goose-browser-host/cli.cjs"),
      __GOOSE_BROWSER_EXE__: JSON.stringify(EXE_COMMAND_NAME),
      __HOST_VERSION__: JSON.stringify(version),
    },
  });
  const bun = path.join(path.dirname(createRequire(import.meta.url).resolve("bun/package.json")), "bin", "bun.exe");
  const built: Record<string, string> = {};
  for (const target of o.targets ?? parseTargets(undefined)) {
    const t = EXE_TARGETS[target];
    const file = path.join(out, exeFileName(target));
    execFileSync(
      bun,
      [
        "build",
        path.join(staging, "exe-main.cjs"),
        "--compile",
        `--target=${t.bunTarget}`,
        `--compile-executable-path=${bunRuntime(ROOT, t)}`,
        // A host reads no .env or bunfig.toml from the folder a browser starts it in.
        "--no-compile-autoload-dotenv",
        "--no-compile-autoload-bunfig",
        "--outfile",
        file,
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    const format = exeFormat(readHead(file));
    if (JSON.stringify(format) !== JSON.stringify(t.format)) {
      throw new Error(`${file} is ${JSON.stringify(format)}, not the ${JSON.stringify(t.format)} of ${target}`);
    }
    built[target] = file;
  }
  fs.rmSync(staging, { recursive: true, force: true });
  // Every target's file in the folder, also those an earlier run built (`--targets` rebuilds some).
  const files = ALL_EXE_TARGETS.map(exeFileName).filter((f) => fs.existsSync(path.join(out, f)));
  const sums = files.map(
    (f) =>
      `${crypto
        .createHash("sha256")
        .update(fs.readFileSync(path.join(out, f)))
        .digest("hex")}  ${f}`,
  );
  fs.writeFileSync(path.join(out, "SHA256SUMS"), `${sums.join("\n")}\n`);
  return built;
}

function readHead(file: string): Buffer {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(HEADER_BYTES);
    return head.subarray(0, fs.readSync(fd, head, 0, HEADER_BYTES, 0));
  } finally {
    fs.closeSync(fd);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { targets: { type: "string" }, version: { type: "string" }, out: { type: "string" } } });
  const started = Date.now();
  const built = await buildExes({
    targets: parseTargets(values.targets),
    ...(values.version ? { version: values.version } : {}),
    ...(values.out ? { out: values.out } : {}),
  });
  for (const file of Object.values(built)) {
    process.stdout.write(`built ${path.relative(ROOT, file)} (${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MiB)\n`);
  }
  process.stdout.write(`in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
