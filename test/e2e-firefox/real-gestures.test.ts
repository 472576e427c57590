/**
 * The one thing the hook-driven tests cannot show: that Firefox accepts our sidebar calls from a real
 * gesture. sidebarAction.open() and close() run only while Firefox handles the user's own input, so
 * this test gives Firefox a real window (Xvfb) and a real key press (xdotool), then asks Firefox
 * whether its sidebar is open, and what the sidebar's document did with the selection.
 */
import type { Page } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "../helpers/test-site";
import { isSidebarOpen } from "./gestures";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import { LONG } from "./panel";
import { startVirtualDisplay, type VirtualDisplay } from "./xvfb";

let site: TestSite;
let screen: VirtualDisplay;
let harness: FirefoxHarness | undefined;
beforeAll(async () => {
  site = await startTestSite();
  screen = await startVirtualDisplay();
});
afterAll(async () => {
  await site.close();
  await screen.close();
});
afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});

/** What the add-on keeps in storage.session: drafts (goose.draft.*) and hand-overs not yet taken (goose.pending.*). */
async function sessionStorage(extensionPage: Page): Promise<Record<string, unknown>> {
  return extensionPage.evaluate(() =>
    (
      globalThis as unknown as { browser: { storage: { session: { get(k: null): Promise<Record<string, unknown>> } } } }
    ).browser.storage.session.get(null),
  );
}

/** The texts of the chips in every kept draft. */
async function draftChipTexts(extensionPage: Page): Promise<string[]> {
  const stored = await sessionStorage(extensionPage);
  return Object.entries(stored)
    .filter(([key]) => key.startsWith("goose.draft."))
    .flatMap(([, draft]) => (draft as { chips: Array<{ text?: string }> }).chips.map((c) => c.text ?? ""));
}

describe("Firefox: real gestures in a real window", () => {
  it("the shortcut, pressed for real, closes the open sidebar and then opens it with the page's selection attached", async () => {
    harness = await launchFirefox({ display: screen.display });
    // Any page of the add-on can ask Firefox about the sidebar; opened first, so the article ends up in front.
    const extensionPage = await harness.openExtensionPage("options.html");
    const article = await harness.openPage(site.url("article.html"));
    // Firefox opens the sidebar when the add-on is installed.
    await expect.poll(() => isSidebarOpen(extensionPage), { timeout: LONG }).toBe(true);

    // A click in the page gives its window the keyboard; then a selection, as a user's drag makes.
    screen.click(800, 600);
    await article.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById("snippet")!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });

    // With the sidebar open, the shortcut closes it: sidebarAction.close() ran in the key's handler.
    screen.key("alt+shift+g");
    await expect.poll(() => isSidebarOpen(extensionPage), { timeout: LONG }).toBe(false);

    // Pressed again, it opens the sidebar (sidebarAction.open() in the key's handler), and the sidebar's
    // own document takes the selection as a chip of its draft.
    screen.key("alt+shift+g");
    await expect.poll(() => isSidebarOpen(extensionPage), { timeout: LONG }).toBe(true);
    await expect
      .poll(() => draftChipTexts(extensionPage), { timeout: LONG })
      .toEqual([expect.stringContaining('let s1 = String::from("hello");')]);
    const pending = Object.keys(await sessionStorage(extensionPage)).filter((key) => key.startsWith("goose.pending."));
    expect(pending, "the hand-over was taken by the sidebar").toEqual([]);
  });
});
