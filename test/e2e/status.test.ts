/** The side panel's status line for each way the host and agent can be found (or not). */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

type Box = { x: number; y: number; width: number; height: number };

import { DEV_EXTENSION_ID } from "../../shared/extension-ids";
import { ROOT } from "../helpers/chromium/harness";
import { waitForText } from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const SCREENSHOTS = path.join(ROOT, "test-results/e2e");

const launch = useHarness();

async function statusOf(page: Page): Promise<string> {
  return (await page.getByRole("status").innerText()).replace(/\s+/g, " ");
}

/** Waits until the status area shows `text`, then returns all of it. */
async function waitForStatus(page: Page, text: string | RegExp): Promise<string> {
  try {
    await page.getByRole("status").filter({ hasText: text }).waitFor({ timeout: 30_000 });
  } catch (error) {
    const shown = await statusOf(page).catch(() => "(no status area)");
    throw new Error(`status never showed ${String(text)}; it says: ${shown}`, { cause: error });
  }
  return statusOf(page);
}

describe("side panel status", () => {
  it("says goose is running, with its version and folder", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    const text = await waitForStatus(page, "is running");
    expect(text).toContain(`goose 1.50.0 is running in ${harness.workDir}`);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("goose");
    await expect(page.getByRole("button", { name: "Restart" }).isEnabled()).resolves.toBe(true);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, "status-running.png") });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: path.join(SCREENSHOTS, "status-running-dark.png") });
  });

  it("keeps the running line readable next to a session's settings and usage", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForStatus(page, "is running");
    // The host reports "running" before the ACP handshake is done; New session waits for both.
    await page.getByRole("button", { name: "New session" }).and(page.locator(":enabled")).waitFor({ timeout: 30_000 });
    const box = page.getByRole("textbox", { name: "Message goose" });
    await box.fill("echo hi");
    await box.press("Enter");
    await page.getByRole("log", { name: "Conversation" }).filter({ hasText: "hi" }).waitFor({ timeout: 30_000 });
    // A session with usage: the footer now holds the pickers, the context meter and the running line.
    const meter = page.getByRole("meter", { name: "Context used" });
    await meter.waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Send", exact: true }).waitFor({ timeout: 30_000 });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, "status-footer.png") });
    const restart = page.getByRole("status").getByRole("button", { name: "Restart" });
    const boxes = {
      restart: await restart.boundingBox(),
      meter: await meter.boundingBox(),
      mode: await page.getByRole("combobox", { name: "Mode", exact: true }).boundingBox(),
      line: await page.getByRole("status").filter({ hasText: "is running" }).boundingBox(),
    };
    const overlap = (a: Box | null, b: Box | null) =>
      !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap(boxes.restart, boxes.meter), JSON.stringify(boxes)).toBe(false);
    expect(overlap(boxes.restart, boxes.mode), JSON.stringify(boxes)).toBe(false);
    // Some of "goose 1.50.0 is running in …" must be on screen, not squeezed to nothing.
    expect(boxes.line?.width ?? 0, JSON.stringify(boxes)).toBeGreaterThan(boxes.restart?.width ?? 0);
  });

  it("sits in the composer's row at 240, 320 and 420 px: no row of its own; at 240 px one button opens all of it", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForStatus(page, "is running");
    await page.getByRole("button", { name: "New session" }).and(page.locator(":enabled")).waitFor({ timeout: 30_000 });
    const box = page.getByRole("textbox", { name: "Message goose" });
    await box.fill("echo hi");
    await box.press("Enter");
    const meter = page.getByRole("meter", { name: "Context used" });
    await meter.waitFor({ timeout: 30_000 });
    const restart = page.getByRole("button", { name: "Restart" });
    const toggle = page.getByRole("button", { name: /^goose 1\.50\.0 is running in .*, context \d+% used$/ });
    const composer = page.locator(".composer__box");
    const inside = async (part: typeof meter) => {
      const [a, c] = [await part.boundingBox(), await composer.boundingBox()];
      return !!a && !!c && a.y >= c.y && a.y + a.height <= c.y + c.height;
    };
    for (const width of [420, 320]) {
      await page.setViewportSize({ width, height: 640 });
      await restart.waitFor();
      expect(await toggle.isVisible(), `${width} px: the status shows in place, no button for it`).toBe(false);
      expect(await inside(restart), `${width} px: Restart in the composer`).toBe(true);
      expect(await inside(meter), `${width} px: the meter in the composer`).toBe(true);
      // Nothing under the composer: the status bar's row is the conversation's again.
      const bottom = await page.evaluate(() => document.querySelector(".panel")!.lastElementChild!.className);
      expect(bottom).toContain("composer");
    }
    await page.setViewportSize({ width: 240, height: 640 });
    await toggle.waitFor();
    expect(await restart.isVisible(), "240 px: Restart waits behind the status button").toBe(false);
    expect(await inside(toggle)).toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await restart.waitFor();
    await meter.waitFor();
    await waitForText(page.getByRole("status").filter({ hasText: "is running" }), `goose 1.50.0 is running in ${harness.workDir}`);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(SCREENSHOTS, `status-240-open-${scheme}.png`) });
    }
    await page.keyboard.press("Escape");
    await restart.waitFor({ state: "hidden" });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("says the host is not installed, and how to install it", async () => {
    const harness = await launch({ manifest: "missing" });
    const page = await harness.openPanel();
    const text = await waitForStatus(page, "not installed");
    expect(text).toContain("The goose-browser host is not installed.");
    expect(text).toContain("npx -y goose-browser@latest install");
    await page.screenshot({ path: path.join(SCREENSHOTS, "status-not-installed.png") });
  });

  it("says access is forbidden, naming this extension's id", async () => {
    const harness = await launch({ manifest: "wrong-origin" });
    const page = await harness.openPanel();
    const text = await waitForStatus(page, "not allowed");
    expect(text).toContain("This extension is not allowed to use the goose-browser host.");
    // The id goes into the command that allows it, bare (a release zip's id is in no manifest).
    expect(text).toContain(`npx -y goose-browser@latest install --extension-id ${DEV_EXTENSION_ID}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, "status-forbidden.png") });
  });

  it("says goose was not found, with the host's fix", async () => {
    const missing = "/nonexistent/bin/goose";
    const harness = await launch({ gooseCommand: missing });
    const page = await harness.openPanel();
    const text = await waitForStatus(page, "goose was not found.");
    // The fix text is the host's; it must be there, whatever its words.
    const fix = await page.locator(".status__fix").innerText();
    expect(fix.length).toBeGreaterThan(10);
    expect(text).toContain(fix.replace(/\s+/g, " "));
    // Nothing to talk to: even with text in the box, Send stays disabled and Enter sends nothing.
    const box = page.getByRole("textbox", { name: "Message goose" });
    await box.fill("hello?");
    expect(await page.getByRole("button", { name: "Send", exact: true }).isDisabled()).toBe(true);
    await box.press("Enter");
    expect(await box.inputValue()).toBe("hello?");
    expect(await page.getByRole("log", { name: "Conversation" }).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, "status-not-found.png") });
  });

  it("Restart asks the running host for a fresh goose", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForStatus(page, "is running");
    const before = harness.agentPids();
    expect(before.length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Restart" }).click();
    await expect.poll(() => harness!.agentPids().some((pid) => !before.includes(pid)), { timeout: 30_000 }).toBe(true);
    await waitForStatus(page, "is running");
  });
});
