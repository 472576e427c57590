/**
 * `npm start` itself (install-scripts/start.ts after the build), headless, in a throwaway HOME with
 * the host config pointed at the scripted agent: the panel tab it opens must be the real panel (not
 * Chromium's "blocked" page) and connect to the agent; the terminal must say what was launched and
 * where; stopping it must leave no browser, host or agent running.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { PANEL_URL } from "../../install-scripts/start-plan";
import { DEV_EXTENSION_ID, HOST_NAME } from "../../shared/extension-ids";
import { EXTENSION_DIR, FAKE_GOOSE, HOST_LAUNCHER, processesIn, ROOT } from "../helpers/chromium/harness";
import { LONG, waitForReady } from "../helpers/chromium/panel";

let run: StartRun | undefined;
afterEach(async () => {
  await run?.dispose();
  run = undefined;
});

interface StartRun {
  dir: string;
  workDir: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
  browser?: Browser;
  dispose(): Promise<void>;
}

function startHeadless(): StartRun {
  for (const file of [path.join(EXTENSION_DIR, "manifest.json"), HOST_LAUNCHER, FAKE_GOOSE]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build && npm run build:fixtures\``);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-start-"));
  const workDir = path.join(dir, "work");
  const hostConfig = path.join(dir, "host.json");
  fs.mkdirSync(workDir);
  fs.mkdirSync(path.join(dir, "home"));
  fs.mkdirSync(path.join(dir, "tmp"));
  fs.writeFileSync(
    hostConfig,
    JSON.stringify({
      profiles: { goose: { command: FAKE_GOOSE, args: ["acp"], env: { SCRIPTED_AGENT_STATE_DIR: path.join(dir, "agent-state") } } },
      cwd: workDir,
      logFile: path.join(dir, "host.log"),
    }),
  );
  const child = spawn(process.execPath, ["--import", "tsx", "install-scripts/start.ts", "--headless"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: path.join(dir, "home"),
      XDG_CONFIG_HOME: path.join(dir, "config"),
      XDG_CACHE_HOME: path.join(dir, "cache"),
      XDG_STATE_HOME: path.join(dir, "state"),
      XDG_DATA_HOME: path.join(dir, "data"),
      // Chromium's and tsx's scratch files land here, so removing `dir` removes them.
      TMPDIR: path.join(dir, "tmp"),
      GOOSE_BROWSER_HOST_CONFIG: hostConfig,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: a failed test can still kill everything it started.
    detached: true,
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const r: StartRun = {
    dir,
    workDir,
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async dispose() {
      await r.browser?.close().catch(() => {});
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {}
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return r;
}

/** Processes whose command line or working folder is inside `dir`: the browser, the host, the agent. */
function processesUsing(dir: string, workDir: string): string[] {
  const ours = fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
        return cmdline.includes(dir) ? [`${pid} ${cmdline.slice(0, 200)}`] : [];
      } catch {
        return []; // gone, or not ours to read
      }
    });
  return [...ours, ...processesIn(workDir).map((pid) => `${pid} (agent in ${workDir})`)];
}

describe("npm start", () => {
  it("opens the real panel once the extension is ready, connects it to the agent, says where things are, and stops cleanly", async () => {
    run = startHeadless();
    const r = run;
    await expect
      .poll(() => r.stdout() + (r.child.exitCode !== null ? `(exited ${r.child.exitCode}) ${r.stderr()}` : ""), { timeout: LONG })
      .toMatch(/Opened the goose panel in a tab|exited/);
    const out = r.stdout();
    expect(out, r.stderr()).toMatch(/Opened the goose panel in a tab/);

    // What the terminal says: the browser, the profile folder, the host manifest, the host config, where to look.
    const profile = path.join(r.dir, "cache/goose-browser/chromium-profile");
    const manifest = path.join(profile, "NativeMessagingHosts", `${HOST_NAME}.json`);
    expect(out).toContain(`profile:     ${profile}`);
    expect(out).toContain(`host:        ${manifest} → ${HOST_LAUNCHER}`);
    expect(out).toContain(`host config: ${path.join(r.dir, "host.json")}`);
    expect(out).toMatch(/goose button in the toolbar .* opens goose in the side panel/);
    expect(JSON.parse(fs.readFileSync(manifest, "utf8"))).toMatchObject({
      path: HOST_LAUNCHER,
      allowed_origins: [`chrome-extension://${DEV_EXTENSION_ID}/`],
    });

    // The headless run prints its debugging port; drive the same browser through it.
    const ws = /DevTools listening on (ws:\/\/\S+)/.exec(r.stderr())?.[1];
    expect(ws, r.stderr()).toBeDefined();
    r.browser = await chromium.connectOverCDP(ws!);
    const pages = r.browser.contexts().flatMap((c) => c.pages());
    expect(pages.map((p) => p.url())).toContain(PANEL_URL);
    expect(pages.filter((p) => p.url().startsWith("chrome-error://"))).toEqual([]);
    const panel = pages.find((p) => p.url() === PANEL_URL)!;
    // ERR_BLOCKED_BY_CLIENT would leave Chromium's error page (no panel, no agent); ready means connected.
    await waitForReady(panel);
    expect(fs.readFileSync(path.join(r.dir, "host.log"), "utf8")).toMatch(/starting agent goose: .*dist\/fixtures\/bin\/goose acp/);
    await r.browser.close();
    r.browser = undefined;

    // Ctrl+C / a kill: start.ts closes the browser, which ends the host, which ends the agent.
    r.child.kill("SIGTERM");
    expect(await r.exited).toBe(0);
    await expect.poll(() => processesUsing(r.dir, r.workDir), { timeout: LONG }).toEqual([]);
    await r.dispose();
    run = undefined;
    expect(fs.existsSync(r.dir)).toBe(false);
  });
});
