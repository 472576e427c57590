/**
 * README.md's "Use it in your own browser" steps, followed literally on a fresh clone: the commands
 * of its first `sh` block run as written (read from the clone's README, so the two cannot drift), in
 * a throwaway HOME where goose was installed the way goose's installer does (~/.local/bin). Then the
 * folder the README says to load is loaded into Chromium with the profile the installer registered
 * the host for, and the panel must reach goose. npm uses the machine's package cache, offline first.
 * The clone is of the committed HEAD: commit before running this after editing README.md.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { CHROMIUM_EXTENSION_IDS, chromeOrigin, DEV_EXTENSION_ID, HOST_NAME } from "../../shared/extension-ids";
import { FAKE_GOOSE, ROOT } from "../helpers/chromium/harness";
import { waitForReady } from "../helpers/chromium/panel";

const SECTION = "## Use it in your own browser";

let dir: string | undefined;
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  context = undefined;
  dir = undefined;
});

/** The commands of the first ```sh block after `heading`, one per line, comments dropped. */
function readmeCommands(readme: string, heading: string): string[] {
  const section = readme.slice(readme.indexOf(heading));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (readme.indexOf(heading) < 0 || block === undefined) throw new Error(`README.md has no sh block under "${heading}"`);
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line.length > 0 && !line.startsWith("#"));
}

/** The folder the README tells the user to load unpacked. */
function folderToLoad(readme: string): string {
  const folder = /\*\*Load unpacked\*\* and choose the folder `([^`]+)`/.exec(readme)?.[1];
  if (!folder) throw new Error("README.md no longer names the folder to load unpacked");
  return folder;
}

/** Runs one README line as words (no shell: the README's lines are plain commands). */
function run(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const [command, ...args] = line.split(/\s+/);
  return new Promise((resolve) => {
    const child = spawn(command!, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("README: use it in your own browser", () => {
  it("its commands, run literally on a fresh clone, build what it says to load and register the host; " +
    "the panel then reaches goose", async () => {
    expect(readmeCommands(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"), SECTION)).toContain("npm ci");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-readme-"));
    const clone = path.join(dir, "goose-browser");
    const home = path.join(dir, "home");
    execFileSync("git", ["clone", "--quiet", ROOT, clone]);
    fs.mkdirSync(path.join(dir, "tmp"));
    // goose's installer puts goose in ~/.local/bin.
    fs.mkdirSync(path.join(home, ".local/bin"), { recursive: true });
    fs.writeFileSync(path.join(home, ".local/bin/goose"), `#!/bin/sh\nexec '${FAKE_GOOSE}' "$@"\n`, { mode: 0o755 });

    const npmCache = execFileSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).trim();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: home,
      SHELL: "/bin/sh",
      LANG: "C.UTF-8",
      TMPDIR: path.join(dir, "tmp"),
      npm_config_cache: npmCache,
      npm_config_prefer_offline: "true",
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
    };
    const readme = fs.readFileSync(path.join(clone, "README.md"), "utf8");
    const outputs: string[] = [];
    for (const line of readmeCommands(readme, SECTION)) {
      const r = await run(line, clone, env);
      outputs.push(`$ ${line}\n${r.output}`);
      expect(r.code, outputs.join("\n")).toBe(0);
    }

    // The folder to load exists and is the extension with the fixed id's key.
    const extensionDir = path.join(clone, folderToLoad(readme));
    const manifest = JSON.parse(fs.readFileSync(path.join(extensionDir, "manifest.json"), "utf8")) as { key?: string };
    expect(manifest.key).toBeDefined();
    // The host is registered for this machine's Chromium (installed, never started in this HOME).
    const chromiumProfile = path.join(home, ".config/chromium");
    const hostManifest = JSON.parse(fs.readFileSync(path.join(chromiumProfile, "NativeMessagingHosts", `${HOST_NAME}.json`), "utf8"));
    expect(hostManifest).toMatchObject({ allowed_origins: CHROMIUM_EXTENSION_IDS.map(chromeOrigin) });
    expect(hostManifest.path.startsWith(home)).toBe(true);
    expect(outputs.join("\n")).toMatch(/live check: host .* started goose .*which answered initialize/);

    // "Load unpacked": the same folder, in Chromium with that HOME's profile.
    context = await chromium.launchPersistentContext(chromiumProfile, {
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, "--no-sandbox", "--no-first-run"],
      env: { ...env, XDG_CONFIG_HOME: path.join(home, ".config") },
    });
    const page = await context.newPage();
    await page.goto(`chrome-extension://${DEV_EXTENSION_ID}/sidepanel.html`);
    await waitForReady(page);
  }, 400_000);
});
