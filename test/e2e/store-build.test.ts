/**
 * The Chrome Web Store build (`npm run release:stores`, unpacked as the store would install it) on a
 * machine with nothing else installed: what a store reviewer sees first (docs/STORE.md). It loads under
 * an id of its own (no development key), and its panel says the host is not installed and gives the
 * one command that installs it, with this id in it (`install --extension-id <that id>`: no manifest the
 * installer writes lists it, as for a release zip loaded unpacked). Then the user's second step: that
 * command, as copied, run with the released npm package installed offline into a temporary prefix, and
 * the panel connects by itself and completes a turn.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { DEV_EXTENSION_ID } from "../../shared/extension-ids";
import { hostInstallCommand } from "../../shared/host-package";
import { chromiumArgs, FAKE_GOOSE, ROOT } from "../helpers/chromium/harness";
import { agentBubbles, LONG, screenshot, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";

const STORE_BUILD = path.join(ROOT, "dist/release/chrome-mv3");
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

let context: BrowserContext | undefined;
let dir: string | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the store build", () => {
  it("with nothing installed shows the install command; after the npm install it connects by itself and completes a turn", async () => {
    if (!fs.existsSync(path.join(STORE_BUILD, "manifest.json")))
      throw new Error(`${STORE_BUILD} is missing: run \`npm run release:stores\``);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-store-"));
    const at = (name: string) => path.join(dir!, name);
    const home = at("home");
    // The user's own HOME: the browser's profile where Chromium keeps it, and goose where its installer puts it.
    const profile = path.join(home, ".config/chromium");
    fs.mkdirSync(path.join(home, ".local/bin"), { recursive: true });
    fs.writeFileSync(path.join(home, ".local/bin/goose"), `#!/bin/sh\nexec '${FAKE_GOOSE}' "$@"\n`, { mode: 0o755 });
    const env = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
      XDG_DATA_HOME: path.join(home, ".local/share"),
      XDG_STATE_HOME: path.join(home, ".local/state"),
      XDG_CACHE_HOME: path.join(home, ".cache"),
      PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
    };
    context = await chromium.launchPersistentContext(profile, {
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: chromiumArgs(STORE_BUILD),
      env,
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
    // No manifest the installer writes lists this id: the command names it, or the card would come back
    // after the install as "not allowed" (issue #35's loop).
    const shown = hostInstallCommand("latest", id);
    expect(shown).toBe(`npx -y goose-browser@latest install --extension-id ${id}`);
    await waitForText(card, shown);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await card.getByRole("button", { name: "Copy the command" }).click();
    await card.getByRole("button", { name: "Copy the command" }).filter({ hasText: "Copied" }).waitFor({ timeout: LONG });
    const copied = await panel.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    await screenshot(panel, "store-build-not-installed");

    // The released package, installed offline as `npx` would, then its install for this extension's id.
    execFileSync("npm", ["run", "--silent", "release:package"], { cwd: ROOT });
    const prefix = at("prefix");
    const npm = spawnSync(
      "npm",
      ["i", "-g", "--offline", "--no-audit", "--no-fund", "--prefix", prefix, path.join(ROOT, `dist/release/goose-browser-${VERSION}.tgz`)],
      { env: { ...process.env, HOME: at("npm-home"), npm_config_cache: at("npm-cache") }, encoding: "utf8" },
    );
    expect(npm.status, npm.stderr).toBe(0);
    // What the user copied, word for word, with npx's fetch replaced by the package installed here.
    const words = copied.split(" ");
    expect(words.slice(0, 3)).toEqual(["npx", "-y", "goose-browser@latest"]);
    const install = spawnSync(path.join(prefix, "bin/goose-browser"), words.slice(3), { env, encoding: "utf8" });
    expect(install.status, install.stdout + install.stderr).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(profile, "NativeMessagingHosts/dev.goose_browser.host.json"), "utf8"));
    expect(manifest.allowed_origins).toContain(`chrome-extension://${id}/`);
    expect(manifest.path.startsWith(path.join(home, ".local/share/goose-browser"))).toBe(true);

    // No reload: the setup screen tries again by itself (at most 15 s apart) and the panel becomes a chat.
    await waitForReady(panel);
    await sendPrompt(panel, "hello from the store build");
    await waitForTurnEnd(panel);
    await waitForText(agentBubbles(panel).last(), /\S/);
    expect(await agentBubbles(panel).count()).toBeGreaterThan(0);
  });
});
