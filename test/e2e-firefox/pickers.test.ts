/**
 * The composer's settings in a Firefox without CSS `field-sizing: content` (before 152; the add-on
 * supports 140 and later, so this one runs with the feature turned off): each select is as wide as its
 * chosen option (measured, composer/fitted-select.tsx), not as its longest one, and follows a new choice.
 */
import type { Page } from "puppeteer-core";
import { afterEach, describe, expect, it } from "vitest";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import { find, LONG, screenshot, waitForReady } from "./panel";

let harness: FirefoxHarness | undefined;

afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});

interface Widths {
  select: number;
  chosen: number;
  longest: number;
  chosenText: string;
}

/** The select's width, and the widths of its chosen and its longest option's text in its font. */
function widths(page: Page, label: string): Promise<Widths> {
  return page.evaluate((name) => {
    const select = document.querySelector<HTMLSelectElement>(`.composer select[aria-label="${name}"]`)!;
    const text = (t: string) => {
      const span = document.createElement("span");
      span.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${getComputedStyle(select).font}`;
      span.textContent = t;
      document.body.append(span);
      const w = span.getBoundingClientRect().width;
      span.remove();
      return w;
    };
    const names = [...select.options].map((o) => o.text);
    const chosenText = select.options[select.selectedIndex]!.text;
    return {
      select: select.getBoundingClientRect().width,
      chosen: text(chosenText),
      longest: Math.max(...names.map(text)),
      chosenText,
    };
  }, label);
}

describe("Firefox: the composer's settings", () => {
  it("are as wide as their chosen option, not their longest, and follow a new choice", async () => {
    harness = await launchFirefox({ prefs: { "layout.css.field-sizing.enabled": false } });
    const page = await harness.openPanel();
    await waitForReady(page);
    const mode = await find(page, '.composer select[aria-label="Mode"]');
    const model = await find(page, '.composer select[aria-label="Model"]');
    expect(await page.evaluate(() => CSS.supports("field-sizing", "content")), "field-sizing is off, as before Firefox 152").toBe(false);

    const before = await widths(page, "Mode");
    expect(before.longest - before.chosen, JSON.stringify(before)).toBeGreaterThan(20);
    // The chosen text whole, plus the arrow and padding; short of the longest option's text.
    expect(before.select, JSON.stringify(before)).toBeGreaterThanOrEqual(before.chosen);
    expect(before.select, JSON.stringify(before)).toBeLessThan(before.longest);

    // A shorter model: the select narrows to it (claude-sonnet-4-5 → gpt-5).
    const wide = await widths(page, "Model");
    await model.select("gpt-5");
    await expect.poll(async () => (await widths(page, "Model")).chosenText, { timeout: LONG }).toBe("gpt-5");
    await expect.poll(async () => (await widths(page, "Model")).select, { timeout: LONG }).toBeLessThan(wide.select - 20);
    const narrow = await widths(page, "Model");
    expect(narrow.select, JSON.stringify(narrow)).toBeGreaterThanOrEqual(narrow.chosen);
    expect(narrow.select, JSON.stringify(narrow)).toBeLessThan(narrow.longest);
    expect(await mode.evaluate((el) => el.isConnected)).toBe(true);
    await screenshot(page, "pickers-fitted");
  });
});
