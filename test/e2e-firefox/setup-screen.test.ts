/**
 * The sidebar without a working host is a setup screen in Firefox too. Firefox says the same for a
 * missing host and one installed for another add-on, and nothing at all when the host exits, so the
 * screen says what Firefox lets it know, shows the one command, and connects by itself once it is fixed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GECKO_ADDON_ID } from "../../shared/extension-ids";
import { HOST_PROTOCOL_VERSION } from "../../shared/host-protocol";
import { ROOT } from "../helpers/e2e-environment";
import { buildProtocolHosts, type ProtocolHosts } from "../helpers/protocol-hosts";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import { AGENT_BUBBLES, byRole, find, screenshot, sendPrompt, texts, waitForReady, waitForText } from "./panel";

const SETUP = '[role="status"][aria-label="Set up goose-browser"]';
const COMMAND = "npx -y goose-browser@latest install";
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const EXACT = `npx -y goose-browser@${VERSION} install`;

let harness: FirefoxHarness | undefined;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "goose-ff-setup-"));

afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
let hosts: ProtocolHosts;
beforeAll(async () => {
  hosts = await buildProtocolHosts(scratch);
}, 120_000);

/** Installs the host without touching the page, and checks it connected with no reload (the mark survives). */
async function installAndConnect(h: FirefoxHarness, page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { setupMark: number }).setupMark = 1;
  });
  h.installHost();
  await waitForReady(page);
  await waitForText(page, '[role="status"]', `goose 1.50.0 is running in ${h.workDir}`);
  expect(await page.evaluate(() => (window as unknown as { setupMark?: number }).setupMark)).toBe(1);
  expect(await texts(page, SETUP)).toEqual([]);
  await find(page, byRole("textbox", "Message goose"));
}

describe("Firefox: setup screen", () => {
  it("not installed: the command, then connects by itself once the host is installed", async () => {
    harness = await launchFirefox({ manifest: "missing" });
    const page = await harness.openPanel();
    await waitForText(page, SETUP, "Firefox found no goose-browser host for this add-on.");
    await waitForText(page, SETUP, COMMAND);
    await waitForText(page, SETUP, "connects by itself");
    await installAndConnect(harness, page);
  });

  it("installed for another add-on id: names this add-on's id, then connects once the host allows it", async () => {
    harness = await launchFirefox({ manifest: "wrong-id" });
    const page = await harness.openPanel();
    await waitForText(page, SETUP, "Firefox found no goose-browser host for this add-on.");
    await waitForText(page, SETUP, "Firefox does not say which");
    await waitForText(page, SETUP, GECKO_ADDON_ID);
    await waitForText(page, SETUP, COMMAND);
    await screenshot(page, "setup-wrong-id");
    await installAndConnect(harness, page);
  });

  it("installed but does not start (a launcher that exits at once): says so, then connects once it is repaired", async () => {
    const broken = path.join(scratch, "goose-browser-host");
    fs.writeFileSync(broken, "#!/bin/sh\necho 'node: not found' >&2\nexit 127\n", { mode: 0o755 });
    harness = await launchFirefox({ hostLauncher: broken });
    const page = await harness.openPanel();
    await waitForText(page, SETUP, "The goose-browser host is installed but does not start.");
    await waitForText(page, SETUP, "node --version");
    await waitForText(page, SETUP, COMMAND);
    await screenshot(page, "setup-not-starting");
    await installAndConnect(harness, page);
  });

  it("a host one protocol version behind keeps working, with browser tools off and a card naming the exact update", async () => {
    harness = await launchFirefox({ hostLauncher: hosts.behind });
    const page = await harness.openPanel();
    await waitForReady(page);
    const NOTE = '[role="note"][aria-label="Host update"]';
    await waitForText(page, NOTE, `(0.0.9, protocol ${HOST_PROTOCOL_VERSION - 1}) is one version behind this extension (${VERSION}`);
    await waitForText(page, NOTE, EXACT);
    const tools = await find(page, byRole("button", "Browser: not available"));
    expect(await tools.evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await screenshot(page, "setup-host-behind");
    // Chat works through it.
    await sendPrompt(page, "echo hello from behind");
    await waitForText(page, AGENT_BUBBLES, "hello from behind");
    expect(fs.readFileSync(harness.hostLog, "utf8")).not.toContain("protocol_mismatch");
  });

  it("a host one protocol version ahead that no longer serves this add-on: a card that says to update the extension", async () => {
    harness = await launchFirefox({ hostLauncher: hosts.ahead });
    const page = await harness.openPanel();
    await waitForText(page, SETUP, `The goose-browser host (9.0.0) is newer than this extension (${VERSION})`);
    await waitForText(page, SETUP, "Update the extension");
    await waitForText(page, SETUP, EXACT);
    expect(await texts(page, "textarea")).toEqual([]);
    await screenshot(page, "setup-host-ahead");
  });
});
