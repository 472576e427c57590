/**
 * Two things puppeteer's own calls cannot do against a Firefox add-on's pages, done another way:
 *
 * - Loading a `moz-extension://` page: Firefox's WebDriver BiDi never reports such a document as
 *   loaded, so `page.goto` (which waits for that) times out and then says "Frame detached"
 *   (https://github.com/puppeteer/puppeteer/issues/14314). We ask for the navigation without waiting
 *   (`browsingContext.navigate` with `wait: "none"`) and poll the new document ourselves.
 * - Waiting on a condition: `page.waitForFunction` builds its predicate with `new Function`, which the
 *   add-on's content security policy forbids. `page.evaluate` is not affected, so we poll with it.
 */
import type { Page } from "puppeteer-core";
import { expect } from "vitest";

/** Long enough for a cold agent start on a loaded 2-core machine. */
export const LONG = 30_000;

/** The piece of puppeteer's BiDi frame we use (puppeteer-core is pinned in package.json). */
interface BidiFrame {
  browsingContext: { navigate(url: string, wait: "none"): Promise<unknown> };
}

function browsingContextOf(page: Page): BidiFrame["browsingContext"] {
  const frame = page.mainFrame() as unknown as Partial<BidiFrame>;
  if (typeof frame.browsingContext?.navigate !== "function") {
    throw new Error("puppeteer-core's BiDi frame no longer has browsingContext.navigate: see test/e2e-firefox/bidi.ts");
  }
  return frame.browsingContext;
}

/** Loads `url` (an add-on page) in `page`, a new document even when it is already there, and waits until it is complete. */
export async function navigateExtensionPage(page: Page, url: string, timeout = LONG): Promise<void> {
  // Each document has its own time origin: how a reload is told apart from the old document.
  const before = await page.evaluate(() => performance.timeOrigin).catch(() => 0);
  await browsingContextOf(page).navigate(url, "none");
  const loaded = () =>
    page
      .evaluate(() => ({ href: location.href, state: document.readyState, origin: performance.timeOrigin }))
      .then(({ href, state, origin }) => ({ href, state, newDocument: origin !== before }))
      .catch(() => null);
  await expect
    .poll(loaded, { timeout, interval: 100, message: `${url} did not load` })
    .toEqual({ href: url, state: "complete", newDocument: true });
}

/** Polls `predicate` in the page until it returns true (an evaluation failing mid-navigation counts as false). */
export async function untilTrue(page: Page, predicate: () => boolean, what: string, timeout = LONG): Promise<void> {
  await expect
    .poll(() => page.evaluate(predicate).catch(() => false), { timeout, interval: 100, message: `waited for ${what}` })
    .toBe(true);
}
