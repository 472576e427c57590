/**
 * Loads the built extension into headless Debian Chromium with a throwaway profile, a native-host
 * manifest written before launch, and a host config pointing at the agent under test.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type ConsoleMessage, type Page, type Worker } from "playwright-core";
import { DEV_EXTENSION_ID } from "../../shared/extension-ids";
import { chromiumManifest, writeManifest } from "../../install-scripts/manifest";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const EXTENSION_DIR = path.join(ROOT, "dist/extension/chrome-mv3");
export const HOST_LAUNCHER = path.join(ROOT, "dist/native-host/goose-browser-host");
export const FAKE_GOOSE = path.join(ROOT, "dist/fixtures/bin/goose");
const CHROMIUM = "/usr/bin/chromium";

/** An origin no build of ours has: what a host manifest for someone else's extension would allow. */
export const FOREIGN_ID = "a".repeat(32);

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
  openPanel(): Promise<Page>;
  /** Host log and browser console, to attach to a failing assertion. */
  diagnostics(): string;
  close(): Promise<void>;
}

export async function launchExtension(options: HarnessOptions = {}): Promise<Harness> {
  const manifestMode = options.manifest ?? "valid";
  requireExtensionBuild();
  if (manifestMode !== "missing") requireFile(HOST_LAUNCHER, "npm run build:host");
  const gooseCommand = options.gooseCommand ?? FAKE_GOOSE;
  if (gooseCommand === FAKE_GOOSE && manifestMode === "valid") {
    requireFile(FAKE_GOOSE, "node --import tsx test/fixtures/scripted-agent/build.ts");
  }
  requireFile(CHROMIUM, "apt-get install -y chromium");

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-e2e-"));
  const userDataDir = path.join(dir, "profile");
  const workDir = path.join(dir, "work");
  const hostLog = path.join(dir, "host.log");
  const hostConfig = path.join(dir, "host-config.json");
  fs.mkdirSync(workDir, { recursive: true });

  if (manifestMode !== "missing") {
    writeHostManifest(userDataDir, manifestMode === "valid" ? DEV_EXTENSION_ID : FOREIGN_ID);
  }
  writeJson(hostConfig, {
    defaultProfile: "goose",
    profiles: { goose: { command: gooseCommand, args: ["acp"], env: options.agentEnv ?? {} } },
    cwd: workDir,
    logFile: hostLog,
  });

  const xdg = (name: string) => path.join(dir, name);
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
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
    return {
      context,
      worker,
      extensionId,
      dir,
      userDataDir,
      workDir,
      hostLog,
      async openPanel() {
        const page = await context.newPage();
        page.on("console", record("panel"));
        // About the width of Chrome's side panel.
        await page.setViewportSize({ width: 380, height: 600 });
        await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
        return page;
      },
      diagnostics() {
        const log = fs.existsSync(hostLog) ? fs.readFileSync(hostLog, "utf8") : "(no host log)";
        return `--- host log ---\n${log}\n--- console ---\n${consoleLines.join("\n")}`;
      },
      async close() {
        await context.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
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
