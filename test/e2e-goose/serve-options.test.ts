/**
 * goose serve profiles in the options page, end to end in Chromium with the real `goose serve` from npm:
 * one added with the server's URL and token, one with a token the page made and the command it printed
 * (which the test then runs, as the user would in a terminal), both written by the host into its config
 * and listed with their state from the host's diagnostics; one removed again. The token is shown only
 * until it is saved, and never reaches the host's log.
 */
import fs from "node:fs";
import { describe, expect, it, onTestFinished } from "vitest";
import { useHarness } from "../e2e/fixture";
import { LONG, screenshot, waitForText } from "../helpers/chromium/panel";
import { agentFiles } from "../helpers/e2e-environment";
import { freePort, startGooseServe } from "../helpers/goose-serve";
import { gooseBuilds } from "./real-goose";

const launch = useHarness();

describe.each(gooseBuilds().slice(-1))("goose serve $version in the options page", (build) => {
  it("adds a profile with a token, adds one with a fresh token and its command, lists their state, removes one", async () => {
    const serve = await startGooseServe(build.binary);
    onTestFinished(() => serve.close());
    const h = await launch();
    const configFile = agentFiles(h.dir).hostConfig;
    const config = () => JSON.parse(fs.readFileSync(configFile, "utf8")) as { profiles: Record<string, unknown> };
    const page = await h.context.newPage();
    await page.setViewportSize({ width: 900, height: 1200 });
    await page.goto(`chrome-extension://${h.extensionId}/options.html`);
    const section = page.getByRole("region", { name: "goose serve" });
    const form = section.getByRole("group", { name: "Add a goose serve" });
    const save = form.getByRole("button", { name: "Save profile" });
    const list = section.getByRole("list", { name: "goose serve profiles" });
    const { version } = build;

    await form.getByLabel("Name").fill("desktop", { timeout: LONG });
    expect(await save.isDisabled()).toBe(true);
    await form.getByLabel("URL (ws:// only to this machine; another needs wss://)").fill(serve.url);
    await form.getByLabel("Token (the server's GOOSE_SERVER__SECRET_KEY)").fill(serve.token);
    await save.click();
    await waitForText(form, 'Added "desktop" to the host\'s config.');
    expect(config().profiles.desktop).toEqual({ url: serve.url, token: serve.token });
    expect(fs.statSync(configFile).mode & 0o777).toBe(0o600);
    // Listed with the host's check of the server (the options page asks again once the host's profiles change).
    await waitForText(list, `desktop ${serve.url} connects: goose ${version}`);
    expect(await form.getByLabel("Token (the server's GOOSE_SERVER__SECRET_KEY)").inputValue()).toBe("");
    // The Agent section offers it among the profiles to run.
    await page
      .getByRole("region", { name: "Agent" })
      .getByRole("radio", { name: /^desktop/ })
      .waitFor({ timeout: LONG });

    const port = await freePort();
    const url = `ws://127.0.0.1:${port}/acp`;
    await form.getByLabel("Name").fill("fresh");
    await form.getByLabel("URL (ws:// only to this machine; another needs wss://)").fill(url);
    await form.getByRole("button", { name: "Generate a token" }).click();
    const shown = (await form.locator(".command__text").innerText()).trim();
    const token = /^GOOSE_SERVER__SECRET_KEY=([0-9a-f]{64}) goose serve --port (\d+)$/.exec(shown);
    expect(token, shown).not.toBeNull();
    expect(token![2]).toBe(String(port));
    await screenshot(page, "options-serve-command");
    await save.click();
    await waitForText(form, 'Added "fresh" to the host\'s config.');
    expect(config().profiles.fresh).toEqual({ url, token: token![1] });
    expect(await form.locator(".command__text").count()).toBe(0);
    expect(await page.locator("body").innerText()).not.toContain(token![1]);
    // Nothing listens there yet: the host says so.
    await waitForText(list, `fresh ${url}`);
    await expect
      .poll(async () => list.getByRole("listitem").filter({ hasText: "fresh" }).innerText(), { timeout: LONG })
      .not.toMatch(/connects/);

    // The command as printed, run in a terminal: the profile connects.
    const second = await startGooseServe(build.binary, { token: token![1], port });
    onTestFinished(() => second.close());
    await page.getByRole("region", { name: "Diagnostics" }).getByRole("button", { name: "Refresh" }).click();
    await waitForText(list, `fresh ${url} connects: goose ${version}`);
    await screenshot(page, "options-serve-profiles");

    await list.getByRole("button", { name: "Remove desktop" }).click();
    await waitForText(form, 'Removed "desktop" from the host\'s config.');
    expect(Object.keys(config().profiles)).not.toContain("desktop");
    expect(Object.keys(config().profiles)).toContain("fresh");
    await expect.poll(() => list.innerText(), { timeout: LONG }).not.toContain("desktop");

    const log = fs.readFileSync(h.hostLog, "utf8");
    expect(log).toContain("command from extension: save_serve_profile");
    expect(log).not.toContain(serve.token);
    expect(log).not.toContain(token![1]);
  });
});
