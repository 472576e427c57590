/**
 * The zips `npm run release:stores` makes for the stores (docs/STORE.md), read back as a store would:
 * no development `key` in the store builds (the store assigns the id) while the dev build keeps it,
 * Firefox's data-collection declaration as chosen in wxt.config.ts, and a sources zip from which the
 * Firefox zip is rebuilt, file for file, with only what is inside it (AMO's review step).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const RELEASE = path.join(ROOT, "dist/release");
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const zipPath = (name: string) => path.join(RELEASE, `goose-browser-${VERSION}-${name}.zip`);

type Files = Record<string, Uint8Array>;
const readZip = (file: string): Files => unzipSync(fs.readFileSync(file));
const text = (files: Files, name: string): string => new TextDecoder().decode(files[name]);
const manifestOf = (files: Files): Record<string, unknown> => JSON.parse(text(files, "manifest.json"));

beforeAll(() => {
  for (const name of ["chrome", "edge", "firefox", "sources"]) {
    if (!fs.existsSync(zipPath(name))) throw new Error(`${zipPath(name)} is missing: run \`npm run release:stores\` first`);
  }
});

describe("store zips", () => {
  it("the Chrome and Edge zips carry no development key, and are otherwise the extension", () => {
    for (const store of ["chrome", "edge"]) {
      const manifest = manifestOf(readZip(zipPath(store)));
      expect(manifest, store).not.toHaveProperty("key");
      expect(manifest).toMatchObject({ manifest_version: 3, name: "goose", version: VERSION, side_panel: expect.anything() });
      expect(manifest.permissions).toContain("nativeMessaging");
      // The e2e build's stand-ins never reach a store.
      expect(manifest).not.toHaveProperty("host_permissions");
      expect(manifest.permissions).not.toContain("tabs");
      // A production build: no development JSX runtime recording this machine's source paths.
      const files = readZip(zipPath(store));
      const leaking = Object.keys(files).filter((f) => f.endsWith(".js") && text(files, f).includes(ROOT));
      expect(leaking, store).toEqual([]);
    }
  });

  it("the development build keeps its key, so an unpacked copy has the id the host allows", () => {
    const dev = path.join(ROOT, "dist/extension/chrome-mv3/manifest.json");
    if (!fs.existsSync(dev)) throw new Error(`${dev} is missing: run \`npm run build\` first`);
    expect(JSON.parse(fs.readFileSync(dev, "utf8")).key).toMatch(/^MIIB/);
  });

  it("the Firefox zip declares the data it transmits to the local agent, and no key", () => {
    const manifest = manifestOf(readZip(zipPath("firefox")));
    expect(manifest).not.toHaveProperty("key");
    expect(manifest).toMatchObject({ manifest_version: 2, version: VERSION });
    expect(manifest.browser_specific_settings).toEqual({
      gecko: {
        id: "goose-browser@goose-browser.dev",
        strict_min_version: "140.0",
        data_collection_permissions: { required: ["websiteContent", "browsingActivity"] },
      },
    });
  });

  it("the sources zip has what AMO needs to rebuild: package.json, lock file, sources, build instructions", () => {
    const files = Object.keys(readZip(zipPath("sources")));
    for (const needed of ["package.json", "package-lock.json", "wxt.config.ts", "tsconfig.base.json", "docs/STORE.md"]) {
      expect(files).toContain(needed);
    }
    expect(files).toContain("extension/entrypoints/background.ts");
    expect(files).toContain("extension/tsconfig.json");
    expect(files).toContain("shared/host-protocol.ts");
    expect(files).toContain("install-scripts/release/release-stores.ts");
    // Not the build's output, dependencies, tests or the host.
    expect(files.filter((f) => /^(dist|node_modules|native-host)\/|\.test\.ts$/.test(f))).toEqual([]);
    expect(text(readZip(zipPath("sources")), "docs/STORE.md")).toContain("npm run release:stores -- firefox");
  });

  it("the sources zip alone rebuilds the Firefox zip's files byte for byte", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-amo-"));
    try {
      for (const [name, bytes] of Object.entries(readZip(zipPath("sources")))) {
        fs.mkdirSync(path.join(dir, path.dirname(name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), bytes);
      }
      // docs/STORE.md's steps: `npm ci` then the build. The packages are this checkout's own, which
      // `npm ci` installed from the same package-lock.json (so the test needs no network).
      fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "junction");
      const r = spawnSync(process.execPath, ["--import", "tsx", "install-scripts/release/release-stores.ts", "firefox"], {
        cwd: dir,
        encoding: "utf8",
        timeout: 240_000,
      });
      expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
      const shipped = readZip(zipPath("firefox"));
      const rebuilt = readZip(path.join(dir, `dist/release/goose-browser-${VERSION}-firefox.zip`));
      expect(Object.keys(rebuilt).sort()).toEqual(Object.keys(shipped).sort());
      for (const name of Object.keys(shipped)) expect(Buffer.from(rebuilt[name]!).equals(Buffer.from(shipped[name]!)), name).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
