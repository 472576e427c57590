/**
 * The agent's status in Firefox's sidebar at its narrowest (240 px): no row of its own under the composer
 * but one button in the composer's row, named with the agent's state, that opens the meter, the folder
 * and Restart above the composer; Escape closes it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import { byRole, find, screenshot, sendPrompt, waitForGone, waitForReady, waitForTurnEnd } from "./panel";

let harness: FirefoxHarness | undefined;

afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});

const TOGGLE = ".composer .agent-status__toggle";
const RESTART = '.composer button[aria-label="Restart"]';

describe("Firefox: the agent's status at 240 px", () => {
  it("is one button in the composer's row that opens the meter, the folder and Restart", async () => {
    harness = await launchFirefox({ width: 240 });
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo hi");
    await waitForTurnEnd(page);
    const toggle = await find(page, TOGGLE);
    expect(await toggle.evaluate((el) => el.getAttribute("aria-label"))).toMatch(/^goose 1\.50\.0 is running in .*, context \d+% used$/);
    expect(await page.$eval(RESTART, (el) => el.getBoundingClientRect().width)).toBe(0);
    // The composer is the panel's last part: nothing under it.
    expect(await page.evaluate(() => document.querySelector(".panel")!.lastElementChild!.className)).toContain("composer");
    await toggle.click();
    await find(page, byRole("button", "Restart"));
    await find(page, byRole("meter", "Context used"));
    expect(await toggle.evaluate((el) => el.getAttribute("aria-expanded"))).toBe("true");
    await screenshot(page, "agent-status-240-open");
    await page.keyboard.press("Escape");
    await waitForGone(page, byRole("button", "Restart"));
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
