/**
 * The panel without a working host is a setup screen: it names what is wrong (not installed, installed
 * for another extension, installed but not starting, a host of another version), shows the one
 * command that fixes it, and connects by itself once the host is there: no reload, no click.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_EXTENSION_ID } from "../../shared/extension-ids";
import { HOST_PROTOCOL_VERSION } from "../../shared/host-protocol";
import { installHostManifest, ROOT } from "../helpers/chromium/harness";
import { buildProtocolHosts } from "../helpers/protocol-hosts";
import { useHarness } from "./fixture";

const SCREENSHOTS = path.join(ROOT, "test-results/e2e");
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const LATEST = "npx -y goose-browser@latest install";
const EXACT = `npx -y goose-browser@${VERSION} install`;

const launch = useHarness();
let scratch: string;
/** Hosts built for this test that report the protocol before and after this extension's (protocol-hosts.ts). */
let hostBehind: string;
let hostAhead: string;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "goose-setup-"));
  ({ behind: hostBehind, ahead: hostAhead } = await buildProtocolHosts(scratch));
}, 120_000);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const setupScreen = (page: Page) => page.getByRole("status", { name: "Set up goose-browser" });

async function textOf(page: Page, text: string | RegExp): Promise<string> {
  const screen = setupScreen(page).filter({ hasText: text });
  try {
    await screen.waitFor({ timeout: 30_000 });
  } catch (error) {
    const shown = await page
      .locator("main")
      .innerText()
      .catch(() => "(no panel)");
    throw new Error(`the setup screen never showed ${String(text)}; the panel says: ${shown}`, { cause: error });
  }
  return (await screen.innerText()).replace(/\s+/g, " ");
}

/** Marks the page, so a reload (which would drop the mark) cannot pass for connecting by itself. */
async function mark(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { setupMark: number }).setupMark = 1;
  });
}

async function connectsByItself(page: Page): Promise<void> {
  await page.getByRole("status").filter({ hasText: "goose 1.50.0 is running" }).waitFor({ timeout: 45_000 });
  expect(await page.evaluate(() => (window as unknown as { setupMark?: number }).setupMark)).toBe(1);
  expect(await setupScreen(page).count()).toBe(0);
  await expect(page.getByRole("textbox", { name: "Message goose" }).isVisible()).resolves.toBe(true);
}

describe("setup screen (Chromium)", () => {
  it("not installed: says so, copies the command, and connects by itself once the host is installed", async () => {
    const harness = await launch({ manifest: "missing" });
    await harness.context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await harness.openPanel();
    const text = await textOf(page, "not installed");
    expect(text).toContain("The goose-browser host is not installed.");
    expect(text).toContain(LATEST);
    expect(text).toContain("connects by itself");
    // The whole panel is the setup screen: no message box to type into.
    expect(await page.getByRole("textbox", { name: "Message goose" }).count()).toBe(0);
    await page.getByRole("button", { name: "Copy the command" }).click();
    await page.getByRole("button", { name: "Copy the command" }).filter({ hasText: "Copied" }).waitFor({ timeout: 5_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LATEST);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, "setup-not-installed.png") });

    // The options page's diagnostics say the same, with the same command.
    const options = await harness.context.newPage();
    await options.goto(`chrome-extension://${DEV_EXTENSION_ID}/options.html`);
    const diagnostics = options.getByRole("region", { name: "Diagnostics" });
    await diagnostics.filter({ hasText: "The goose-browser host is not installed." }).waitFor({ timeout: 15_000 });
    expect(await diagnostics.locator("code", { hasText: LATEST }).count()).toBe(1);
    await options.close();

    await mark(page);
    installHostManifest(harness);
    await connectsByItself(page);
  });

  it("installed for another extension id: the command names this extension's id, copies as it is, and the panel connects once the host allows it", async () => {
    const harness = await launch({ manifest: "wrong-origin" });
    await harness.context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await harness.openPanel();
    const text = await textOf(page, "not allowed");
    const allow = `${LATEST} --extension-id ${DEV_EXTENSION_ID}`;
    expect(text).toContain("This extension is not allowed to use the goose-browser host.");
    // It promises what the command does: a plain install never adds an id it was not given.
    expect(text).toContain("it adds this extension's id");
    expect(text).toContain(allow);
    // One thing to copy: the command, with the bare id in it (no origin beside it).
    expect(text).not.toContain(`chrome-extension://${DEV_EXTENSION_ID}/`);
    await page.getByRole("button", { name: "Copy the command" }).click();
    await page.getByRole("button", { name: "Copy the command" }).filter({ hasText: "Copied" }).waitFor({ timeout: 5_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(allow);
    await page.screenshot({ path: path.join(SCREENSHOTS, "setup-forbidden.png") });
    await mark(page);
    installHostManifest(harness);
    await connectsByItself(page);
  });

  it("installed but does not start (a launcher that exits at once): says so, then connects once it is repaired", async () => {
    const broken = path.join(fs.mkdtempSync(path.join(scratch, "broken-")), "goose-browser-host");
    fs.writeFileSync(broken, "#!/bin/sh\necho 'node: not found' >&2\nexit 127\n", { mode: 0o755 });
    const harness = await launch({ hostLauncher: broken });
    const page = await harness.openPanel();
    const text = await textOf(page, "does not start");
    expect(text).toContain("The goose-browser host is installed but does not start.");
    expect(text).toContain("node --version");
    expect(text).toContain("Native host has exited.");
    expect(text).toContain(LATEST);
    await page.screenshot({ path: path.join(SCREENSHOTS, "setup-not-starting.png") });
    await mark(page);
    installHostManifest(harness); // the install command rewrites the manifest for a working launcher
    await connectsByItself(page);
  });

  it("a launcher that cannot be run (not executable): it ends before its hello, and the screen says it does not start", async () => {
    const stale = path.join(fs.mkdtempSync(path.join(scratch, "stale-")), "goose-browser-host");
    fs.writeFileSync(stale, "#!/bin/sh\nexit 0\n", { mode: 0o644 });
    const harness = await launch({ hostLauncher: stale });
    const page = await harness.openPanel();
    const text = await textOf(page, "does not start");
    expect(text).toContain("The goose-browser host is installed but does not start.");
    // Chromium's words for it on Linux: the same as for a launcher that exits.
    expect(text).toContain("Native host has exited.");
    expect(text).toContain(LATEST);
  });

  it("a manifest whose launcher is gone (deleted or moved): Chromium checks the path and says not found, so the screen says not installed", async () => {
    const harness = await launch({ hostLauncher: path.join(scratch, "deleted", "goose-browser-host") });
    const page = await harness.openPanel();
    const text = await textOf(page, "not installed");
    expect(text).toContain("The goose-browser host is not installed.");
    expect(text).toContain(LATEST);
    await mark(page);
    installHostManifest(harness);
    await connectsByItself(page);
  });

  it("a host one protocol version behind keeps working, with browser tools off and a card naming the exact update", async () => {
    const harness = await launch({ hostLauncher: hostBehind });
    const page = await harness.openPanel();
    await page.getByRole("status").filter({ hasText: "goose 1.50.0 is running" }).waitFor({ timeout: 30_000 });
    const notice = page.getByRole("note", { name: "Host update" });
    await notice.waitFor({ timeout: 10_000 });
    const text = (await notice.innerText()).replace(/\s+/g, " ");
    expect(text).toContain(`(0.0.9, protocol ${HOST_PROTOCOL_VERSION - 1}) is one version behind this extension (${VERSION}`);
    expect(text).toContain("Browser tools");
    expect(text).toContain(EXACT);
    // Browser tools are off and cannot be turned on against this host.
    const tools = page.getByRole("button", { name: "Browser: not available" });
    expect(await tools.isDisabled()).toBe(true);
    expect(await tools.getAttribute("title")).toContain("has no browser tools");
    await page.screenshot({ path: path.join(SCREENSHOTS, "setup-host-behind.png") });

    // Chat works through it.
    await page.getByRole("button", { name: "New session" }).and(page.locator(":enabled")).waitFor({ timeout: 30_000 });
    const box = page.getByRole("textbox", { name: "Message goose" });
    await box.fill("echo hello from behind");
    await box.press("Enter");
    await page.locator(".message--agent").filter({ hasText: "hello from behind" }).waitFor({ timeout: 30_000 });
    // The host was asked to start at its own protocol, and never asked for browser tools.
    const log = fs.readFileSync(harness.hostLog, "utf8");
    expect(log).not.toContain("protocol_mismatch");
    expect(log).not.toContain("browser_tools");
  });

  it("a host one protocol version ahead that no longer serves this extension: a card that says to update the extension", async () => {
    const harness = await launch({ hostLauncher: hostAhead });
    const page = await harness.openPanel();
    const text = await textOf(page, "newer than this extension");
    expect(text).toContain(`The goose-browser host (9.0.0) is newer than this extension (${VERSION})`);
    expect(text).toContain("Update the extension");
    expect(text).toContain(EXACT);
    expect(await page.getByRole("textbox", { name: "Message goose" }).count()).toBe(0);
    // The host was never asked to start an agent.
    expect(harness.agentPids()).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, "setup-host-ahead.png") });
  });
});
