/**
 * The direct path, end to end in Chromium with the real `goose serve` from npm: no host installed (a
 * Flatpak or snap browser cannot start one), so the extension opens goose serve's WebSocket itself.
 * The setup screen prints the exact command (a fresh token, this extension's origin allowed), which
 * the test runs as the user would; the panel chats, and comes back by itself after the server
 * restarts; forgotten in Options, it is the setup screen again. A goose serve started without `--allowed-origin` refuses the extension's origin, and the
 * panel says so with the exact flag; started again with it, Restart connects.
 */
import fs from "node:fs";
import { describe, expect, it, onTestFinished } from "vitest";
import { useHarness } from "../e2e/fixture";
import { agentBubbles, LONG, screenshot, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { freePort, startGooseServe } from "../helpers/goose-serve";
import { goesOnAfterRestart, gooseBuilds } from "./real-goose";

const launch = useHarness();

describe.each(gooseBuilds())("goose serve $version, straight from the extension", (build) => {
  it("connects with the command the setup screen prints, chats, and comes back after the server restarts", async () => {
    const h = await launch({ manifest: "missing" });
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
    await screenshot(page, "direct-wrong-origin");

    await first.kill();
    const fixed = await startGooseServe(build.binary, { token: first.token, port: first.port, args: ["--allowed-origin", origin] });
    onTestFinished(() => fixed.close());
    await page.getByRole("button", { name: "Restart" }).first().click();
    await waitForReady(page);
    await sendPrompt(page, "allowed now");
    await waitForText(agentBubbles(page), "You said: allowed now");
  });
});
