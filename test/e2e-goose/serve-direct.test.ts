/**
 * The direct path, end to end in Chromium with the real `goose serve` from npm: no host installed (a
 * Flatpak or snap browser cannot start one), so the extension opens goose serve's WebSocket itself.
 * The setup screen prints the exact command (a fresh token, this extension's origin allowed), which
 * the test runs as the user would; the panel chats, and comes back by itself after the server
 * restarts; forgotten in Options, it is the setup screen again. A goose serve started without `--allowed-origin` refuses the extension's origin, and the
 * panel says so with the exact flag; started again with it, Restart connects. A wrong token has its own
 * screen. History lists a session another client of the server made (as goose Desktop would), which
 * opens and goes on. The service worker's console (Chromium's own lines included, which name a failed
 * WebSocket's whole URL) never shows the token.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { useHarness } from "../e2e/fixture";
import {
  agentBubbles,
  LONG,
  screenshot,
  sendPrompt,
  userBubbles,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { watchWorkerLog } from "../helpers/chromium/worker-log";
import { startFakeServe } from "../helpers/fake-goose-serve";
import { freePort, sessionElsewhere, startGooseServe } from "../helpers/goose-serve";
import { goesOnAfterRestart, gooseBuilds } from "./real-goose";

const launch = useHarness();

describe.each(gooseBuilds())("goose serve $version, straight from the extension", (build) => {
  it("connects with the command the setup screen prints, chats, and comes back after the server restarts", async () => {
    const h = await launch({ manifest: "missing" });
    const log = await watchWorkerLog(h.context);
    onTestFinished(() => log.close());
    const page = await h.openPanel();
    const setup = page.getByRole("status", { name: "Set up goose-browser" });
    await setup.getByText("No host? Connect to goose serve directly (Flatpak, snap)").click({ timeout: LONG });
    const port = await freePort();
    await setup.getByLabel("goose serve's address").fill(`ws://127.0.0.1:${port}/acp`);
    const command = (await setup.locator(".setup__direct .command__text").innerText()).trim();
    const origin = `chrome-extension://${h.extensionId}`;
    const printed = new RegExp(`^GOOSE_SERVER__SECRET_KEY=([0-9a-f]{64}) goose serve --port ${port} --allowed-origin ${origin}$`).exec(
      command,
    );
    expect(printed, command).not.toBeNull();
    const token = printed![1]!;
    await screenshot(page, "setup-direct");
    // The command as printed, in a terminal.
    const serve = await startGooseServe(build.binary, { token, port, args: ["--allowed-origin", origin] });
    onTestFinished(() => serve.close());
    await setup.getByLabel("Working folder on goose's machine").fill(h.workDir);
    await setup.getByRole("button", { name: "Connect to goose serve" }).click();

    await waitForReady(page);
    // goose's version, read on the connection (the direct path's version check).
    await waitForText(page.getByRole("status").first(), `${build.version} is running in ${h.workDir}`);
    await sendPrompt(page, "hello straight to goose serve");
    await waitForText(agentBubbles(page), "You said: hello straight to goose serve");
    await waitForTurnEnd(page);
    // No host, so no browser tools, and the switch says why.
    const toolsSwitch = page.getByRole("button", { name: "Browser: not available" });
    expect(await toolsSwitch.getAttribute("title")).toBe(
      "Browser tools need the goose-browser host: this panel talks to goose serve directly, without one.",
    );
    expect(await h.worker.evaluate(() => chrome.storage.local.get("goose.directServe"))).toEqual({
      "goose.directServe": { url: `ws://127.0.0.1:${port}/acp`, token, cwd: h.workDir },
    });

    await goesOnAfterRestart(page, serve);
    expect(fs.existsSync(h.hostLog) ? fs.readFileSync(h.hostLog, "utf8") : "").toBe("");
    // The worker's console (Chromium's own lines too) never names the token.
    expect(log.lines.join("\n")).toContain("goose: no native host; connecting to goose serve directly");
    expect(log.lines.join("\n")).not.toContain(token);

    // Forgotten in Options: the panel is the setup screen again, and storage keeps no token.
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    const section = options.getByRole("region", { name: "goose serve" });
    await waitForText(section, `this browser talks to the goose serve ws://127.0.0.1:${port}/acp directly`);
    await section.getByRole("button", { name: "Forget this goose serve" }).click();
    await setup.waitFor({ timeout: LONG });
    expect(await h.worker.evaluate(() => chrome.storage.local.get("goose.directServe"))).toEqual({});
  });

  it("explains a goose serve that refuses the extension's origin with the exact flag, and connects once it has it", async () => {
    const first = await startGooseServe(build.binary);
    onTestFinished(() => first.close());
    const h = await launch({ manifest: "missing" });
    const log = await watchWorkerLog(h.context);
    onTestFinished(() => log.close());
    await h.worker.evaluate((serve) => chrome.storage.local.set({ "goose.directServe": serve }), {
      url: first.url,
      token: first.token,
      cwd: h.workDir,
    });
    const page = await h.openPanel();
    const origin = `chrome-extension://${h.extensionId}`;
    await waitForText(page.locator("main"), `refused this extension's origin (403)`);
    await waitForText(page.locator("main"), `Start it again with --allowed-origin ${origin} and the same token:`);
    const fix = `GOOSE_SERVER__SECRET_KEY=<your token> goose serve --port ${first.port} --allowed-origin ${origin}`;
    expect(await page.locator("main code").allInnerTexts()).toContain(fix);
    expect(await page.locator("main").innerText()).not.toContain(first.token);
    // Told apart over HTTP (CORS refused), so no WebSocket failed with the token in its URL.
    expect(log.lines.join("\n")).toContain("blocked by CORS policy");
    expect(log.lines.join("\n")).not.toContain(first.token);
    await screenshot(page, "direct-wrong-origin");

    await first.kill();
    const fixed = await startGooseServe(build.binary, { token: first.token, port: first.port, args: ["--allowed-origin", origin] });
    onTestFinished(() => fixed.close());
    await page.getByRole("button", { name: "Restart" }).first().click();
    await waitForReady(page);
    await sendPrompt(page, "allowed now");
    await waitForText(agentBubbles(page), "You said: allowed now");
  });

  it("says a wrong token is wrong, with what to do, and shows it nowhere", async () => {
    const h = await launch({ manifest: "missing" });
    const serve = await startGooseServe(build.binary, { args: ["--allowed-origin", `chrome-extension://${h.extensionId}`] });
    onTestFinished(() => serve.close());
    const log = await watchWorkerLog(h.context);
    onTestFinished(() => log.close());
    const wrong = "f".repeat(64);
    await h.worker.evaluate((d) => chrome.storage.local.set({ "goose.directServe": d }), { url: serve.url, token: wrong, cwd: h.workDir });
    const page = await h.openPanel();
    await waitForText(page.locator("main"), `the goose serve at ${serve.url} refused the token (401)`);
    await waitForText(page.locator("main"), "Forget this goose serve in goose's Options (goose serve), then connect again");
    await screenshot(page, "direct-wrong-token");
    expect(await page.locator("main").innerText()).not.toContain(wrong);
    expect(log.lines.join("\n")).toContain("goose: no native host; connecting to goose serve directly");
    expect(log.lines.join("\n")).not.toContain(wrong);
  });

  it("lists a session another client of the server made (as goose Desktop would) in History, opens it and goes on; names one goose's CLI made", async () => {
    const h = await launch({ manifest: "missing" });
    const serve = await startGooseServe(build.binary, { args: ["--allowed-origin", `chrome-extension://${h.extensionId}`] });
    onTestFinished(() => serve.close());
    await sessionElsewhere(serve, "made in goose desktop");
    // goose's own CLI, on the same HOME: a session of goose's `user` kind (not sync: the model server is in this process).
    await promisify(execFile)(build.binary, ["run", "--text", "made in the goose cli"], {
      env: { ...process.env, ...serve.model.gooseEnv(), HOME: serve.home },
      cwd: h.workDir,
      timeout: 60_000,
    });
    await h.worker.evaluate((d) => chrome.storage.local.set({ "goose.directServe": d }), {
      url: serve.url,
      token: serve.token,
      cwd: h.workDir,
    });
    const page = await h.openPanel();
    await waitForReady(page);
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("region", { name: "Session history" });
    // goose titles it from the prompt.
    const cli = history.getByRole("button", { name: /^made in the goose/ });
    await waitForText(cli, "Made in goose (Desktop or the CLI)");
    const desktop = history.getByRole("button", { name: "made in goose desktop", exact: true });
    // Made over ACP, as this panel's are: goose says nothing that tells it apart, so no words.
    expect(await desktop.innerText()).not.toContain("Made in goose");
    await screenshot(page, "direct-history-sources");
    await desktop.click({ timeout: LONG });
    await waitForText(userBubbles(page), "made in goose desktop");
    await waitForText(agentBubbles(page), "You said: made in goose desktop");
    await sendPrompt(page, "and went on here");
    await waitForText(agentBubbles(page), "You said: and went on here");
    await waitForTurnEnd(page);
  });
});

describe("a goose serve too old, straight from the extension", () => {
  it("gets the host path's 'too old' screen, with both versions and what to do", async () => {
    const h = await launch({ manifest: "missing" });
    // Our own server (no goose older than 1.50.0 is on npm's pins), speaking as goose 1.40.0 and letting this extension in.
    const fake = await startFakeServe({
      token: "old-goose-token",
      version: "1.40.0",
      allowedOrigin: `chrome-extension://${h.extensionId}`,
    });
    onTestFinished(() => fake.close());
    await h.worker.evaluate((d) => chrome.storage.local.set({ "goose.directServe": d }), {
      url: fake.url,
      token: "old-goose-token",
      cwd: h.workDir,
    });
    const page = await h.openPanel();
    await waitForText(page.locator("main"), "goose serve 1.40.0 is too old; goose-browser needs 1.50.0 or newer.");
    await waitForText(page.locator("main"), "Update goose on the machine it runs on (goose update)");
    await screenshot(page, "direct-too-old");
    // Checked once, then left alone until Restart.
    expect(fake.connections).toBe(1);
  });
});
