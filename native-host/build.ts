/** Bundles the host into one file and writes a launcher next to it (`npm run build:host`). */

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { build, type Plugin } from "esbuild";
import { launcherFileName, launcherScript } from "./setup/launcher";
import type { HostProtocol } from "./setup/version";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST_OUT_DIR = path.join(root, "dist", "native-host");
export const HOST_BUNDLE = path.join(HOST_OUT_DIR, "host.cjs");
export const HOST_LAUNCHER = path.join(HOST_OUT_DIR, launcherFileName(process.platform));

export interface HostBuildOptions {
  /** Default: dist/native-host/ (the checkout's host, with its source map and launcher). */
  outDir?: string;
  /** A host that announces and serves another protocol (the tests' host N−1 and N+1). */
  protocol?: HostProtocol;
  /** The version it reports (default: package.json's). */
  version?: string;
  /** The npm package's host: the bundle alone, no source map and no launcher (install writes its own). */
  packaged?: boolean;
}

export async function buildHost(o: HostBuildOptions = {}): Promise<{ bundle: string; launcher?: string }> {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  const outDir = o.outDir ?? HOST_OUT_DIR;
  const bundle = path.join(outDir, "host.cjs");
  const define: Record<string, string> = { __HOST_VERSION__: JSON.stringify(o.version ?? pkg.version) };
  if (o.protocol) define.__HOST_PROTOCOL__ = JSON.stringify(o.protocol);
  const common = {
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    legalComments: "none",
    define,
    logLevel: "warning",
    write: false,
  } as const;
  const part = await build({ ...common, entryPoints: [TOOLS_PART] });
  const result = await build({
    ...common,
    entryPoints: [path.join(root, "native-host", "main.ts")],
    outfile: bundle,
    sourcemap: o.packaged ? false : "linked",
    // Not minified: a minified build peaked higher, at idle and after 1 MiB round trips (BENCHMARKS.md).
    plugins: [embedToolsPart(asciiOnly(part.outputFiles[0]!.text))],
  });
  fs.mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) {
    fs.writeFileSync(file.path, file.path === bundle ? asciiOnly(file.text) : file.contents);
  }
  if (o.packaged) return { bundle };
  const launcher = path.join(outDir, launcherFileName(process.platform));
  fs.writeFileSync(launcher, launcherScript(process.platform, process.execPath, bundle), { mode: 0o755 });
  fs.chmodSync(launcher, 0o755);
  return { bundle, launcher };
}

const TOOLS_PART = path.join(root, "native-host", "browser-tools", "tools-part.ts");
/** Under 16 KiB a piece, so V8's scanner never holds a long literal at once (BENCHMARKS.md). */
const PIECE_CHARS = 16 * 1024;

/**
 * Puts the browser-tools part (tools-part.ts: the MCP SDK, zod) into the host bundle as brotli-packed
 * text, compiled with node:vm when the host first imports it: as code, V8 would parse it at every
 * start, and V8 keeps the bundle's whole source, so packed text costs least at idle (BENCHMARKS.md).
 * One file still.
 */
function embedToolsPart(code: string): Plugin {
  const packed = zlib
    .brotliCompressSync(code, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: code.length },
    })
    .toString("base64");
  const pieces: string[] = [];
  for (let i = 0; i < packed.length; i += PIECE_CHARS) pieces.push(JSON.stringify(packed.slice(i, i + PIECE_CHARS)));
  const contents = [
    "const part = { exports: {} };",
    "require('node:vm').compileFunction(browserToolsPartText(), ['module', 'exports', 'require'], { filename: 'goose-browser-tools.cjs' })(part, part.exports, require);",
    "module.exports = part.exports;",
    `function browserToolsPartText() {\n  const packed = [\n${pieces.join(",\n")}\n  ].join("");\n  return require('node:zlib').brotliDecompressSync(Buffer.from(packed, "base64")).toString("latin1");\n}`,
  ].join("\n");
  return {
    name: "embed-tools-part",
    setup(b) {
      b.onResolve({ filter: /\/tools-part$/ }, (args) =>
        path.resolve(args.resolveDir, `${args.path}.ts`) === TOOLS_PART ? { path: TOOLS_PART, namespace: "embedded" } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: "embedded" }, () => ({ contents, loader: "js" }));
    },
  };
}

/**
 * The bundle with every non-ASCII character written as a `\u` escape: one anywhere makes V8 hold the
 * whole source as a two-byte string (BENCHMARKS.md). esbuild escapes them in strings already; the ones
 * left are in comments, where the escape changes nothing.
 */
function asciiOnly(source: string): string {
  return source.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildHost();
  process.stdout.write(`built ${path.relative(root, out.bundle)} and ${path.relative(root, out.launcher ?? "")}\n`);
}
