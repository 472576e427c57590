/**
 * `npm start`: after `npm run build`, registers the freshly built host for a dedicated Chromium
 * profile (so nothing in the user's own browser profiles changes), launches Chromium with the
 * extension loaded and, once the extension's service worker is up, opens the goose panel in a tab.
 * The host uses the user's host config (see native-host/setup/paths.ts), so it finds the real goose;
 * without goose the panel says how to install it.
 *   npm start -- --headless   run without a window (servers, CI smoke checks)
 * Chromium's own output (mostly D-Bus complaints on a desktop without those services) goes to a log
 * file, so the terminal keeps the few lines that say where things are; only the DevTools address of a
 * headless run is passed through.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { launcherFileName } from "../../native-host/setup/launcher";
import { configFile } from "../../native-host/setup/paths";
import { DEV_EXTENSION_ID } from "../../shared/extension-ids";
import { chromiumManifest, writeManifest } from "../browsers/manifest";
import { DevToolsPipe } from "./devtools-pipe";
import { launchSummary, PANEL_URL, planStart, whereToLook } from "./start-plan";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const EXTENSION_DIR = path.join(ROOT, "dist/extension/chrome-mv3");
const LAUNCHER = path.join(ROOT, "dist/native-host", launcherFileName(process.platform));
const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "goose-browser");
const PROFILE = path.join(CACHE, "chromium-profile");
const BROWSER_LOG = path.join(CACHE, "chromium.log");
/** A cold start on a loaded machine; after this the user still has the toolbar button. */
const EXTENSION_READY_MS = 30_000;
/** How long a browser asked to close may take before it is killed. */
const CLOSE_GRACE_MS = 5_000;
/** How often to check that `npm start` (our parent) is still there. */
const PARENT_CHECK_MS = 250;

async function main(): Promise<void> {
  for (const file of [EXTENSION_DIR, LAUNCHER]) {
    if (!fs.existsSync(file)) fail(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first.`);
  }
  const plan = planStart({
    chromiumPath: process.env.CHROMIUM_PATH,
    exists: fs.existsSync,
    extensionDir: EXTENSION_DIR,
    profileDir: PROFILE,
    headless: process.argv.includes("--headless"),
    isRoot: process.getuid?.() === 0,
  });
  if ("error" in plan) fail(plan.error);
  // This profile only ever loads the checkout's build, so only its id is allowed here.
  const manifest = writeManifest(path.join(PROFILE, "NativeMessagingHosts"), chromiumManifest(LAUNCHER, [DEV_EXTENSION_ID]));
  const hostConfig = configFile({ platform: process.platform, home: os.homedir(), env: process.env });
  process.stdout.write(launchSummary(plan, { manifest, launcher: LAUNCHER, hostConfig, browserLog: BROWSER_LOG }));

  fs.mkdirSync(CACHE, { recursive: true });
  const log = fs.openSync(BROWSER_LOG, "w");
  // fd 3 and 4 are the DevTools pipe (--remote-debugging-pipe).
  const child = spawn(plan.browser, plan.args, { stdio: ["ignore", log, "pipe", "pipe", "pipe"] });
  passDevToolsAddress(child.stderr!, log);
  child.on("error", (e) => fail(`could not start ${plan.browser}: ${e.message}`));
  const exited = new Promise<number>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  const devtools = new DevToolsPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);
  closeOnSignals(devtools, () => child.kill("SIGKILL"), exited);

  const worker = await devtools.waitForTarget(
    (t) => t.type === "service_worker" && t.url.startsWith(`chrome-extension://${DEV_EXTENSION_ID}/`),
    EXTENSION_READY_MS,
  );
  const opened =
    worker !== undefined &&
    (await devtools.send("Target.createTarget", { url: PANEL_URL }).then(
      () => true,
      () => false,
    ));
  process.stdout.write(whereToLook(opened));
  process.exit(await exited);
}

/** Chromium's stderr into the log file, except the line a headless run's user needs: its DevTools address. */
function passDevToolsAddress(stderr: Readable, log: number): void {
  const lines = createInterface({ input: stderr, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", (line) => {
    fs.writeSync(log, `${line}\n`);
    if (line.startsWith("DevTools listening on ")) process.stderr.write(`${line}\n`);
  });
}

/**
 * Ctrl+C, a closed terminal, a kill, or `npm start` itself going away: close the browser (and so the
 * host and agent) before exiting. A SIGTERM to npm reaches only the `sh -c` npm runs the script in,
 * which dies without passing it on; this process then has a new parent, which is checked for.
 */
function closeOnSignals(devtools: DevToolsPipe, kill: () => void, exited: Promise<number>): void {
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    devtools.send("Browser.close").catch(() => {});
    const timer = setTimeout(kill, CLOSE_GRACE_MS);
    void exited.then(() => clearTimeout(timer));
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, close);
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) close();
  }, PARENT_CHECK_MS);
  void exited.then(() => clearInterval(watch));
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

await main();
