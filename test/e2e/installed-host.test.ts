/**
 * The whole install path, for real: `install-host` into a throwaway HOME (goose found through the
 * user's login-shell PATH), then Chromium started with an EMPTY PATH, as from a desktop launcher,
 * reading the installed manifest. The installed host must still start and reach the agent.
 */
import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { DEV_EXTENSION_ID, HOST_NAME } from "../../shared/extension-ids";
import { chromiumArgs, EXTENSION_DIR } from "../helpers/chromium/harness";
import { sendPrompt, transcript, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { requireBuilt, TempMachine } from "../helpers/install-harness";

/** The browser binary itself: Debian's /usr/bin/chromium is a shell script that needs a PATH. */
const CHROMIUM_BINARY = "/usr/lib/chromium/chromium";

let machine: TempMachine | undefined;
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  machine?.dispose();
  context = undefined;
  machine = undefined;
});

describe("installed host", () => {
  it("is started by Chromium with an empty PATH and reaches the agent", async () => {
    requireBuilt();
    machine = new TempMachine({ dirs: [".config/chromium"] });
    const install = await machine.run("install");
    expect(install.code, install.out).toBe(0);
    const manifestFile = machine.path(`.config/chromium/NativeMessagingHosts/${HOST_NAME}.json`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { path: string; allowed_origins: string[] };
    expect(manifest.allowed_origins).toContain(`chrome-extension://${DEV_EXTENSION_ID}/`);
    expect(manifest.path.startsWith(machine.home)).toBe(true);

    // The user data dir is the real Chromium profile dir of that HOME, so Chromium reads the
    // manifest the installer wrote there (<user-data-dir>/NativeMessagingHosts).
    context = await chromium.launchPersistentContext(machine.path(".config/chromium"), {
      executablePath: fs.existsSync(CHROMIUM_BINARY) ? CHROMIUM_BINARY : "/usr/bin/chromium",
      headless: true,
      args: chromiumArgs(EXTENSION_DIR),
      // Its own TMPDIR, which the host hands to the agent: the scripted agent keeps its sessions there.
      env: { HOME: machine.home, PATH: "", TMPDIR: machine.tmp },
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker", { timeout: 15_000 }));
    expect(new URL(worker.url()).host).toBe(DEV_EXTENSION_ID);
    const page = await context.newPage();
    await page.goto(`chrome-extension://${DEV_EXTENSION_ID}/sidepanel.html`);
    try {
      await waitForReady(page);
      await sendPrompt(page, "echo from an installed host");
      await waitForTurnEnd(page);
      await waitForText(transcript(page), "echo from an installed host");
    } catch (error) {
      const log = path.join(machine.home, ".local/state/goose-browser/host.log");
      throw new Error(`${(error as Error).message}\n--- host log ---\n${fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "(none)"}`);
    }
    const log = fs.readFileSync(path.join(machine.home, ".local/state/goose-browser/host.log"), "utf8");
    expect(log).toMatch(/starting agent goose: .*dist\/fixtures\/bin\/goose acp/);
    // The agent got the browser's environment through the host: its sessions are in this machine's TMPDIR.
    expect(fs.readdirSync(path.join(machine.tmp, "goose-browser-scripted-agent", "sessions")).length).toBeGreaterThan(0);
  });
});
