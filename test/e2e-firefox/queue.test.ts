/** The message queue in Firefox: queued during a long turn, edited, removed, kept over a sidebar reload, sent in order once each. */
import fs from "node:fs";
import path from "node:path";
import type { ElementHandle, Page } from "puppeteer-core";
import { afterEach, describe, expect, it } from "vitest";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import {
  AGENT_BUBBLES,
  byRole,
  find,
  LONG,
  STOP,
  screenshot,
  sendPrompt,
  texts,
  USER_BUBBLES,
  waitForGone,
  waitForReady,
  waitForText,
} from "./panel";

let harness: FirefoxHarness | undefined;

afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});

const COMPOSER = byRole("textbox", "Message goose");
const ITEMS = ".queue .queue__item";
const STOP_BY_CSS = '.composer button[aria-label="Stop"]';
const queuedTexts = async (page: Page) => (await texts(page, `${ITEMS} .queue__chip`)).map((t) => t.trim());

async function queue(page: Page, text: string): Promise<void> {
  const before = (await page.$$(ITEMS)).length;
  const box = await find(page, COMPOSER);
  await box.type(text);
  await box.press("Enter");
  await expect.poll(async () => (await page.$$(ITEMS)).length, { timeout: LONG }).toBe(before + 1);
}

/** Opens the menu of the queued message at `index` and returns its item with this text. */
async function itemAction(page: Page, index: number, label: string): Promise<ElementHandle<Element>> {
  const item = (await page.$$(ITEMS))[index];
  if (!item) throw new Error(`no queued message ${index}`);
  const chip = await item.$(".queue__chip");
  if (!chip) throw new Error(`no chip for queued message ${index}`);
  await chip.click();
  await find(page, '.queue [role="menu"]');
  for (const action of await page.$$('.queue [role="menuitem"]')) {
    if ((await action.evaluate((b) => b.textContent?.trim())) === label) return action;
  }
  throw new Error(`no "${label}" in the menu of queued message ${index}`);
}

function prompts(h: FirefoxHarness): string[] {
  return h
    .agentMessages()
    .filter((m) => m.method === "session/prompt")
    .map((m) => ((m.params?.prompt ?? []) as Array<{ type: string; text?: string }>).find((b) => b.type === "text")?.text ?? "");
}

describe("Firefox: queue", () => {
  it("queues three messages during a long turn; one edited, one removed, the sidebar reloaded: the other two go out in order after the turn, once each", async () => {
    harness = await launchFirefox();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hold");
    await find(page, STOP);
    await waitForText(page, AGENT_BUBBLES, /tick [1-9]/);

    await queue(page, "echo first");
    await queue(page, "echo second");
    await queue(page, "echo third");
    expect(await queuedTexts(page)).toEqual(["echo first", "echo second", "echo third"]);
    expect(prompts(harness)).toEqual(["hold"]);

    await (await itemAction(page, 1, "Edit")).click();
    const editor = await find(page, `${ITEMS}:nth-child(2) textarea`);
    // The editor opens with the message's text: replace it all.
    await editor.evaluate((el) => (el as HTMLTextAreaElement).select());
    await editor.type("echo second, edited");
    await editor.press("Enter");
    await expect.poll(() => queuedTexts(page), { timeout: LONG }).toEqual(["echo first", "echo second, edited", "echo third"]);
    await (await itemAction(page, 0, "Remove")).click();
    await expect.poll(() => queuedTexts(page), { timeout: LONG }).toEqual(["echo second, edited", "echo third"]);
    await screenshot(page, "queue-edited");

    // After a reload the page is read by CSS only (puppeteer's ARIA queries need their helper injected again).
    await harness.reloadPanel(page);
    await find(page, STOP_BY_CSS);
    await expect.poll(() => queuedTexts(page), { timeout: LONG }).toEqual(["echo second, edited", "echo third"]);

    fs.writeFileSync(path.join(harness.workDir, "release"), "");
    await expect.poll(() => prompts(harness!), { timeout: LONG }).toEqual(["hold", "echo second, edited", "echo third"]);
    await waitForText(page, AGENT_BUBBLES, "echo third");
    await waitForGone(page, STOP_BY_CSS);
    expect((await texts(page, USER_BUBBLES)).map((t) => t.trim())).toEqual(["hold", "echo second, edited", "echo third"]);
    expect(await page.$$(ITEMS)).toHaveLength(0);
    expect(prompts(harness)).toEqual(["hold", "echo second, edited", "echo third"]);
  });
});
