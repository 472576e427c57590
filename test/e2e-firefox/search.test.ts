/** Full-text search in Firefox: Ctrl+K, a word from an earlier session, opened there with the word marked. */
import { afterEach, describe, expect, it } from "vitest";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import {
  AGENT_BUBBLES,
  byRole,
  find,
  openNewSession,
  sendPrompt,
  TRANSCRIPT,
  texts,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "./panel";

let harness: FirefoxHarness | undefined;

afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});

describe("Firefox: full-text search", () => {
  it("finds a word of an earlier session and opens that session with the word marked", async () => {
    harness = await launchFirefox();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo the key is wombatcompass");
    await waitForText(page, AGENT_BUBBLES, "wombatcompass");
    await waitForTurnEnd(page);

    await openNewSession(page);
    await sendPrompt(page, "echo something else");
    await waitForText(page, AGENT_BUBBLES, "something else");
    await waitForTurnEnd(page);

    await page.keyboard.down("Control");
    await page.keyboard.press("k");
    await page.keyboard.up("Control");
    const box = await find(page, byRole("searchbox", "Search sessions"));
    await page.waitForFunction((el) => el === document.activeElement, {}, box);
    await page.keyboard.type("wombatcompass");
    const hit = await find(page, ".search-results .search-hit");
    expect(await hit.$eval("mark", (m) => m.textContent)).toBe("wombatcompass");
    await hit.click();

    const mark = await find(page, `${TRANSCRIPT} mark.search-match`);
    expect(await mark.evaluate((m) => m.textContent)).toBe("wombatcompass");
    // The first session, still open in its tab, shown again (no replay), its words marked where the user and the agent said them.
    await waitForText(page, AGENT_BUBBLES, "wombatcompass");
    expect((await texts(page, TRANSCRIPT)).join("")).not.toContain("something else");
    expect(await page.$$eval(`${TRANSCRIPT} mark.search-match`, (ms) => ms.map((m) => m.textContent))).toContain("wombatcompass");
    expect(harness.agentMessages().filter((m) => m.method === "session/load")).toHaveLength(0);
  });
});
