/**
 * The released npm package, end to end and offline: `npm run release:package` builds and packs it,
 * npm installs the tarball into a temporary prefix, and its `goose-browser` bin installs the host for a
 * temporary HOME (XDG dirs inside it). The installed launcher then serves a turn with the scripted agent
 * as goose; an upgrade to the next version keeps a running host's turn going while the next connection
 * runs the new one; a repeated install changes no byte; uninstall leaves only the host's log.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLauncher } from "../../../native-host/setup/launcher";
import { CHROMIUM_EXTENSION_IDS, chromeOrigin, GECKO_ADDON_ID } from "../../../shared/extension-ids";
import { HostUnderTest, stopChecked } from "../../helpers/host-harness";
import { FAKE_GOOSE, ROOT, TempMachine } from "../../helpers/install-harness";

const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const NEXT = bump(VERSION);
const DATA = ".local/share/goose-browser";
const LOG = ".local/state/goose-browser/host.log";
const MANIFESTS = [
  ".config/chromium/NativeMessagingHosts/dev.goose_browser.host.json",
  ".config/google-chrome/NativeMessagingHosts/dev.goose_browser.host.json",
];

let work: string;
let tarball: string;
let nextTarball: string;
let m: TempMachine;
let prefix: string;
const hosts: HostUnderTest[] = [];

beforeAll(() => {
  if (!fs.existsSync(FAKE_GOOSE)) throw new Error(`${FAKE_GOOSE} is missing: run \`npm run build:fixtures\` first`);
  work = fs.mkdtempSync(path.join(os.tmpdir(), "gb-npm-package-"));
  prefix = path.join(work, "prefix");
  const built = execFileSync("npm", ["run", "--silent", "release:package"], { cwd: ROOT, encoding: "utf8" });
  tarball = path.join(ROOT, "dist", "release", `goose-browser-${VERSION}.tgz`);
  expect(built).toContain(`dist/release/goose-browser-${VERSION}.tgz`);
  execFileSync("npm", ["run", "--silent", "release:package", "--", "--version", NEXT, "--out", path.join(work, "next")], { cwd: ROOT });
  nextTarball = path.join(work, "next", `goose-browser-${NEXT}.tgz`);
  m = new TempMachine({ dirs: [".config/chromium", ".config/google-chrome"] });
  // The XDG dirs, explicitly inside the temporary HOME; node on PATH for the bin's `#!/usr/bin/env node`.
  Object.assign(m.env, {
    XDG_DATA_HOME: m.path(".local/share"),
    XDG_CONFIG_HOME: m.path(".config"),
    XDG_STATE_HOME: m.path(".local/state"),
    PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
  });
}, 180_000);

afterAll(async () => {
  for (const h of hosts) await stopChecked(h);
  m?.dispose();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** `npm i -g --offline --prefix`, with npm's own cache and home outside the user's HOME. */
function npmInstall(file: string): void {
  const r = spawnSync("npm", ["i", "-g", "--offline", "--no-audit", "--no-fund", "--prefix", prefix, file], {
    env: { ...process.env, HOME: path.join(work, "npm-home"), npm_config_cache: path.join(work, "npm-cache") },
    encoding: "utf8",
  });
  expect(r.status, r.stderr).toBe(0);
}

function cli(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(path.join(prefix, "bin", "goose-browser"), args, { env: m.env, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface InstallJson {
  ok: boolean;
  hostVersion: string;
  bundle: string;
  launcher: string;
  hello?: { hostVersion: string; hostPath: string };
  findings: Array<{ severity: string; subject: string; message: string }>;
}

function installJson(): InstallJson {
  const r = cli("install", "--json");
  expect(r.code, r.out + r.err).toBe(0);
  return JSON.parse(r.out) as InstallJson;
}

/** A connection as a browser makes one: the installed launcher, a desktop's minimal environment. */
function connect(): HostUnderTest {
  const { HOME, XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_STATE_HOME, TMPDIR } = m.env;
  const h = new HostUnderTest({
    launcher: m.path(`${DATA}/goose-browser-host`),
    installedConfig: true,
    env: {
      HOME: HOME!,
      XDG_DATA_HOME: XDG_DATA_HOME!,
      XDG_CONFIG_HOME: XDG_CONFIG_HOME!,
      XDG_STATE_HOME: XDG_STATE_HOME!,
      TMPDIR: TMPDIR!,
    },
  });
  hosts.push(h);
  return h;
}

async function openSession(h: HostUnderTest): Promise<string> {
  await h.startAgent();
  expect((await h.initialize()).error).toBeUndefined();
  const s = await h.request("session/new", { cwd: m.home, mcpServers: [] });
  expect(s.error).toBeUndefined();
  return (s.result as { sessionId: string }).sessionId;
}

async function turn(h: HostUnderTest, sessionId: string, text: string): Promise<unknown> {
  const r = await h.request("session/prompt", { sessionId, prompt: [{ type: "text", text }] }, 30_000);
  expect(r.error).toBeUndefined();
  return (r.result as { stopReason: string }).stopReason;
}

/** Every entry under HOME with its mode and, for files, the sha256 of its bytes. */
function tree(skip: string[] = []): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const rel = path.relative(m.home, full);
      if (skip.includes(rel)) continue;
      const st = fs.lstatSync(full);
      const mode = (st.mode & 0o777).toString(8);
      if (st.isDirectory()) {
        out.push(`${rel}/ ${mode}`);
        walk(full);
      } else out.push(`${rel} ${mode} ${createHash("sha256").update(fs.readFileSync(full)).digest("hex")}`);
    }
  };
  walk(m.home);
  return out;
}

describe("the npm package, installed from its tarball", () => {
  it("is one CLI, the host and the ids: no dependencies, no lifecycle scripts", () => {
    const listed = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).trim().split("\n").sort();
    expect(listed).toEqual([
      "package/README.md",
      "package/dist/cli.cjs",
      "package/dist/host.cjs",
      "package/dist/ids.json",
      "package/package.json",
    ]);
    const pkg = JSON.parse(execFileSync("tar", ["xzOf", tarball, "package/package.json"], { encoding: "utf8" })) as Record<string, unknown>;
    expect(pkg).toMatchObject({ name: "goose-browser", version: VERSION, bin: { "goose-browser": "dist/cli.cjs" } });
    for (const key of ["dependencies", "optionalDependencies", "peerDependencies", "scripts"]) expect(pkg[key]).toBeUndefined();
  });

  it("installs into the per-user data folder; the installed launcher serves a turn with goose", async () => {
    const pristine = tree();
    npmInstall(tarball);
    const r = installJson();
    expect(r.hello?.hostVersion).toBe(VERSION);
    expect(r.bundle).toBe(m.path(`${DATA}/host/${VERSION}/host.cjs`));

    for (const rel of MANIFESTS) {
      const manifest = JSON.parse(fs.readFileSync(m.path(rel), "utf8")) as { path: string; allowed_origins: string[] };
      expect(manifest.path).toBe(m.path(`${DATA}/goose-browser-host`));
      expect(path.relative(ROOT, manifest.path).startsWith("..")).toBe(true);
      expect(path.relative(prefix, manifest.path).startsWith("..")).toBe(true);
      expect(manifest.allowed_origins).toEqual(CHROMIUM_EXTENSION_IDS.map(chromeOrigin));
    }
    const ids = JSON.parse(fs.readFileSync(path.join(prefix, "lib/node_modules/goose-browser/dist/ids.json"), "utf8")) as {
      chromium: { allowedOrigins: string[] };
      firefox: { addonId: string };
    };
    expect(ids.chromium.allowedOrigins).toEqual(CHROMIUM_EXTENSION_IDS.map(chromeOrigin));
    expect(ids.firefox.addonId).toBe(GECKO_ADDON_ID);
    const launcher = parseLauncher("linux", fs.readFileSync(m.path(`${DATA}/goose-browser-host`), "utf8"));
    expect(launcher?.bundle).toBe(r.bundle);
    expect(fs.readFileSync(r.bundle).equals(fs.readFileSync(path.join(prefix, "lib/node_modules/goose-browser/dist/host.cjs")))).toBe(true);
    // The text summary names the browsers in one line, not one per browser that is missing.
    const again = cli("install");
    expect(again.out.split("\n").filter((l) => /not installed/.test(l))).toHaveLength(1);
    expect(again.out).toMatch(/✓ browsers: .*Chromium \(unchanged\)/);
    expect(again.out.trim().split("\n").length).toBeLessThanOrEqual(12);

    // doctor, from the package, agrees: every check passes and its live check runs the host and goose.
    const doctor = cli("doctor", "--json");
    const report = JSON.parse(doctor.out) as { ok: boolean; live?: { ok: boolean; hello?: { hostVersion: string } } };
    expect(report.ok, doctor.out).toBe(true);
    expect(report.live).toMatchObject({ ok: true, hello: { hostVersion: VERSION } });

    const h = connect();
    const hello = await h.waitForHost("hello");
    expect(hello).toMatchObject({ hostVersion: VERSION, hostPath: r.bundle, configFile: m.path(".config/goose-browser/host.json") });
    const sessionId = await openSession(h);
    expect(await turn(h, sessionId, "hello there")).toBe("end_turn");
    await h.close();
    expect(tree().filter((e) => !pristine.includes(e)).length).toBeGreaterThan(0);
  });

  it("upgrades N → N+1 while host N runs: N's turn goes on, the next connection runs N+1, N's file stays", async () => {
    const old = connect();
    expect((await old.waitForHost("hello")).hostVersion).toBe(VERSION);
    const sessionId = await openSession(old);
    const slow = turn(old, sessionId, "slow 3");
    npmInstall(nextTarball);
    const r = installJson();
    expect(r.hello?.hostVersion).toBe(NEXT);
    expect(r.bundle).toBe(m.path(`${DATA}/host/${NEXT}/host.cjs`));
    expect(fs.existsSync(m.path(`${DATA}/host/${VERSION}/host.cjs`))).toBe(true);
    expect(await slow).toBe("end_turn");
    expect(await turn(old, sessionId, "hello again")).toBe("end_turn");

    const fresh = connect();
    expect(await fresh.waitForHost("hello")).toMatchObject({ hostVersion: NEXT, hostPath: r.bundle });
    expect(await turn(fresh, await openSession(fresh), "hello there")).toBe("end_turn");
    await fresh.close();
    await old.close();
  });

  it("a second install changes no byte (the host's log aside: the install starts the host once)", () => {
    const before = tree([LOG]);
    const r = installJson();
    expect(r.hello?.hostVersion).toBe(NEXT);
    expect(tree([LOG])).toEqual(before);
  });

  it("uninstall leaves nothing in HOME but the host's log", () => {
    const r = cli("uninstall", "--json");
    expect(r.code, r.out + r.err).toBe(0);
    expect(tree()).toEqual([
      ".config/ 755",
      ".config/chromium/ 755",
      ".config/google-chrome/ 755",
      ".local/ 755",
      ".local/state/ 755",
      ".local/state/goose-browser/ 755",
      expect.stringMatching(/^\.local\/state\/goose-browser\/host\.log /),
    ]);
  });
});

function bump(v: string): string {
  const [major, minor, patch] = v.split(/[.+-]/).map(Number);
  return `${major}.${minor}.${(patch ?? 0) + 1}`;
}
