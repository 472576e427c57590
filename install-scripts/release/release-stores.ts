/**
 * `npm run release:stores`: the extension as the stores take it, in dist/release/:
 *   goose-browser-<version>-chrome.zip    Chrome Web Store
 *   goose-browser-<version>-edge.zip      Edge Add-ons
 *   goose-browser-<version>-firefox.zip   addons.mozilla.org
 *   goose-browser-<version>-sources.zip   the sources AMO rebuilds the Firefox zip from (docs/STORE.md)
 * Built in WXT's `store` mode (wxt.config.ts), which leaves out the development `key`: a store assigns
 * the id. `npm run release:stores -- firefox` builds only the named browsers (AMO's rebuild step).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zip } from "wxt";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RELEASE_DIR = "dist/release";
const BROWSERS = ["chrome", "edge", "firefox"] as const;

/**
 * What AMO needs to rebuild the Firefox zip, and nothing else (tests, benchmarks' data, the host):
 * the extension's code, the build's config and lock file, and the instructions (docs/STORE.md).
 */
const SOURCES = [
  "package.json",
  "package-lock.json",
  "wxt.config.ts",
  "tsconfig.base.json",
  "README.md",
  "docs/STORE.md",
  "extension/**",
  "shared/**",
  "install-scripts/release/release-stores.ts",
];

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((b) => !(BROWSERS as readonly string[]).includes(b));
  if (unknown.length > 0) {
    console.error(`unknown browser ${unknown.join(", ")}; choose from ${BROWSERS.join(", ")}`);
    process.exit(2);
  }
  const browsers = asked.length > 0 ? BROWSERS.filter((b) => asked.includes(b)) : BROWSERS;
  process.chdir(ROOT);
  // WXT sets NODE_ENV to the mode when unset, and any NODE_ENV but "production" gets the development
  // JSX runtime (with this machine's absolute paths in the bundle, so no two checkouts build alike).
  process.env.NODE_ENV = "production";
  const zips: string[] = [];
  for (const browser of browsers) {
    const made = await zip({
      browser,
      mode: "store",
      outDir: RELEASE_DIR,
      // The unpacked builds go beside the zips, one folder each (chrome-mv3, edge-mv3, firefox-mv2).
      outDirTemplate: "{{browser}}-mv{{manifestVersion}}",
      zip: {
        artifactTemplate: "{{name}}-{{version}}-{{browser}}.zip",
        sourcesTemplate: "{{name}}-{{version}}-sources.zip",
        zipSources: browser === "firefox",
        includeSources: SOURCES,
      },
    });
    zips.push(...made);
  }
  console.log(`\nStore zips in ${RELEASE_DIR}/:\n${zips.map((z) => `  ${path.relative(ROOT, z)} (${kib(z)} KiB)`).join("\n")}`);
}

function kib(file: string): number {
  return Math.round(fs.statSync(file).size / 1024);
}

await main();
