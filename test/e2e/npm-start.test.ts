/**
 * `npm start` itself (the build, then install-scripts/start/start.ts), headless, in a throwaway HOME with
 * the host config pointed at the scripted agent: the panel tab it opens must be the real panel (not
 * Chromium's "blocked" page) and connect to the agent; the terminal must say what was launched and
 * where, without Chromium's own chatter; a SIGTERM to the npm process must leave no browser, host or
 * agent running (npm passes it only to the `sh -c` it runs the script in).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { PANEL_URL } from "../../install-scripts/start/start-plan";
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
  const child = spawn("npm", ["start", "--", "--headless"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      npm_config_update_notifier: "false",
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
      // Everything it started, even what outlived npm (a failed run): its group, then the stragglers by pid.
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
      for (const line of processesUsing(dir, workDir)) {
        try {
          process.kill(Number(line.split(" ")[0]), "SIGKILL");
        } catch {}
      }
      if (child.exitCode === null && child.signalCode === null) await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return r;
}

/**
 * Processes this run started: every one inherits its host config variable (npm, its shell, start.ts,
 * the browser, the host), or has `dir` on its command line, or runs in the agent's folder.
 */
function processesUsing(dir: string, workDir: string): string[] {
  const marker = `GOOSE_BROWSER_HOST_CONFIG=${path.join(dir, "host.json")}\0`;
  const ours = fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
        const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8");
        return cmdline.includes(dir) || environ.includes(marker) ? [`${pid} ${cmdline.slice(0, 200)}`] : [];
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
    const browserLog = path.join(r.dir, "cache/goose-browser/chromium.log");
    expect(out).toContain(`browser log: ${browserLog}`);
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

    // Chromium's own messages went to its log; the terminal got only its DevTools address from it.
    expect(fs.readFileSync(browserLog, "utf8")).toContain("DevTools listening on");
    const chromiumLines = (r.stdout() + r.stderr()).split("\n").filter((l) => /dbus|bus\.cc|^\[\d+:\d+:/i.test(l));
    expect(chromiumLines).toEqual([]);

    // A SIGTERM to npm alone (a process manager, `kill <npm pid>`): start.ts closes the browser, which
    // ends the host, which ends the agent.
    expect(processesUsing(r.dir, r.workDir).length).toBeGreaterThan(3);
    r.child.kill("SIGTERM");
    await r.exited;
    await expect.poll(() => processesUsing(r.dir, r.workDir), { timeout: LONG }).toEqual([]);
    await r.dispose();
    run = undefined;
    expect(fs.existsSync(r.dir)).toBe(false);
  });
});
