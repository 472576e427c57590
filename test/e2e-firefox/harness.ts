/**
 * Installs the Firefox e2e build as a temporary add-on in headless Debian Firefox ESR, driven by
 * puppeteer-core over WebDriver BiDi, with a throwaway HOME whose ~/.mozilla holds the host manifest
 * (where the installer writes it) and a host config pointing at the agent under test.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { browserTargets } from "../../install-scripts/browsers/browsers";
import { firefoxManifest, writeManifest } from "../../install-scripts/browsers/manifest";
import { GECKO_ADDON_ID } from "../../shared/extension-ids";
import {
  type AgentFiles,
  type AgentOptions,
  agentFiles,
  FAKE_GOOSE,
  HOST_LAUNCHER,
  type LoggedMessage,
  ROOT,
  readHostLog,
  readNdjson,
  requireFile,
  requireFreshBuild,
  writeHostConfig,
} from "../helpers/e2e-environment";
import { navigateExtensionPage } from "./bidi";

const FIREFOX_EXTENSION_DIR = path.join(ROOT, "dist/extension/firefox-mv2-e2e");
/** An add-on id no build of ours has: what a host manifest for someone else's add-on would allow. */
const FOREIGN_ADDON_ID = "someone-else@example.org";
const FIREFOX = "/usr/bin/firefox-esr";
/** The add-on's internal UUID, fixed through `extensions.webextensions.uuids` so tests know its pages' URLs. */
const ADDON_UUID = "6f1d0c2e-4b7a-4e58-9c3d-2a5b8e7f0d14";
const EXTENSION_ORIGIN = `moz-extension://${ADDON_UUID}`;
/**
 * Since Firefox 153, WebDriver may navigate only to web, file and blob URLs unless the browser
 * allows system access, and the add-on's pages are moz-extension:// URLs
 * (https://firefox-source-docs.mozilla.org/testing/geckodriver/Flags.html#allow-system-access).
 */
const ALLOW_SYSTEM_ACCESS = "--remote-allow-system-access";
/** Lines of Firefox's output kept for diagnostics (the add-on's console goes there). */
const OUTPUT_LINES = 400;

export interface FirefoxHarnessOptions extends AgentOptions {
  /**
   * "valid": the host manifest allows this add-on (default). "missing": no manifest, as if the host
   * were never installed. "wrong-id": a manifest that allows only another add-on.
   */
  manifest?: "valid" | "missing" | "wrong-id";
  /** The launcher the manifest names (default: this checkout's); installHost() always writes this checkout's. */
  hostLauncher?: string;
  /** An X display (e.g. ":99" from xvfb.ts) to run Firefox with a real window on, instead of headless. */
  display?: string;
  /** The headless window's width (default 380, about the sidebar's); 240 is the sidebar at its narrowest. */
  width?: number;
  /** Firefox preferences to set, e.g. a feature turned off as in an older Firefox the add-on supports. */
  prefs?: Record<string, string | number | boolean>;
}

export interface FirefoxHarness extends AgentFiles {
  /** The temp dir holding HOME, the profile, the config and the logs; removed by close(). */
  dir: string;
  /** Writes the host manifest into HOME, as the installer does (after `manifest: "missing"`); Firefox reads it on each connect. */
  installHost(): void;
  /** Opens the sidebar's page (sidepanel.html) in a tab of its own, loaded. */
  openPanel(): Promise<Page>;
  /** Opens one of the add-on's pages (e.g. "options.html") in a new tab, loaded. */
  openExtensionPage(file: string): Promise<Page>;
  /** Reloads a panel page (what closing and reopening the sidebar does to its document). */
  reloadPanel(page: Page): Promise<void>;
  /** Opens a web page in a new tab, loaded. */
  openPage(url: string): Promise<Page>;
  /** Messages the agent received so far (all agent processes of this dir). */
  agentMessages(): LoggedMessage[];
  /** Messages the agent sent so far (needs captureAgentStdout). */
  agentOutput(): LoggedMessage[];
  /** Host log and Firefox's output (with the add-on's console), to attach to a failing assertion. */
  diagnostics(): string;
  close(): Promise<void>;
}

/** After a test: prints what the harness saw when the test failed, then closes it. */
export async function closeAfterTest(harness: FirefoxHarness | undefined, ctx: { task: { result?: { state?: string } } }): Promise<void> {
  if (harness && ctx.task.result?.state === "fail") console.error(harness.diagnostics());
  await harness?.close();
}

export async function launchFirefox(options: FirefoxHarnessOptions = {}): Promise<FirefoxHarness> {
  const manifestMode = options.manifest ?? "valid";
  requireFreshBuild(FIREFOX_EXTENSION_DIR, "npm run build:ext:firefox-e2e");
  if (manifestMode === "valid") {
    requireFile(HOST_LAUNCHER, "npm run build:host");
    if ((options.gooseCommand ?? FAKE_GOOSE) === FAKE_GOOSE) requireFile(FAKE_GOOSE, "npm run build:fixtures");
  }
  requireFile(FIREFOX, "apt-get install -y firefox-esr");

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-ff-"));
  const home = path.join(dir, "home");
  const files = agentFiles(dir);
  fs.mkdirSync(home);
  const installHost = () => writeManifest(firefoxHostDir(home), firefoxManifest(HOST_LAUNCHER));
  const launcher = options.hostLauncher ?? HOST_LAUNCHER;
  if (manifestMode === "valid") writeManifest(firefoxHostDir(home), firefoxManifest(launcher));
  if (manifestMode === "wrong-id") {
    writeManifest(firefoxHostDir(home), { ...firefoxManifest(launcher), allowed_extensions: [FOREIGN_ADDON_ID] });
  }
  writeHostConfig(dir, files, options);

  const output: string[] = [];
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      headless: options.display === undefined,
      // About the width of Firefox's sidebar (page.setViewport needs a BiDi command Firefox 140 lacks).
      // A real window keeps its own size, with the sidebar beside the page.
      ...(options.display === undefined
        ? { defaultViewport: { width: options.width ?? 380, height: 600 }, args: [ALLOW_SYSTEM_ACCESS] }
        : { defaultViewport: null, args: [ALLOW_SYSTEM_ACCESS, "--width=1000", "--height=700"] }),
      userDataDir: path.join(dir, "profile"),
      env: {
        ...process.env,
        // Firefox reads native-messaging manifests from $HOME/.mozilla; the host's config, state and
        // logs stay out of the real home too.
        HOME: home,
        XDG_CONFIG_HOME: path.join(dir, "config"),
        XDG_DATA_HOME: path.join(dir, "data"),
        XDG_STATE_HOME: path.join(dir, "state"),
        XDG_CACHE_HOME: path.join(dir, "cache"),
        GOOSE_BROWSER_HOST_CONFIG: files.hostConfig,
        ...(options.display !== undefined ? { DISPLAY: options.display } : {}),
      },
      extraPrefsFirefox: {
        "extensions.webextensions.uuids": JSON.stringify({ [GECKO_ADDON_ID]: ADDON_UUID }),
        // The add-on's console (background and pages) on Firefox's stdout, for diagnostics(): BiDi's
        // console events do not cover moz-extension pages.
        "devtools.console.stdout.content": true,
        "devtools.console.stdout.chrome": true,
        // Built-in work no test needs, off for a faster start and a quieter output: the site-fix add-on
        // (hundreds of console lines), remote settings (this machine has no network), backups.
        "extensions.webcompat.enabled": false,
        "services.settings.server": "http://127.0.0.1:9/",
        "browser.backup.enabled": false,
        "browser.backup.scheduled.enabled": false,
        "browser.ml.enable": false,
        ...options.prefs,
      },
    });
    keepTail(browser, output);
    const id = await browser.installExtension(FIREFOX_EXTENSION_DIR);
    if (id !== GECKO_ADDON_ID) throw new Error(`the add-on installed as ${id}, expected ${GECKO_ADDON_ID}: is gecko.id missing?`);
  } catch (error) {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const b = browser;

  const openExtensionPage = async (file: string): Promise<Page> => {
    const page = await b.newPage();
    await navigateExtensionPage(page, `${EXTENSION_ORIGIN}/${file}`);
    return page;
  };

  return {
    dir,
    installHost() {
      requireFile(HOST_LAUNCHER, "npm run build:host");
      requireFile(FAKE_GOOSE, "npm run build:fixtures");
      installHost();
    },
    ...files,
    openPanel: () => openExtensionPage("sidepanel.html"),
    openExtensionPage,
    async reloadPanel(page) {
      await navigateExtensionPage(page, await page.evaluate(() => location.href));
    },
    async openPage(url) {
      const page = await b.newPage();
      await page.goto(url); // waits for the load event: web pages are reported as loaded
      return page;
    },
    agentMessages: () => readNdjson(files.agentLog),
    agentOutput: () => readNdjson(files.agentStdout),
    diagnostics() {
      return [
        `--- host log ---\n${readHostLog(files.hostLog)}`,
        `--- firefox output (last ${OUTPUT_LINES} lines) ---\n${output.join("\n")}`,
      ].join("\n");
    },
    async close() {
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Where the installer puts the host manifest for Firefox, for this HOME. */
function firefoxHostDir(home: string): string {
  const target = browserTargets({ platform: "linux", home, env: {} }).find((t) => t.id === "firefox");
  if (target?.where !== "dir") throw new Error("the installer knows no Firefox manifest dir on Linux");
  return target.manifestDir;
}

/** Keeps the last lines of Firefox's stdout and stderr (puppeteer pipes both). */
function keepTail(browser: Browser, lines: string[]): void {
  const child = browser.process();
  for (const stream of [child?.stdout, child?.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      lines.push(
        ...String(chunk)
          .split("\n")
          .filter((line) => line.trim() !== ""),
      );
      lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES));
    });
  }
}
