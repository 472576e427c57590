/**
 * The screenshot tour: every state of the side panel (and the options page), in light and dark,
 * driven the way a user would against the scripted agent. Each state asserts the few things it
 * must show; the screenshots are this test's artifact, written to
 * test-results/tour/<state>-<light|dark>.png (gitignored) for a person to look at, never compared
 * pixel by pixel.
 */
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/chromium/harness";
import {
  agentBubbles,
  composer,
  LONG,
  sendButton,
  sendPrompt,
  stopButton,
  toolCard,
  transcript,
  userBubbles,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const TOUR = path.join(ROOT, "test-results/tour");

// What the panel showed when a walk stopped.
const launch = useHarness(async (harness) => {
  for (const [i, page] of harness.context.pages().entries()) {
    await page.screenshot({ path: path.join(TOUR, `failed-${i}.png`) }).catch(() => undefined);
  }
});

/** Saves `<state>-light.png` and `<state>-dark.png`, and checks the dark one really is dark. */
async function shoot(page: Page, state: string): Promise<void> {
  fs.mkdirSync(TOUR, { recursive: true });
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: "light" });
  const light = await background();
  await page.screenshot({ path: path.join(TOUR, `${state}-light.png`) });
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await background(), `${state}: the dark scheme did not change the page`).not.toBe(light);
  await page.screenshot({ path: path.join(TOUR, `${state}-dark.png`) });
  await page.emulateMedia({ colorScheme: "light" });
}

/** The element's box lies within the viewport's width (nothing cut at the panel's right edge). */
async function fitsWidth(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.left >= 0 && r.right <= document.documentElement.clientWidth + 0.5;
  });
}

/** Whether two elements' boxes overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

describe("tour", () => {
  it("first run without an agent: says it was not found and how to fix it", async () => {
    const harness = await launch({ gooseCommand: "/nonexistent/bin/goose" });
    const page = await harness.openPanel();
    await waitForText(page.getByRole("status"), "was not found");
    expect(await sendButton(page).isDisabled()).toBe(true);
    await shoot(page, "not-found");
  });

  it("narrow (Firefox's sidebar can be 240 px wide): every control stays inside the panel", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await page.setViewportSize({ width: 240, height: 640 });
    await waitForReady(page);
    await sendPrompt(page, "a question long enough to be the session's title and to need truncating");
    await waitForTurnEnd(page);
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll("button, select, textarea, .context-chip, .panel__title")]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.left < 0 || r.right > document.documentElement.clientWidth + 0.5);
        })
        .map((el) => el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName),
    );
    expect(outside, "controls cut off at the panel's edge").toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shoot(page, "narrow");
  });

  it("walks a session: empty, streaming, diff, approval, denied, stopped, crash and restart, history, options", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);

    // Empty (a new profile: no settings remembered yet, see pickers.test.ts): an invitation, and no context meter.
    await waitForText(page.locator(".empty"), "Ask");
    expect(await page.locator(".usage").count()).toBe(0);
    await shoot(page, "empty");

    // Streaming: the answer grows under a working indicator; Stop is offered.
    await sendPrompt(page, "hold");
    await waitForText(agentBubbles(page), /tick [1-9]/);
    await waitForText(transcript(page).locator(".working"), /Working… \d+:\d\d/);
    await stopButton(page).waitFor();
    await shoot(page, "streaming");
    fs.writeFileSync(path.join(harness.workDir, "release"), "");
    await waitForTurnEnd(page);
    expect(await transcript(page).locator(".working").count()).toBe(0);
    // A turn reported usage: now the meter shows.
    await page.locator(".usage").waitFor({ timeout: LONG });

    // Approval of an edit: the diff says what will change; the raw input stays folded.
    await sendPrompt(page, "diff");
    const edit = toolCard(page, /developer: text editor/);
    await waitForText(edit, "Awaiting approval");
    const title = await edit.locator(".tool__title").innerText();
    expect(title, "the card's title shows the path relative to the session's folder").not.toContain(harness.workDir);
    expect(await edit.innerText(), "no absolute path anywhere on the card").not.toContain(harness.workDir);
    expect(await edit.locator(".tool__title").evaluate((el) => el.clientHeight <= parseFloat(getComputedStyle(el).lineHeight) + 1)).toBe(
      true,
    );
    const input = edit.locator("details.tool__section");
    if ((await input.count()) > 0) expect(await input.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await edit.getByRole("button", { name: "Allow once" }).waitFor();
    // Waiting on the user is not "working".
    await waitForText(transcript(page).locator(".working"), "Waiting for your approval");
    await shoot(page, "approval");

    // The finished edit: the diff and its +/− summary fit the panel's width.
    await edit.getByRole("button", { name: "Allow once" }).click();
    await waitForTurnEnd(page);
    await waitForText(edit.locator(".tool__status"), "Done");
    expect(await edit.innerText(), "no absolute path in the finished card either").not.toContain(harness.workDir);
    const diff = edit.locator("figure.diff").last();
    expect(await fitsWidth(diff.locator(".diff__stat"))).toBe(true);
    expect(await diff.locator(".diff__scroll").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await diff.scrollIntoViewIfNeeded();
    await shoot(page, "tool-diff");

    // Denied: the shell call's request answered Deny leaves no pending card and no approval bar.
    await sendPrompt(page, "tool");
    const shell = toolCard(page, /developer: shell/).last();
    await waitForText(shell, "Awaiting approval");
    expect(await shell.locator(".tool__icon svg").count(), "icons are SVG, not emoji").toBe(1);
    await shell.getByRole("button", { name: "Deny", exact: true }).click();
    await waitForTurnEnd(page);
    expect(await shell.getByRole("group", { name: "Permission request" }).count()).toBe(0);
    expect(await shell.getAttribute("data-status")).not.toMatch(/waiting|pending|in_progress/);
    await shoot(page, "denied");

    // Stopped: Stop ends the turn and says so; the working indicator is gone.
    await sendPrompt(page, "slow 20");
    await waitForText(agentBubbles(page), /tick [1-9]/);
    await stopButton(page).click();
    await waitForTurnEnd(page);
    await waitForText(transcript(page).locator(".notice"), "Stopped");
    expect(await transcript(page).locator(".working").count()).toBe(0);
    await shoot(page, "stopped");

    // More settings open as a row of their own, covering none of the composer's buttons, and close on Escape.
    const more = page.getByRole("button", { name: "More" });
    await more.click();
    const extra = page.getByRole("group", { name: "More settings" });
    await extra.waitFor();
    for (const target of [sendButton(page), page.getByRole("button", { name: "Attach page" })]) {
      expect(await overlap(extra, target), "the More settings cover a composer button").toBe(false);
    }
    await shoot(page, "settings-more");
    await page.keyboard.press("Escape");
    await extra.waitFor({ state: "detached" });

    // Crash: the popover closes with the agent; the card says what happened, the transcript keeps what was said.
    await more.click();
    await extra.waitFor();
    await sendPrompt(page, "crash");
    await waitForText(page.getByRole("status"), "crashed (an internal error)");
    await stopButton(page).waitFor({ state: "detached", timeout: LONG });
    await extra.waitFor({ state: "detached" });
    await shoot(page, "crash");

    // Restart: the agent comes back and the session with it.
    await page.getByRole("status").getByRole("button", { name: "Restart" }).first().click();
    await waitForReady(page);
    await waitForText(userBubbles(page), "crash");
    await shoot(page, "restart");

    // History: each row has a title, when, and where.
    await page.getByRole("button", { name: "History" }).click();
    const rows = page.getByRole("region", { name: "Session history" }).locator("li");
    await rows.first().waitFor({ timeout: LONG });
    const row = await rows.first().innerText();
    expect(row).toMatch(/just now|min ago/);
    expect(row).toContain(path.basename(harness.workDir));
    await shoot(page, "history");
    await page.getByRole("button", { name: "Back" }).click();
    await composer(page).waitFor();

    // The options page: the agent choice and the diagnostics.
    const options = await harness.context.newPage();
    await options.setViewportSize({ width: 760, height: 900 });
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await waitForText(options.getByRole("region", { name: "Agent" }), "goose");
    await shoot(options, "options");
    const diagnostics = options.getByRole("region", { name: "Diagnostics" });
    await waitForText(diagnostics, "is running");
    await diagnostics.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await shoot(options, "diagnostics");
  });
});
