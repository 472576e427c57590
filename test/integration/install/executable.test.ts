/**
 * The standalone host executables (`npm run release:exe`, install-scripts/release/build-exe.ts): each of
 * the five is the format and machine of its target; the Linux x64 one, as a user would download it,
 * installs itself for a temporary HOME (XDG dirs inside it) with no node in its launcher, and the
 * launcher the written manifest names serves a turn with the scripted agent as goose. Then doctor
 * agrees and uninstall leaves only the host's log.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exeFormat } from "../../../install-scripts/release/exe-format";
import { ALL_EXE_TARGETS, EXE_TARGETS, exeFileName } from "../../../install-scripts/release/exe-targets";
import { parseLauncher } from "../../../native-host/setup/launcher";
import { HostUnderTest, stopChecked } from "../../helpers/host-harness";
import { FAKE_GOOSE, ROOT, TempMachine } from "../../helpers/install-harness";
import { writeRegistryCopy } from "../../helpers/registry-copy";

const EXE_DIR = path.join(ROOT, "dist", "release", "exe");
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const DATA = ".local/share/goose-browser";
const MANIFEST = ".config/chromium/NativeMessagingHosts/dev.goose_browser.host.json";

let work: string;
let downloaded: string;
let m: TempMachine;
const hosts: HostUnderTest[] = [];

beforeAll(() => {
  for (const file of [FAKE_GOOSE, ...ALL_EXE_TARGETS.map((t) => path.join(EXE_DIR, exeFileName(t)))]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run release:exe\` (and \`npm run build:fixtures\`) first`);
  }
  // As a user would have it: a copy in a downloads folder, outside the checkout.
  work = fs.mkdtempSync(path.join(os.tmpdir(), "gb-exe-install-"));
  downloaded = path.join(work, "Downloads", exeFileName("linux-x64"));
  fs.mkdirSync(path.dirname(downloaded));
  fs.copyFileSync(path.join(EXE_DIR, exeFileName("linux-x64")), downloaded);
  fs.chmodSync(downloaded, 0o755);
  m = new TempMachine({ dirs: [".config/chromium"] });
  Object.assign(m.env, {
    XDG_DATA_HOME: m.path(".local/share"),
    XDG_CONFIG_HOME: m.path(".config"),
    XDG_STATE_HOME: m.path(".local/state"),
  });
});

afterAll(async () => {
  for (const h of hosts) await stopChecked(h);
  m?.dispose();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

function run(exe: string, ...args: string[]): { code: number | null; out: string } {
  const r = spawnSync(exe, args, { env: m.env, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, out: r.stdout + r.stderr };
}

function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

describe("the standalone executables", () => {
  it("are each the format and machine of their target, listed in SHA256SUMS", () => {
    const sums = fs.readFileSync(path.join(EXE_DIR, "SHA256SUMS"), "utf8");
    for (const target of ALL_EXE_TARGETS) {
      const file = path.join(EXE_DIR, exeFileName(target));
      const head = Buffer.alloc(4096);
      const fd = fs.openSync(file, "r");
      fs.readSync(fd, head, 0, head.length, 0);
      fs.closeSync(fd);
      expect(exeFormat(head), target).toEqual(EXE_TARGETS[target].format);
      expect(sums, target).toContain(`${sha256(file)}  ${exeFileName(target)}\n`);
    }
  });

  it("installs itself into the per-user data folder; the manifest's launcher, with no node, serves a turn with goose", async () => {
    const r = run(downloaded, "install", "--json");
    expect(r.code, r.out).toBe(0);
    const installed = JSON.parse(r.out) as { bundle: string; launcher: string; hello?: { hostVersion: string; hostPath: string } };
    const exe = m.path(`${DATA}/host/${VERSION}/goose-browser-host`);
    expect(installed.bundle).toBe(exe);
    expect(installed.hello).toMatchObject({ hostVersion: VERSION, hostPath: exe });
    expect(sha256(exe)).toBe(sha256(downloaded));
    expect(fs.statSync(exe).mode & 0o111).not.toBe(0);

    const manifest = JSON.parse(fs.readFileSync(m.path(MANIFEST), "utf8")) as { path: string };
    expect(manifest.path).toBe(m.path(`${DATA}/goose-browser-host`));
    // The launcher starts the executable itself: no node anywhere in it.
    const text = fs.readFileSync(manifest.path, "utf8");
    expect(parseLauncher("linux", text)).toEqual({ flags: [], bundle: exe });
    expect(text).not.toMatch(/node/);

    const { HOME, XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_STATE_HOME, TMPDIR } = m.env;
    const h = new HostUnderTest({
      launcher: manifest.path,
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
    const hello = await h.waitForHost("hello");
    expect(hello).toMatchObject({ hostVersion: VERSION, hostPath: exe, configFile: m.path(".config/goose-browser/host.json") });
    expect(hello.nodeVersion).toMatch(/\(bun \d+\.\d+\.\d+\)$/);
    await h.startAgent();
    expect((await h.initialize()).error).toBeUndefined();
    const s = await h.request("session/new", { cwd: m.home, mcpServers: [] });
    expect(s.error).toBeUndefined();
    const sessionId = (s.result as { sessionId: string }).sessionId;
    const answer = await h.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hello there" }] }, 30_000);
    expect(answer.result).toMatchObject({ stopReason: "end_turn" });
    await h.close();
  });

  it("the installed launcher runs the same CLI: doctor passes, and says no node is needed", () => {
    const r = run(m.path(`${DATA}/goose-browser-host`), "doctor", "--json");
    const report = JSON.parse(r.out) as { ok: boolean; findings: Array<{ subject: string; message: string }> };
    expect(report.ok, r.out).toBe(true);
    expect(report.findings).toContainEqual(
      expect.objectContaining({ subject: "host executable", message: expect.stringMatching(/no node needed/) }),
    );
    expect(report.findings.some((f) => f.subject === "node")).toBe(false);
  });

  it("its messages name the file the user ran (./ in its folder, else its path), never a goose-browser-host on no PATH", () => {
    const name = exeFileName("linux-x64");
    const here = spawnSync(`./${name}`, ["install", "--dry-run"], { cwd: path.dirname(downloaded), env: m.env, encoding: "utf8" });
    expect(here.status, here.stdout + here.stderr).toBe(0);
    expect(here.stdout).toContain(`\`./${name} uninstall\``);
    expect(here.stdout).not.toMatch(/`goose-browser-host /);
    const usage = spawnSync(downloaded, ["--help"], { cwd: work, env: m.env, encoding: "utf8" });
    expect(usage.stdout).toContain(`Usage: ${downloaded} <command>`);
    const copy = writeRegistryCopy(work);
    const list = spawnSync(downloaded, ["agents", "--registry", copy.url], { cwd: work, env: m.env, encoding: "utf8" });
    expect(list.stdout).toContain(`Add one: ${downloaded} add <id>`);
  });

  it("agents: an npx agent runs with the node on PATH, never with the executable as its node", () => {
    const copy = writeRegistryCopy(work);
    const withNode = JSON.parse(run(downloaded, "agents", "--registry", copy.url, "--json").out) as {
      agents: Array<{ id: string; install: string; reason?: string }>;
    };
    expect(withNode.agents.find((a) => a.id === "gemini")?.install).toBe("npx");
    // No node on PATH: said, with the executable nowhere in a profile.
    const noNode = spawnSync(downloaded, ["agents", "--registry", copy.url, "--json", "--refresh"], {
      env: { ...m.env, PATH: path.join(work, "empty-bin") },
      encoding: "utf8",
    });
    const gemini = (JSON.parse(noNode.stdout) as { agents: Array<{ id: string; install: string; reason?: string }> }).agents.find(
      (a) => a.id === "gemini",
    );
    expect(gemini?.install).toBe("unavailable");
    expect(gemini?.reason).toMatch(/npx/);
  });

  it("uninstall leaves nothing in HOME but the host's log", () => {
    const r = run(downloaded, "uninstall", "--json");
    expect(r.code, r.out).toBe(0);
    expect(m.snapshot().filter((e) => !e.endsWith("/"))).toEqual([".local/state/goose-browser/host.log"]);
  });
});
