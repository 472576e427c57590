/**
 * The Chrome Web Store build (`npm run release:stores`, unpacked as the store would install it) on a
 * machine with nothing else installed: what a store reviewer sees first (docs/STORE.md). It loads under
 * an id of its own (no development key), and its panel says the host is not installed and gives the
 * one command that installs it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { DEV_EXTENSION_ID } from "../../shared/extension-ids";
import { hostInstallCommand } from "../../shared/host-package";
import { chromiumArgs, ROOT } from "../helpers/chromium/harness";
import { LONG, screenshot, waitForText } from "../helpers/chromium/panel";

const STORE_BUILD = path.join(ROOT, "dist/release/chrome-mv3");

let context: BrowserContext | undefined;
let dir: string | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the store build with nothing installed", () => {
  it("loads under a store-assigned id and shows the install command in the panel", async () => {
    if (!fs.existsSync(path.join(STORE_BUILD, "manifest.json")))
      throw new Error(`${STORE_BUILD} is missing: run \`npm run release:stores\``);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-store-"));
    const xdg = (name: string) => path.join(dir!, name);
    context = await chromium.launchPersistentContext(xdg("profile"), {
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: chromiumArgs(STORE_BUILD),
      // No host manifest anywhere Chromium looks for the user's: nothing is installed.
      env: { ...process.env, HOME: xdg("home"), XDG_CONFIG_HOME: xdg("config"), XDG_CACHE_HOME: xdg("cache") },
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker", { timeout: LONG }));
    const id = new URL(worker.url()).host;
    expect(id).toMatch(/^[a-p]{32}$/);
    expect(id).not.toBe(DEV_EXTENSION_ID);

    const panel = await context.newPage();
    await panel.setViewportSize({ width: 380, height: 600 });
    await panel.goto(`chrome-extension://${id}/sidepanel.html`);
    const card = panel.getByRole("status").filter({ hasText: "not installed" });
    await waitForText(card, "The goose-browser host is not installed.");
    await waitForText(card, hostInstallCommand());
    await screenshot(panel, "store-build-not-installed");
  });
});
