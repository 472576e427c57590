/**
 * The README's screenshot (docs/panel.png), staged with the real goose from npm and our model server: a
 * question about the page on screen, goose reading it with the browser tools (one tool card), and an
 * answer with a short list, in the panel 420 px wide, light. The staged screen must pass the tour's layout
 * checks; the file in docs/ is rewritten only with UPDATE_README_SHOT=1 (otherwise the shot goes to
 * test-results/), and must stay small.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { useHarness } from "../e2e/fixture";
import { consentCard, E2E_BUILD, permission, toolSwitch } from "../helpers/chromium/browser-tools-panel";
import { ROOT } from "../helpers/chromium/harness";
import { layoutProblems } from "../helpers/chromium/layout";
import { agentBubbles, LONG, readableToolCard, sendPrompt, transcript, waitForReady, waitForText } from "../helpers/chromium/panel";
import { startTestSite } from "../helpers/test-site";
import { gooseBuilds, launchGoose } from "./real-goose";

const launch = useHarness();
const SHOT = process.env.UPDATE_README_SHOT ? path.join(ROOT, "docs/panel.png") : path.join(ROOT, "test-results/readme/panel.png");

describe("the README's screenshot", () => {
  it("a question about the page, goose reading it, an answer with a short list: 420 px, light", async () => {
    const newest = gooseBuilds().at(-1)!;
    const site = await startTestSite();
    onTestFinished(() => site.close());
    // The model's name as a user's picker would read: goose's default for the OpenAI provider (an ordinary
    // name; our model server answers whatever the name).
    const { h } = await launchGoose(launch, newest, { extensionDir: E2E_BUILD, model: "gpt-4o" });
    const panel = await h.openPanel();
    await panel.setViewportSize({ width: 420, height: 640 });
    await panel.emulateMedia({ colorScheme: "light" });
    await waitForReady(panel);
    // The article is the tab the user looks at: read_page without a tab reads the active one.
    const article = await h.context.newPage();
    await article.goto(site.url("article.html"));
    await article.bringToFront();
    await toolSwitch(panel).click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");

    await sendPrompt(panel, "Summarise this article in three points");
    // The one question a first read of a site costs, answered as a user would.
    while (!(await panel.getByRole("button", { name: "Send", exact: true }).isVisible())) {
      for (const question of [permission(panel), consentCard(panel)]) {
        if (await question.isVisible()) await question.getByRole("button", { name: "Allow once", exact: true }).click();
      }
      await panel.waitForTimeout(100);
    }
    await readableToolCard(panel, /Read/).first().waitFor({ timeout: LONG });
    await waitForText(agentBubbles(panel).last(), "Each value in Rust has a single owner.");
    // goose's title for the session, whole (the model server's title for a summary), and the model in the picker.
    await waitForText(panel.getByRole("heading", { level: 1 }), "Summary of the article");
    expect(await panel.getByRole("combobox", { name: "Model" }).inputValue()).toBe("gpt-4o");
    expect(await agentBubbles(panel).last().locator("li").count()).toBe(3);
    // Tall enough for the whole conversation: the question, the card with what goose read, the answer.
    await panel.setViewportSize({ width: 420, height: 820 });
    expect(await transcript(panel).evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    // Nothing of the test on screen: no consent card or question left, no focus ring, nothing cut.
    await panel.locator(".composer textarea").focus();
    expect(await layoutProblems(panel, { lonelyButtons: false })).toEqual([]);
    fs.mkdirSync(path.dirname(SHOT), { recursive: true });
    await panel.screenshot({ path: SHOT });
    expect(fs.statSync(SHOT).size).toBeLessThan(150_000);
  });
});
