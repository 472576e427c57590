/**
 * Loads the built extension into headless Debian Chromium with a throwaway profile, a native-host
 * manifest written before launch, and a host config pointing at the agent under test.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, type ConsoleMessage, chromium, type Page, type Worker } from "playwright-core";
import { chromiumManifest, writeManifest } from "../../install-scripts/manifest";
import { DEV_EXTENSION_ID } from "../../shared/extension-ids";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const EXTENSION_DIR = path.join(ROOT, "dist/extension/chrome-mv3");
export const HOST_LAUNCHER = path.join(ROOT, "dist/native-host/goose-browser-host");
export const FAKE_GOOSE = path.join(ROOT, "dist/fixtures/bin/goose");
const CHROMIUM = "/usr/bin/chromium";

/** An origin no build of ours has: what a host manifest for someone else's extension would allow. */
const FOREIGN_ID = "a".repeat(32);

export interface HarnessOptions {
  /**
   * "valid": allows this extension (default). "missing": no manifest, as if the host were never
   * installed. "wrong-origin": a manifest that allows only another extension.
   */
  manifest?: "valid" | "missing" | "wrong-origin";
  /** The goose profile's command in the host config (default: the scripted fake goose). */
  gooseCommand?: string;
  /** Extra environment for the agent: the profile's `env` in the host config. */
  agentEnv?: Record<string, string>;
  /**
   * Relaunch in an earlier harness's dir (after its closeBrowser()): the same browser profile,
   * extension storage, agent state dir, agent log and working folder.
   */
  reuseDir?: string;
  /**
   * Runs the agent behind a `tee` so everything it writes on stdout lands in `agentStdout`
   * (to see its own requests, e.g. a permission request's id). The agent's exit code is lost.
   */
  captureAgentStdout?: boolean;
  /** Another build of the extension (default: this checkout's dist/extension/chrome-mv3). */
  extensionDir?: string;
  /** More agent profiles in the host config, beside goose (e.g. another ACP agent). */
  extraProfiles?: Record<string, { command: string; args?: string[]; env?: Record<string, string> }>;
}

/** One inbound JSON-RPC message as the scripted agent logged it (SCRIPTED_AGENT_LOG). */
export interface LoggedMessage {
  jsonrpc: "2.0";
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export interface Harness {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** The temp dir holding the profile, config and logs; removed by close(). */
  dir: string;
  userDataDir: string;
  /** The agent's working directory (the host config's cwd). */
  workDir: string;
  hostLog: string;
  /** The scripted agent's SCRIPTED_AGENT_STATE_DIR (sessions persist here, per harness dir). */
  agentStateDir: string;
  /** The scripted agent's SCRIPTED_AGENT_LOG: every message it received, one JSON per line. */
  agentLog: string;
  /** What the agent wrote on stdout (only with captureAgentStdout). */
  agentStdout: string;
  openPanel(): Promise<Page>;
  /** Reloads a panel page (what closing and reopening the side panel does to its document). */
  reloadPanel(page: Page): Promise<void>;
  /** Messages the agent received so far (all agent processes of this dir). */
  agentMessages(): LoggedMessage[];
  /** Messages the agent sent so far (needs captureAgentStdout). */
  agentOutput(): LoggedMessage[];
  /** Pids of the processes running in the agent's working folder (the agent and its children). Linux only. */
  agentPids(): number[];
  /** Sends `signal` to every agent process (by pid, from /proc). Returns the pids signalled. */
  killAgent(signal?: NodeJS.Signals): number[];
  /** Host log and browser console, to attach to a failing assertion. */
  diagnostics(): string;
  /** Closes the browser but keeps the dir, for a relaunch with `reuseDir`. */
  closeBrowser(): Promise<void>;
  /** Closes the browser (if still open) and removes the dir. */
  close(): Promise<void>;
}

/** Headless Chromium with the extension loaded, and none of its background traffic (this machine has no network). */
export function chromiumArgs(extensionDir: string): string[] {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ];
}

export async function launchExtension(options: HarnessOptions = {}): Promise<Harness> {
  const manifestMode = options.manifest ?? "valid";
  const extensionDir = options.extensionDir ?? EXTENSION_DIR;
  if (extensionDir === EXTENSION_DIR) requireExtensionBuild();
  else requireFile(path.join(extensionDir, "manifest.json"), "a build of that extension");
  if (manifestMode !== "missing") requireFile(HOST_LAUNCHER, "npm run build:host");
  const gooseCommand = options.gooseCommand ?? FAKE_GOOSE;
  if (gooseCommand === FAKE_GOOSE && manifestMode === "valid") {
    requireFile(FAKE_GOOSE, "node --import tsx test/fixtures/scripted-agent/build.ts");
  }
  requireFile(CHROMIUM, "apt-get install -y chromium");

  const dir = options.reuseDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "goose-e2e-"));
  const userDataDir = path.join(dir, "profile");
  const workDir = path.join(dir, "work");
  const hostLog = path.join(dir, "host.log");
  const hostConfig = path.join(dir, "host-config.json");
  const agentStateDir = path.join(dir, "agent-state");
  const agentLog = path.join(dir, "agent.log");
  const agentStdout = path.join(dir, "agent-stdout.ndjson");
  fs.mkdirSync(workDir, { recursive: true });

  if (manifestMode !== "missing") {
    writeHostManifest(userDataDir, manifestMode === "valid" ? DEV_EXTENSION_ID : FOREIGN_ID);
  }
  let command = gooseCommand;
  if (options.captureAgentStdout) {
    command = path.join(dir, "goose-tee");
    const q = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
    // `exec` for --version and friends; the ACP server's stdout goes through tee.
    fs.writeFileSync(
      command,
      `#!/bin/sh\nif [ "$1" != acp ]; then exec ${q(gooseCommand)} "$@"; fi\n${q(gooseCommand)} "$@" | tee -a ${q(agentStdout)}\n`,
      { mode: 0o755 },
    );
  }
  writeJson(hostConfig, {
    defaultProfile: "goose",
    profiles: {
      goose: {
        command,
        args: ["acp"],
        // Each harness dir gets its own sessions and log; a test's agentEnv can still override them.
        env: { SCRIPTED_AGENT_STATE_DIR: agentStateDir, SCRIPTED_AGENT_LOG: agentLog, ...options.agentEnv },
      },
      ...options.extraProfiles,
    },
    cwd: workDir,
    logFile: hostLog,
  });

  const xdg = (name: string) => path.join(dir, name);
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: chromiumArgs(extensionDir),
    env: {
      ...process.env,
      // Keep Chromium and the host out of the real home's config and state dirs.
      XDG_CONFIG_HOME: xdg("config"),
      XDG_DATA_HOME: xdg("data"),
      XDG_STATE_HOME: xdg("state"),
      XDG_CACHE_HOME: xdg("cache"),
      GOOSE_BROWSER_HOST_CONFIG: hostConfig,
    },
  });

  const consoleLines: string[] = [];
  const record = (where: string) => (m: ConsoleMessage) => consoleLines.push(`[${where} ${m.type()}] ${m.text()}`);

  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker", { timeout: 15_000 }));
    const extensionId = new URL(worker.url()).host;
    if (extensionId !== DEV_EXTENSION_ID) {
      throw new Error(`extension loaded as ${extensionId}, expected ${DEV_EXTENSION_ID}: is the manifest key missing?`);
    }
    let open = true;
    const closeBrowser = async () => {
      if (!open) return;
      open = false;
      await context.close();
    };
    const pids = () => processesIn(workDir);
    return {
      context,
      worker,
      extensionId,
      dir,
      userDataDir,
      workDir,
      hostLog,
      agentStateDir,
      agentLog,
      agentStdout,
      async openPanel() {
        const page = await context.newPage();
        page.on("console", record("panel"));
        page.on("pageerror", (e) => consoleLines.push(`[panel pageerror] ${e.message}`));
        // About the width of Chrome's side panel.
        await page.setViewportSize({ width: 380, height: 600 });
        await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
        return page;
      },
      async reloadPanel(page) {
        await page.reload();
      },
      agentMessages: () => readNdjson(agentLog),
      agentOutput: () => readNdjson(agentStdout),
      agentPids: pids,
      killAgent(signal = "SIGKILL") {
        const killed = pids();
        for (const pid of killed) {
          try {
            process.kill(pid, signal);
          } catch {
            // already gone
          }
        }
        return killed;
      },
      diagnostics() {
        const log = fs.existsSync(hostLog) ? fs.readFileSync(hostLog, "utf8") : "(no host log)";
        return `--- host log ---\n${log}\n--- console ---\n${consoleLines.join("\n")}`;
      },
      closeBrowser,
      async close() {
        await closeBrowser();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close();
    if (!options.reuseDir) fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Chromium reads <user-data-dir>/NativeMessagingHosts/ when --user-data-dir is set. */
function writeHostManifest(userDataDir: string, allowedId: string): void {
  writeManifest(path.join(userDataDir, "NativeMessagingHosts"), chromiumManifest(HOST_LAUNCHER, [allowedId]));
}

/** "Installs" the host into a running browser's profile; Chromium reads the manifest on each connect. */
export function installHostManifest(h: Pick<Harness, "userDataDir">): void {
  requireFile(HOST_LAUNCHER, "npm run build:host");
  requireFile(FAKE_GOOSE, "node --import tsx test/fixtures/scripted-agent/build.ts");
  writeHostManifest(h.userDataDir, DEV_EXTENSION_ID);
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
}

function requireFile(file: string, howToMake: string): void {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file) || file} is missing: run \`${howToMake}\``);
}

/** A stale build would test yesterday's code, so refuse one older than its sources. */
function requireExtensionBuild(): void {
  const manifest = path.join(EXTENSION_DIR, "manifest.json");
  requireFile(manifest, "npx wxt build");
  const built = fs.statSync(manifest).mtimeMs;
  const sources = ["extension", "shared", "wxt.config.ts"].map((p) => path.join(ROOT, p));
  const newer = sources.flatMap(filesUnder).find((f) => fs.statSync(f).mtimeMs > built);
  if (newer) throw new Error(`the extension build is older than ${path.relative(ROOT, newer)}: run \`npx wxt build\``);
}

function filesUnder(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (!fs.statSync(p).isDirectory()) return [p];
  return fs.readdirSync(p).flatMap((name) => filesUnder(path.join(p, name)));
}

function readNdjson(file: string): LoggedMessage[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim().startsWith("{"))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LoggedMessage];
      } catch {
        return []; // a line still being written
      }
    });
}

/** Processes whose working folder is `workDir`: the agent (the host runs elsewhere). Linux only. */
export function processesIn(workDir: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/cwd`) === workDir;
      } catch {
        return false; // gone, or not ours to read
      }
    })
    .map(Number);
}
