/**
 * Loads the built extension into headless Debian Chromium with a throwaway profile, a native-host
 * manifest written before launch, and a host config pointing at the agent under test.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, type ConsoleMessage, chromium, type Page, type Worker } from "playwright-core";
import { chromiumManifest, writeManifest } from "../../../install-scripts/browsers/manifest";
import { DEV_EXTENSION_ID } from "../../../shared/extension-ids";
import {
  type AgentOptions,
  agentFiles,
  FAKE_GOOSE,
  HOST_LAUNCHER,
  type LoggedMessage,
  processesIn,
  ROOT,
  readHostLog,
  readNdjson,
  requireFile,
  requireFreshBuild,
  writeHostConfig,
} from "../e2e-environment";

export { FAKE_GOOSE, HOST_LAUNCHER, type LoggedMessage, processesIn, ROOT };
export const EXTENSION_DIR = path.join(ROOT, "dist/extension/chrome-mv3");
const CHROMIUM = "/usr/bin/chromium";

/** An origin no build of ours has: what a host manifest for someone else's extension would allow. */
const FOREIGN_ID = "a".repeat(32);

export interface HarnessOptions extends AgentOptions {
  /**
   * "valid": allows this extension (default). "missing": no manifest, as if the host were never
   * installed. "wrong-origin": a manifest that allows only another extension.
   */
  manifest?: "valid" | "missing" | "wrong-origin";
  /**
   * Relaunch in an earlier harness's dir (after its closeBrowser()): the same browser profile,
   * extension storage, agent state dir, agent log and working folder.
   */
  reuseDir?: string;
  /** Another build of the extension (default: this checkout's dist/extension/chrome-mv3). */
  extensionDir?: string;
  /** Another build's host launcher, to go with that extension (default: this checkout's). */
  hostLauncher?: string;
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
  if (extensionDir === EXTENSION_DIR) requireFreshBuild(EXTENSION_DIR, "npx wxt build");
  else requireFile(path.join(extensionDir, "manifest.json"), "a build of that extension");
  if (manifestMode !== "missing") requireFile(HOST_LAUNCHER, "npm run build:host");
  if ((options.gooseCommand ?? FAKE_GOOSE) === FAKE_GOOSE && manifestMode === "valid") {
    requireFile(FAKE_GOOSE, "node --import tsx test/fixtures/scripted-agent/build.ts");
  }
  requireFile(CHROMIUM, "apt-get install -y chromium");

  const dir = options.reuseDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "goose-e2e-"));
  const userDataDir = path.join(dir, "profile");
  const files = agentFiles(dir);
  const { workDir, hostLog, hostConfig, agentStateDir, agentLog, agentStdout } = files;

  if (manifestMode !== "missing") {
    writeHostManifest(userDataDir, manifestMode === "valid" ? DEV_EXTENSION_ID : FOREIGN_ID, options.hostLauncher);
  }
  writeHostConfig(dir, files, options);

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
        return `--- host log ---\n${readHostLog(hostLog)}\n--- console ---\n${consoleLines.join("\n")}`;
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
function writeHostManifest(userDataDir: string, allowedId: string, launcher = HOST_LAUNCHER): void {
  writeManifest(path.join(userDataDir, "NativeMessagingHosts"), chromiumManifest(launcher, [allowedId]));
}

/** "Installs" the host into a running browser's profile; Chromium reads the manifest on each connect. */
export function installHostManifest(h: Pick<Harness, "userDataDir">): void {
  requireFile(HOST_LAUNCHER, "npm run build:host");
  requireFile(FAKE_GOOSE, "node --import tsx test/fixtures/scripted-agent/build.ts");
  writeHostManifest(h.userDataDir, DEV_EXTENSION_ID);
}
