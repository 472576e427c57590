/** Tool calls, approvals, plans and diffs in the real panel, against the scripted goose in approve mode. */

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Harness, LoggedMessage } from "../helpers/chromium/harness";
import {
  composer,
  LONG,
  screenshot,
  sendPrompt,
  stopButton,
  toolCard,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();
/** The current test's harness, launched by start(). */
let h: Harness;

async function start(): Promise<Page> {
  h = await launch();
  const page = await h.openPanel();
  await waitForReady(page);
  return page;
}

/** The outcomes the agent received for its permission requests, in order. */
function outcomes(harness: Harness): unknown[] {
  return harness
    .agentMessages()
    .filter((m: LoggedMessage) => m.method === undefined && (m.result as { outcome?: unknown } | undefined)?.outcome !== undefined)
    .map((m) => (m.result as { outcome: unknown }).outcome);
}

const approval = (page: Page) => page.getByRole("group", { name: "Permission request" });

describe("tool calls and approvals", () => {
  it("deny marks the tool denied and sends reject_once; always allow sends allow_always", async () => {
    const page = await start();
    await sendPrompt(page, "tool");
    const card = toolCard(page, /developer: shell/);
    await waitForText(card, "Awaiting approval");
    await screenshot(page, "approval-pending");
    await approval(page).getByRole("button", { name: "Deny", exact: true }).click();
    // goose reports the refused call as failed; to the user it is what they chose.
    await waitForText(card, "Denied");
    await waitForTurnEnd(page);
    expect(await card.getAttribute("data-status")).toBe("denied");
    expect(outcomes(h)).toEqual([{ outcome: "selected", optionId: "reject_once" }]);
    await screenshot(page, "approval-denied");

    await sendPrompt(page, "tool again");
    await approval(page).waitFor({ timeout: LONG });
    // The lasting answers sit under More, so the row never wraps an option alone.
    await approval(page).getByRole("button", { name: "More answers" }).click();
    await approval(page).getByRole("button", { name: "Always allow" }).click();
    await waitForTurnEnd(page);
    expect(outcomes(h).at(-1)).toEqual({ outcome: "selected", optionId: "allow_always" });
    await expect.poll(() => toolCard(page).last().getAttribute("data-status")).toBe("completed");
  });

  it("queues two approvals and answers them by keyboard: Enter allows once, Escape denies", async () => {
    const page = await start();
    await sendPrompt(page, "tools 2");
    await approval(page).waitFor({ timeout: LONG });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Permission request");
    await page.keyboard.press("Enter");
    await expect.poll(() => outcomes(h).length, { timeout: LONG }).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")), { timeout: LONG })
      .toBe("Permission request");
    await page.keyboard.press("Escape");
    await waitForTurnEnd(page);
    expect(outcomes(h)).toEqual([
      { outcome: "selected", optionId: "allow_once" },
      { outcome: "selected", optionId: "reject_once" },
    ]);
    const statuses = await toolCard(page).evaluateAll((cards) => cards.map((c) => c.getAttribute("data-status")));
    expect(statuses).toEqual(["completed", "denied"]);
  });

  it("Stop while an approval is pending answers it cancelled and ends the turn", async () => {
    const page = await start();
    await sendPrompt(page, "tool");
    await approval(page).waitFor({ timeout: LONG });
    await stopButton(page).click();
    await waitForTurnEnd(page);
    expect(outcomes(h)).toEqual([{ outcome: "cancelled" }]);
    expect(h.agentMessages().some((m) => m.method === "session/cancel")).toBe(true);
    await expect.poll(() => toolCard(page).first().getAttribute("data-status")).toBe("cancelled");
    await waitForText(page.locator(".notice"), "Stopped.");
  });

  it("an approval that arrives with the panel closed waits, shows on the badge, and is answered after reopening", async () => {
    const page = await start();
    await sendPrompt(page, "tool");
    await approval(page).waitFor({ timeout: LONG });
    await page.close();
    await expect.poll(() => h.worker.evaluate(() => chrome.action.getBadgeText({})), { timeout: LONG }).toBe("1");
    expect(await h.worker.evaluate(() => chrome.action.getTitle({}))).toBe("goose is waiting for your approval");
    const again = await h.openPanel();
    await approval(again).getByRole("button", { name: "Allow once" }).click();
    await waitForTurnEnd(again);
    expect(outcomes(h)).toEqual([{ outcome: "selected", optionId: "allow_once" }]);
    await expect.poll(() => h.worker.evaluate(() => chrome.action.getBadgeText({}))).toBe("");
  });
});

describe("plans, diffs, outputs, settings", () => {
  it("renders the plan as a checklist and an edit as a real diff", async () => {
    const page = await start();
    await sendPrompt(page, "hello");
    await waitForTurnEnd(page);
    // A finished plan is folded to its summary; opening it shows the checklist.
    const summary = page.locator(".plan summary");
    await waitForText(summary, "2 of 2 done");
    expect(await page.locator(".plan").getAttribute("open")).toBeNull();
    await summary.click();
    const plan = page.getByRole("list", { name: "Plan" });
    await expect
      .poll(() => plan.getByRole("listitem").allInnerTexts())
      .toEqual([expect.stringContaining("Understand the request"), expect.stringContaining("Write the answer")]);
    expect(await plan.getByRole("listitem").first().getAttribute("aria-label")).toBe("Understand the request (completed)");

    await sendPrompt(page, "diff");
    await approval(page).getByRole("button", { name: "Allow once" }).click();
    await waitForTurnEnd(page);
    // That plan was the turn before's: it no longer sits above the composer.
    expect(await page.locator(".plan").count()).toBe(0);
    const diff = page.getByRole("figure", { name: /Changes to .*greeting\.ts/ });
    await diff.waitFor();
    expect(await diff.locator(".diff__line--add").allInnerTexts()).toEqual([
      expect.stringContaining('greeting = "hello, goose"'),
      expect.stringContaining("farewell"),
    ]);
    expect(await diff.locator(".diff__line--remove").allInnerTexts()).toEqual([expect.stringContaining('greeting = "hello"')]);
    await screenshot(page, "diff-and-plan");
  });

  it("shows images, embedded resources and clamps long output with Show more", async () => {
    const page = await start();
    await sendPrompt(page, "outputs");
    await approval(page).getByRole("button", { name: "Allow once" }).click();
    await waitForTurnEnd(page);
    const card = toolCard(page, /developer: read/);
    expect(await card.getByRole("img", { name: "Tool output" }).count()).toBe(1);
    await waitForText(card, "# Notes");
    const more = card.getByRole("button", { name: /Show more \(200 lines/ });
    await more.waitFor();
    expect(await card.innerText()).not.toContain("line 200");
    await more.click();
    await waitForText(card, "line 200");
  });

  it("changes mode and model through session/set_config_option, and warns when the context is nearly full", async () => {
    const page = await start();
    await sendPrompt(page, "fill 96");
    await waitForTurnEnd(page);
    const meter = page.getByRole("meter", { name: "Context used" });
    await expect.poll(() => meter.getAttribute("aria-valuetext")).toMatch(/^Context 9[67]%/);
    expect(await page.locator(".usage").getAttribute("class")).toContain("usage--critical");
    await page.getByRole("combobox", { name: "Model" }).selectOption("gpt-5");
    await expect
      .poll(() =>
        h!
          .agentMessages()
          .filter((m) => m.method === "session/set_config_option")
          .map((m) => m.params),
      )
      .toContainEqual(expect.objectContaining({ configId: "model", value: "gpt-5" }));
    await page.getByRole("combobox", { name: "Mode", exact: true }).selectOption("smart_approve");
    await expect.poll(() => page.getByRole("combobox", { name: "Mode", exact: true }).inputValue()).toBe("smart_approve");
  });

  it("offers slash commands with descriptions and hints, and sends the chosen one as prompt text", async () => {
    const page = await start();
    await sendPrompt(page, "hello");
    await waitForTurnEnd(page);
    const box = composer(page);
    await box.fill("/pr");
    const list = page.getByRole("listbox", { name: "Commands" });
    await waitForText(list, "Run a saved prompt");
    await box.press("Enter");
    expect(await box.inputValue()).toBe("/prompt ");
    await waitForText(page.locator(".composer__hint"), "<name> [arguments]");
    await box.pressSequentially("weekly");
    await box.press("Enter");
    await expect
      .poll(() =>
        h!
          .agentMessages()
          .filter((m) => m.method === "session/prompt")
          .map((m) => (m.params as { prompt: unknown }).prompt)
          .at(-1),
      )
      .toEqual([{ type: "text", text: "/prompt weekly" }]);
  });
});
