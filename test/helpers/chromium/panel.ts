/**
 * What the chat tests do to the side panel, by accessible name (the names a screen reader user
 * hears): the composer, its Send/Stop button, the transcript, tool cards, History, the header's menu.
 * playwright-core has no test-runner `expect`, so waits are Playwright's own (`waitFor`) or
 * vitest's `expect.poll`, never fixed sleeps.
 */
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { ROOT } from "./harness";

const SCREENSHOTS = path.join(ROOT, "test-results/e2e");
/** Long enough for a cold agent start on a loaded 2-core machine. */
export const LONG = 30_000;

/** The message box, whichever agent it names ("Message goose", "Message Codex", …). */
export const composer = (page: Page) => page.getByRole("textbox", { name: /^Message / });
export const sendButton = (page: Page) => page.getByRole("button", { name: "Send", exact: true });
export const stopButton = (page: Page) => page.getByRole("button", { name: "Stop", exact: true });
export const transcript = (page: Page) => page.getByRole("log", { name: "Conversation" });
/**
 * A tool card by the agent's own title for the call (the card shows a readable title and keeps the
 * agent's in its title's tooltip); `readable` finds it by the title the user reads instead.
 */
export const toolCard = (page: Page, title: string | RegExp = /.*/) =>
  page.getByRole("article", { name: /^Tool call: / }).filter({
    has: page
      .locator(".tool__title")
      .and(page.getByTitle(typeof title === "string" ? title : new RegExp(`^${title.source}`), { exact: true })),
  });
export const readableToolCard = (page: Page, title: string | RegExp) =>
  page.getByRole("article", { name: typeof title === "string" ? `Tool call: ${title}` : new RegExp(`^Tool call: ${title.source}`) });
/** The user's bubbles (the transcript's right-aligned messages). */
export const userBubbles = (page: Page) => transcript(page).locator(".message--user");
/** The agent's text bubbles. */
export const agentBubbles = (page: Page) => transcript(page).locator(".message--agent");

/** The header's menu button (export, close session, options). */
export const menuButton = (page: Page) => page.getByRole("button", { name: "More actions" });

/** Opens the header's menu and runs one of its actions, as a user clicking through it would. */
export async function chooseFromMenu(page: Page, action: string): Promise<void> {
  await menuButton(page).click();
  await page.getByRole("menu", { name: "More actions" }).getByRole("menuitem", { name: action, exact: true }).click();
}

/** The agent is initialized and no session is being opened: what "New session" being enabled means. */
export async function waitForReady(page: Page, timeout = LONG): Promise<void> {
  await page.getByRole("button", { name: "New session" }).and(page.locator(":enabled")).waitFor({ timeout });
}

/** The session tab on screen, by its element id (null: no session yet). */
const shownTabId = (page: Page) => page.evaluate(() => document.querySelector('[role="tab"][aria-selected="true"]')?.id ?? null);

/**
 * Clicks "New session" and waits until the new session is the one shown and ready. "New session"
 * is still enabled the moment after the click (the panel hears of the opening a message later), and
 * until the new session is shown the composer and pickers are the previous session's.
 */
export async function openNewSession(page: Page): Promise<void> {
  const before = await shownTabId(page);
  await page.getByRole("button", { name: "New session" }).click();
  await expect.poll(() => shownTabId(page), { timeout: LONG, message: "no new session was shown" }).not.toBe(before);
  await waitForReady(page);
}

/**
 * Types `text` into the composer and presses Enter, as a user would, then waits for the user's
 * bubble: from then on the turn runs, so a later waitForTurnEnd cannot see the Send of before.
 */
export async function sendPrompt(page: Page, text: string): Promise<void> {
  const before = await userBubbles(page).count();
  const box = composer(page);
  await box.fill(text);
  await box.press("Enter");
  await expect.poll(() => userBubbles(page).count(), { timeout: LONG, message: `"${text}" was not sent` }).toBe(before + 1);
}

/** Opens History and waits for it; its region. */
export async function openHistory(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "History" }).click();
  const region = page.getByRole("region", { name: "Session history" });
  await region.waitFor({ timeout: LONG });
  return region;
}

/** Waits until the turn is over: Send is shown again (and Stop is gone). */
export async function waitForTurnEnd(page: Page, timeout = LONG): Promise<void> {
  await sendButton(page).waitFor({ timeout });
  await stopButton(page).waitFor({ state: "detached", timeout });
}

/** Waits until `locator`'s text contains `text` (Playwright's auto-waiting through a filter). */
export async function waitForText(locator: Locator, text: string | RegExp, timeout = LONG): Promise<void> {
  try {
    await locator.filter({ hasText: text }).first().waitFor({ timeout });
  } catch (error) {
    const shown = await locator
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => "(nothing)");
    throw new Error(`never saw ${String(text)}; it shows: ${shown.slice(0, 2000)}`, { cause: error });
  }
}

/** The share of `locator`'s box inside the viewport and every scrolling ancestor (0..1), like Playwright's toBeInViewport. */
export async function visibleRatio(locator: Locator): Promise<number> {
  return locator.evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        const io = new IntersectionObserver((entries) => {
          io.disconnect();
          resolve(entries[0]?.intersectionRatio ?? 0);
        });
        io.observe(el);
      }),
  );
}

/** Polls until the element is (at least `ratio`) in view. */
export async function expectInViewport(locator: Locator, ratio = 0.01, timeout = 5000): Promise<void> {
  await expect.poll(() => visibleRatio(locator), { timeout, message: "element not scrolled into view" }).toBeGreaterThanOrEqual(ratio);
}

/** Where the transcript is scrolled: the distance between its bottom and the scroller's bottom. */
export async function distanceFromBottom(page: Page): Promise<number> {
  return transcript(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
