/** The side panel's status line for each way the host and agent can be found (or not). */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEV_EXTENSION_ID } from "../../shared/extension-ids";
import { ROOT, installHostManifest, launchExtension, type Harness } from "./harness";

const SCREENSHOTS = path.join(ROOT, "test-results/e2e");

let harness: Harness | undefined;

afterEach(async (ctx) => {
  if (harness && ctx.task.result?.state === "fail") console.error(harness.diagnostics());
  await harness?.close();
  harness = undefined;
});

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
    harness = await launchExtension();
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

  it("says the host is not installed, and how to install it", async () => {
    harness = await launchExtension({ manifest: "missing" });
    const page = await harness.openPanel();
    const text = await waitForStatus(page, "not installed");
    expect(text).toContain("The goose-browser host is not installed.");
    expect(text).toContain("npm run install-host");
    await page.screenshot({ path: path.join(SCREENSHOTS, "status-not-installed.png") });
  });

  it("says access is forbidden, naming this extension's id", async () => {
    harness = await launchExtension({ manifest: "wrong-origin" });
    const page = await harness.openPanel();
    const text = await waitForStatus(page, "not allowed");
    expect(text).toContain("This extension is not allowed to use the goose-browser host.");
    expect(text).toContain(`chrome-extension://${DEV_EXTENSION_ID}/`);
    await page.screenshot({ path: path.join(SCREENSHOTS, "status-forbidden.png") });
  });

  it("says goose was not found, with the host's fix", async () => {
    const missing = "/nonexistent/bin/goose";
    harness = await launchExtension({ gooseCommand: missing });
    const page = await harness.openPanel();
    const text = await waitForStatus(page, "goose was not found.");
    // The fix text is the host's; it must be there, whatever its words.
    const fix = await page.locator(".status__fix").innerText();
    expect(fix.length).toBeGreaterThan(10);
    expect(text).toContain(fix.replace(/\s+/g, " "));
    await page.screenshot({ path: path.join(SCREENSHOTS, "status-not-found.png") });
  });

  it("Restart asks the running host for a fresh goose", async () => {
    harness = await launchExtension();
    const page = await harness.openPanel();
    await waitForStatus(page, "is running");
    const before = agentPids(harness.workDir);
    expect(before.length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Restart" }).click();
    await expect.poll(() => agentPids(harness!.workDir).some((pid) => !before.includes(pid)), { timeout: 30_000 }).toBe(true);
    await waitForStatus(page, "is running");
  });

  it("Restart reconnects once the missing host has been installed", async () => {
    harness = await launchExtension({ manifest: "missing" });
    const page = await harness.openPanel();
    await waitForStatus(page, "not installed");
    installHostManifest(harness);
    await page.getByRole("button", { name: "Restart" }).click();
    const text = await waitForStatus(page, "is running");
    expect(text).toContain("goose 1.50.0 is running");
  });
});

/** Processes running in the agent's working folder: the agent (the host runs elsewhere). Linux only. */
function agentPids(workDir: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/cwd`) === workDir;
      } catch {
        return false; // gone, or not ours to read
      }
    })
    .map(Number);
}
