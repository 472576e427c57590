/**
 * What the user is looking at reaches goose in Firefox: "Ask goose about selection" and the quick-prompt
 * shortcut turn the page's selection into a chip, sent as the prompt's context block; Attach page and
 * Screenshot send the page's text and an image. The e2e build has the host access a real click's
 * activeTab grant would give.
 */
import type { Page } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "../helpers/test-site";
import { clickAskGoose, closeSidebarAsUser, countSidebarCloses, isSidebarOpen, pressQuickPrompt } from "./gestures";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import {
  byRole,
  click,
  LONG,
  screenshot,
  sendPrompt,
  texts,
  USER_BUBBLES,
  waitForGone,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "./panel";

const SNIPPET = 'let s1 = String::from("hello");\nlet s2 = s1;\n  // s1 is no longer valid here\nprintln!("{}", s2);';
const CHIPS = '[aria-label="Attached context"] li';

let site: TestSite;
let harness: FirefoxHarness | undefined;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site.close();
});
afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});

/** The blocks of the latest prompt the agent received. */
function lastPrompt(): unknown {
  return harness
    ?.agentMessages()
    .filter((m) => m.method === "session/prompt")
    .at(-1)?.params?.prompt;
}

/** Selects the article's multi-line code snippet, as a user dragging over it would. */
async function selectSnippet(page: Page): Promise<void> {
  await page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById("snippet")!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
}

describe("Firefox: page context", () => {
  it("Ask goose about selection: the selection (newlines kept) arrives as a chip with the page's title and address, sent as the prompt's context; then Attach page and Screenshot", async () => {
    harness = await launchFirefox();
    const url = site.url("article.html");
    const article = await harness.openPage(url);
    await selectSnippet(article);
    const panel = await harness.openPanel();
    await waitForReady(panel);

    // What Firefox passes on a real right-click: the menu's selectionText has its newlines flattened;
    // the chip must carry the page's own selection instead.
    await clickAskGoose(panel, url, "flattened text");
    await waitForText(panel, CHIPS, "Ownership in Rust — notes");
    await waitForText(panel, CHIPS, "127.0.0.1");
    await click(panel, `${CHIPS} summary`);
    expect(await texts(panel, `${CHIPS} pre`)).toEqual([SNIPPET]);
    expect(await texts(panel, `${CHIPS} .context-chip__source`)).toEqual([url]);
    await screenshot(panel, "selection-chip");

    await sendPrompt(panel, "Why is s1 invalid?");
    await waitForTurnEnd(panel);
    expect(lastPrompt()).toEqual([
      { type: "resource", resource: { uri: url, mimeType: "text/plain", text: SNIPPET } },
      { type: "text", text: "Why is s1 invalid?" },
    ]);
    await waitForGone(panel, CHIPS);
    // What was sent stays readable in the user's bubble.
    // The bubble's action row settles after the turn ends; a click that landed while it moved did not open it.
    await expect
      .poll(
        async () => {
          if (!(await panel.$eval(`${USER_BUBBLES} details.sent`, (d) => (d as HTMLDetailsElement).open)))
            await click(panel, `${USER_BUBBLES} details.sent summary`);
          return texts(panel, `${USER_BUBBLES} details.sent pre`);
        },
        { timeout: LONG },
      )
      .toEqual([SNIPPET]);

    // Attach page and Screenshot read the window's active tab: the article, brought to the front.
    await article.bringToFront();
    await click(panel, byRole("button", "Attach page"));
    await waitForText(panel, CHIPS, /^page\n/i); // the kind label, shown in capitals
    await click(panel, byRole("button", "Screenshot"));
    await expect.poll(async () => (await texts(panel, CHIPS)).length, { timeout: LONG }).toBe(2);
    await sendPrompt(panel, "Summarize");
    await waitForTurnEnd(panel);
    const [page, label, image, question] = lastPrompt() as Array<Record<string, unknown> & { resource?: { text: string }; data?: string }>;
    expect(page).toMatchObject({ type: "resource", resource: { uri: url, mimeType: "text/markdown" } });
    expect(page!.resource!.text).toContain("Each value in Rust has a single owner.");
    expect(page!.resource!.text).toMatch(/## Lifetimes/);
    expect(page!.resource!.text).not.toContain("not for goose"); // scripts are never read
    expect(label).toEqual({ type: "text", text: `Screenshot of "Ownership in Rust — notes" (${url}):` });
    expect(image).toMatchObject({ type: "image", mimeType: "image/jpeg" });
    expect(Buffer.from(image!.data!, "base64").subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(question).toEqual({ type: "text", text: "Summarize" });
  });

  it("the quick-prompt shortcut with no panel open hands the selection to the panel that opens; with one open it closes the sidebar instead", async () => {
    harness = await launchFirefox();
    const url = site.url("article.html");
    await selectSnippet(await harness.openPage(url));
    // Any add-on page but the panel, to fire the shortcut from while no panel is open. Firefox opened
    // the sidebar (a panel) when the add-on was installed: the user closes it first.
    const options = await harness.openExtensionPage("options.html");
    await expect.poll(() => isSidebarOpen(options)).toBe(true);
    await closeSidebarAsUser(options);
    await expect.poll(() => isSidebarOpen(options)).toBe(false);
    await pressQuickPrompt(options, url);

    const panel = await harness.openPanel();
    await waitForReady(panel);
    await waitForText(panel, CHIPS, "Ownership in Rust — notes");
    await click(panel, `${CHIPS} summary`);
    expect(await texts(panel, `${CHIPS} pre`)).toEqual([SNIPPET]);
    await sendPrompt(panel, "Explain");
    await waitForTurnEnd(panel);
    expect(lastPrompt()).toEqual([
      { type: "resource", resource: { uri: url, mimeType: "text/plain", text: SNIPPET } },
      { type: "text", text: "Explain" },
    ]);

    // A panel is open now: the shortcut toggles the sidebar closed. Headless Firefox shows no sidebar
    // to watch, so the background's calls to sidebarAction.close are counted instead.
    const closes = await countSidebarCloses(options);
    await pressQuickPrompt(options, url);
    await expect.poll(closes).toBe(1);
    expect(await texts(panel, CHIPS)).toEqual([]);
  });
});
