/**
 * What the Firefox tests do to the sidebar page, with puppeteer: controls by accessible role and name
 * (`::-p-aria`, which puppeteer answers from Firefox's own accessibility tree over BiDi), text read from
 * the transcript's parts by CSS. Waits poll real state (see bidi.ts), never fixed sleeps.
 */
import fs from "node:fs";
import path from "node:path";
import type { ElementHandle, Page } from "puppeteer-core";
import { expect } from "vitest";
import { ROOT } from "../helpers/e2e-environment";
import { LONG, untilTrue } from "./bidi";

export { LONG };

const SCREENSHOTS = path.join(ROOT, "test-results/firefox");

/** A selector for the element with this ARIA role and exact accessible name. */
export const byRole = (role: string, name: string) => `::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(role)}])`;

/** The message box, whichever agent it names ("Message goose", "Message Claude Agent", …). */
export const COMPOSER = 'textarea[aria-label^="Message "]';
export const SEND = byRole("button", "Send");
export const STOP = byRole("button", "Stop");
export const TRANSCRIPT = '[role="log"][aria-label="Conversation"]';
export const USER_BUBBLES = `${TRANSCRIPT} .message--user`;
export const AGENT_BUBBLES = `${TRANSCRIPT} .message--agent`;
export const NOTICES = `${TRANSCRIPT} .notice`;
/** The tool card titled `title`. */
/** A tool card by the agent's own title for the call, kept in the readable title's tooltip. */
export const toolCard = (title: string) => `article.tool:has(> header .tool__title[title=${JSON.stringify(title)}])`;

/** Waits for the element and returns it. */
export async function find(page: Page, selector: string, timeout = LONG): Promise<ElementHandle<Element>> {
  const handle = await page.waitForSelector(selector, { timeout });
  if (!handle) throw new Error(`${selector} not found`);
  return handle;
}

export async function click(page: Page, selector: string): Promise<void> {
  await (await find(page, selector)).click();
}

/** Waits until no element matches `selector`. */
export async function waitForGone(page: Page, selector: string, timeout = LONG): Promise<void> {
  await page.waitForSelector(selector, { hidden: true, timeout });
}

/**
 * The rendered text of every element matching a CSS selector, in document order. Queried with
 * `page.evaluate` in the page's own realm, as bidi.ts does: in Firefox 153, `page.$$eval` on an
 * add-on page at times matched nothing while the same query through `page.evaluate` found the
 * elements.
 */
export function texts(page: Page, css: string): Promise<string[]> {
  return page.evaluate((selector) => [...document.querySelectorAll<HTMLElement>(selector)].map((el) => el.innerText), css);
}

/**
 * Waits until one of the elements matching `css` shows `text`; says what they showed if none does.
 * Shown text is `innerText`, which Firefox gives as "" for content it skips laying out
 * (`content-visibility: auto` out of view, see markdown.css): text below the view is not "shown".
 */
export async function waitForText(page: Page, css: string, text: string | RegExp, timeout = LONG): Promise<void> {
  const shows = (t: string) => (typeof text === "string" ? t.includes(text) : text.test(t));
  await expect
    .poll(() => texts(page, css).catch((e: unknown) => [`(could not read: ${String(e)})`]), {
      timeout,
      interval: 100,
      message: `${css} never showed ${String(text)}`,
    })
    .toSatisfy((shown: string[]) => shown.some(shows));
}

/** The session tab on screen, by its element id (null: no session yet). */
const shownTabId = (page: Page) => page.evaluate(() => document.querySelector('[role="tab"][aria-selected="true"]')?.id ?? null);

/**
 * Clicks "New session" and waits until the new session is the one shown and ready. "New session"
 * is still enabled the moment after the click (the sidebar hears of the opening a message later), and
 * until the new session is shown the composer and pickers are the previous session's.
 */
export async function openNewSession(page: Page): Promise<void> {
  const before = await shownTabId(page);
  await click(page, byRole("button", "New session"));
  await expect.poll(() => shownTabId(page), { timeout: LONG, interval: 100, message: "no new session was shown" }).not.toBe(before);
  await waitForReady(page);
}

/** The agent is initialized and no session is being opened: what "New session" being enabled means. */
export async function waitForReady(page: Page, timeout = LONG): Promise<void> {
  await find(page, byRole("button", "New session"), timeout);
  await untilTrue(
    page,
    () => document.querySelector<HTMLButtonElement>('button[aria-label="New session"]')?.disabled === false,
    "New session to be enabled",
    timeout,
  );
}

/** Types `text` into the composer and presses Enter, as a user would, then waits for the user's bubble. */
export async function sendPrompt(page: Page, text: string): Promise<void> {
  const before = (await texts(page, USER_BUBBLES)).length;
  const box = await find(page, COMPOSER);
  await box.type(text);
  await box.press("Enter");
  await expect
    .poll(async () => (await texts(page, USER_BUBBLES)).length, { timeout: LONG, message: `"${text}" was not sent` })
    .toBe(before + 1);
}

/** Waits until the turn is over: Send is shown again and Stop is gone. */
export async function waitForTurnEnd(page: Page, timeout = LONG): Promise<void> {
  await find(page, SEND, timeout);
  await waitForGone(page, STOP, timeout);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
