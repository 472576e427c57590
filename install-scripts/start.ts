/**
 * `npm start`: after `npm run build`, registers the freshly built host for a dedicated Chromium
 * profile (so nothing in the user's own browser profiles changes) and launches Chromium with the
 * extension loaded and the goose panel open. The host uses the user's host config (see
 * native-host/paths.ts), so it finds the real goose; without goose the panel says how to install it.
 *   npm start -- --headless   run without a window (servers, CI smoke checks)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEV_EXTENSION_ID } from "../shared/extension-ids";
import { launcherFileName } from "./launcher";
import { chromiumManifest, writeManifest } from "./manifest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXTENSION_DIR = path.join(ROOT, "dist/extension/chrome-mv3");
const LAUNCHER = path.join(ROOT, "dist/native-host", launcherFileName(process.platform));
const PROFILE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "goose-browser", "chromium-profile");
const BROWSERS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

function main(): void {
  for (const [file, how] of [
    [EXTENSION_DIR, "npm run build"],
    [LAUNCHER, "npm run build"],
  ] as const) {
    if (!fs.existsSync(file)) fail(`${path.relative(ROOT, file)} is missing: run \`${how}\` first.`);
  }
  const browser = process.env.CHROMIUM_PATH ?? BROWSERS.find((b) => fs.existsSync(b));
  if (!browser) fail("No Chromium found. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH.");
  const manifest = writeManifest(path.join(PROFILE, "NativeMessagingHosts"), chromiumManifest(LAUNCHER));
  console.log(`host registered for the dedicated profile: ${manifest}`);
  const headless = process.argv.includes("--headless");
  const args = [
    `--user-data-dir=${PROFILE}`,
    `--disable-extensions-except=${EXTENSION_DIR}`,
    `--load-extension=${EXTENSION_DIR}`,
    "--no-first-run",
    "--no-default-browser-check",
    ...(headless ? ["--headless", "--disable-gpu", "--remote-debugging-port=0"] : []),
    ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
    `chrome-extension://${DEV_EXTENSION_ID}/sidepanel.html`,
  ];
  console.log(`launching ${browser} with goose (close the browser to stop)`);
  const child = spawn(browser!, args, { stdio: "inherit" });
  child.on("exit", (code) => process.exit(code ?? 0));
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

main();
