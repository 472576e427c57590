/** The options page: diagnostics with a copyable report, and choosing another configured agent and folder. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAKE_GOOSE, type Harness } from "../helpers/chromium/harness";
import { LONG, screenshot, waitForText } from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

async function openOptions(harness: Harness) {
  const page = await harness.context.newPage();
  await page.setViewportSize({ width: 900, height: 1000 });
  await page.goto(`chrome-extension://${harness.extensionId}/options.html`);
  return page;
}

describe("options page", () => {
  it("shows diagnostics from the host and copies a report with the log's last lines", async () => {
    const h = await launch({ extraProfiles: { ghost: { command: "/nowhere/ghost-acp" } } });
    const page = await openOptions(h);
    const diag = page.getByRole("region", { name: "Diagnostics" });
    await waitForText(diag, "goose 1.50.0 is running");
    await waitForText(diag, h.extensionId);
    await waitForText(page.getByLabel("Host log"), "command from extension: diagnose");
    const agent = page.getByRole("region", { name: "Agent" });
    // Said once, in a sentence: the file that is missing, not "not found Not found; looked in 1 places".
    await waitForText(agent, "ghost — not found: /nowhere/ghost-acp does not exist or is not executable.");
    expect(await agent.textContent()).not.toMatch(/Not found|1 places/);
    // Headless Chromium cannot grant clipboard access to an extension origin: record what is written.
    await page.evaluate(() => {
      navigator.clipboard.writeText = async (text: string) => {
        (window as unknown as { copied: string }).copied = text;
      };
    });
    await diag.getByRole("button", { name: "Copy report" }).click();
    await waitForText(diag, "Report copied.");
    const report = await page.evaluate(() => (window as unknown as { copied: string }).copied);
    expect(report).toContain(`extension: ${h.extensionId}`);
    expect(report).toContain("agent (goose): running");
    expect(report).toContain("ghost: /nowhere/ghost-acp → not found");
    expect(report).toMatch(/host log \(last \d+ lines\):/);
    await screenshot(page, "options-diagnostics");
  });

  it("runs another configured agent in a chosen folder, and sessions start there", async () => {
    const h = await launch({ extraProfiles: { other: { command: FAKE_GOOSE, args: ["acp"] } } });
    const folder = path.join(h.dir, "project");
    fs.mkdirSync(folder);
    const page = await openOptions(h);
    const agent = page.getByRole("region", { name: "Agent" });
    await agent.getByRole("radio", { name: /^other/ }).check({ timeout: LONG });
    await agent.getByRole("textbox", { name: "Working folder" }).fill(folder);
    await agent.getByRole("button", { name: "Use this agent" }).click();
    await waitForText(page.getByRole("region", { name: "Diagnostics" }), `is running in ${folder}`);
    expect(await h.worker.evaluate(() => chrome.storage.local.get("goose.agentChoice"))).toEqual({
      "goose.agentChoice": { profile: "other", cwd: folder },
    });
    // The host log names the profile it started.
    await expect.poll(() => fs.readFileSync(h!.hostLog, "utf8")).toMatch(new RegExp(`starting agent other: .* in ${folder}`));

    await agent.getByRole("textbox", { name: "Working folder" }).fill("/no/such/folder");
    await agent.getByRole("button", { name: "Use this agent" }).click();
    await waitForText(agent, "is not an existing absolute folder");
  });
});
