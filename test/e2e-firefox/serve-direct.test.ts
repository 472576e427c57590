/**
 * The direct path in Firefox with the real `goose serve` from npm (the newest pin, or GOOSE_BINARY):
 * no host installed, so the sidebar's background opens goose serve's WebSocket itself. Firefox sends
 * the add-on's own origin, `moz-extension://<its internal UUID>`, as the WebSocket's Origin (seen on
 * the wire: Firefox ESR 153 on an upgrade and a fetch from the background page), the origin
 * `runtime.getURL` gives, so the command the setup screen prints admits it. A wrong token gets its own
 * screen, and the sidebar goes on after the server restarts. A goose serve started without the
 * add-on's origin gets a screen naming the exact `--allowed-origin` flag; started again with it,
 * Restart connects. A host installed later takes over on Restart, and Options says which way goose is
 * reached.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "puppeteer-core";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, type GooseServe, startGooseServe } from "../helpers/goose-serve";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import {
  AGENT_BUBBLES,
  byRole,
  click,
  find,
  LONG,
  screenshot,
  sendPrompt,
  texts,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "./panel";

const GOOSE = process.env.GOOSE_BINARY ?? path.resolve(import.meta.dirname, "../goose/node_modules/goose-newest/bin/goose");
const SETUP = '[role="status"][aria-label="Set up goose-browser"]';
/** The internal UUID the harness gives the add-on (extensions.webextensions.uuids). */
const ORIGIN = "moz-extension://6f1d0c2e-4b7a-4e58-9c3d-2a5b8e7f0d14";

let harness: FirefoxHarness | undefined;
let serve: GooseServe | undefined;
afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  await serve?.close();
  harness = undefined;
  serve = undefined;
});

/** Sets a text field as typing would (Preact listens to `input`). */
async function fill(page: Page, label: string, value: string): Promise<void> {
  const field = await find(page, byRole("textbox", label));
  await field.evaluate((el, v) => {
    (el as HTMLInputElement).value = v;
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }, value);
}

/** What the setup screen's Connect keeps, written as it would. */
async function setDirect(page: Page, direct: { url: string; token: string; cwd: string }): Promise<void> {
  await page.evaluate(
    (d) =>
      (globalThis as unknown as { browser: { storage: { local: { set(items: object): Promise<void> } } } }).browser.storage.local.set({
        "goose.directServe": d,
      }),
    direct,
  );
}

describe("Firefox: goose serve without the host", () => {
  it("connects with the command the setup screen prints (the add-on's moz-extension origin), chats, and goes on after a restart", async () => {
    if (!fs.existsSync(GOOSE)) throw new Error(`${GOOSE} is missing: run \`npm ci --prefix test/goose\` (or set GOOSE_BINARY)`);
    harness = await launchFirefox({ manifest: "missing" });
    const page = await harness.openPanel();
    await click(page, `${SETUP} .setup__direct summary`);
    const port = await freePort();
    await fill(page, "goose serve's address", `ws://127.0.0.1:${port}/acp`);
    const pattern = new RegExp(`^GOOSE_SERVER__SECRET_KEY=([0-9a-f]{64}) goose serve --port ${port} --allowed-origin ${ORIGIN}$`);
    await waitForText(page, ".setup__direct .command__text", pattern);
    const command = (await texts(page, ".setup__direct .command__text"))[0]!.trim();
    const token = pattern.exec(command)![1]!;
    // The command as printed, in a terminal.
    serve = await startGooseServe(GOOSE, { token, port, args: ["--allowed-origin", ORIGIN] });
    await fill(page, "Working folder on goose's machine", harness.workDir);
    await click(page, byRole("button", "Connect to goose serve"));

    await waitForReady(page);
    await sendPrompt(page, "hello from firefox, directly");
    await waitForText(page, AGENT_BUBBLES, "You said: hello from firefox, directly");
    await waitForTurnEnd(page);
    await screenshot(page, "firefox-direct");

    await serve.kill();
    await waitForText(page, "main", /stopped unexpectedly/);
    await serve.start();
    await waitForReady(page);
    await sendPrompt(page, "after the restart");
    await waitForText(page, AGENT_BUBBLES, "You said: after the restart", LONG);
    await waitForTurnEnd(page);
    expect(await texts(page, AGENT_BUBBLES)).toHaveLength(2);
    // No host ran, and the add-on's console (in Firefox's output) never shows the token.
    expect(fs.existsSync(harness.hostLog)).toBe(false);
    expect(harness.diagnostics()).not.toContain(token);
  });

  it("says the token is wrong, with what to do, and never shows it", async () => {
    if (!fs.existsSync(GOOSE)) throw new Error(`${GOOSE} is missing: run \`npm ci --prefix test/goose\` (or set GOOSE_BINARY)`);
    serve = await startGooseServe(GOOSE, { args: ["--allowed-origin", ORIGIN] });
    harness = await launchFirefox({ manifest: "missing" });
    const page = await harness.openPanel();
    const wrong = "0".repeat(64);
    await setDirect(page, { url: serve.url, token: wrong, cwd: harness.workDir });
    await waitForText(page, "main", `the goose serve at ${serve.url} refused the token (401)`);
    await waitForText(page, "main", "Forget this goose serve in goose's Options");
    await screenshot(page, "firefox-direct-wrong-token");
    expect((await texts(page, "main")).join("\n")).not.toContain(wrong);
    // The add-on's console is in Firefox's output (its own line shows it), and the token is not.
    const output = harness.diagnostics();
    expect(output).toContain("goose: no native host; connecting to goose serve directly");
    expect(output).not.toContain(wrong);
  });

  it("hands over to the host once it is installed (on Restart), and Options says which way goose is reached", async () => {
    if (!fs.existsSync(GOOSE)) throw new Error(`${GOOSE} is missing: run \`npm ci --prefix test/goose\` (or set GOOSE_BINARY)`);
    serve = await startGooseServe(GOOSE, { args: ["--allowed-origin", ORIGIN] });
    harness = await launchFirefox({ manifest: "missing" });
    const page = await harness.openPanel();
    await setDirect(page, { url: serve.url, token: serve.token, cwd: harness.workDir });
    await waitForReady(page);
    const options = await harness.openExtensionPage("options.html");
    const section = '[aria-label="goose serve"]';
    await waitForText(options, section, `In use: no host, so this browser talks to the goose serve ${serve.url} directly`);

    harness.installHost();
    await click(page, byRole("button", "Restart"));
    // The host's agent (the fake goose 1.50.0 of the host config), not goose serve.
    await waitForText(page, '[role="status"]', `goose 1.50.0 is running in ${harness.workDir}`);
    await waitForReady(page);
    await harness.reloadPanel(options);
    await waitForText(
      options,
      section,
      `In use: the goose-browser host. The goose serve set up for this browser without a host (${serve.url})`,
    );
    await options.evaluate((css) => document.querySelector(css)?.scrollIntoView(), section);
    await screenshot(options, "firefox-options-direct-standby");
    expect(fs.readFileSync(harness.hostLog, "utf8")).not.toContain(serve.token);
  });

  it("names the exact --allowed-origin flag when goose serve refuses the add-on's origin, and connects on Restart once it has it", async () => {
    if (!fs.existsSync(GOOSE)) throw new Error(`${GOOSE} is missing: run \`npm ci --prefix test/goose\` (or set GOOSE_BINARY)`);
    // Started without --allowed-origin: goose takes only its own origins.
    serve = await startGooseServe(GOOSE);
    harness = await launchFirefox({ manifest: "missing" });
    const page = await harness.openPanel();
    await setDirect(page, { url: serve.url, token: serve.token, cwd: harness.workDir });
    await waitForText(page, "main", `the goose serve at ${serve.url} refused this extension's origin (403)`);
    await waitForText(page, "main", `Start it again with --allowed-origin ${ORIGIN} and the same token:`);
    const fix = `GOOSE_SERVER__SECRET_KEY=<your token> goose serve --port ${serve.port} --allowed-origin ${ORIGIN}`;
    expect(await texts(page, "main code")).toContain(fix);
    await screenshot(page, "firefox-direct-wrong-origin");
    expect((await texts(page, "main")).join("\n")).not.toContain(serve.token);
    expect(harness.diagnostics()).not.toContain(serve.token);

    // The fix as printed: the same port and token, the add-on's origin allowed.
    const refused = serve;
    await refused.kill();
    serve = await startGooseServe(GOOSE, { token: refused.token, port: refused.port, args: ["--allowed-origin", ORIGIN] });
    await refused.close();
    await click(page, byRole("button", "Restart"));
    await waitForReady(page);
    await sendPrompt(page, "allowed now");
    await waitForText(page, AGENT_BUBBLES, "You said: allowed now");
    await waitForTurnEnd(page);
    expect(harness.diagnostics()).not.toContain(serve.token);
  });
});
