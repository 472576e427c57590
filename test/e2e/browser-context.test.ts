/**
 * What the user is looking at reaches goose in one gesture: the context menu, the shortcut, attach
 * page, screenshot; and the badge when goose finishes unseen. Runs the e2e build of the extension
 * (the same code plus host access standing in for activeTab, which a synthetic menu click or
 * shortcut cannot grant), against pages served from localhost.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, ROOT } from "../helpers/chromium/harness";
import { composer, LONG, screenshot, sendPrompt, userBubbles, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { startTestSite, type TestSite } from "../helpers/test-site";
import { useHarness } from "./fixture";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");
const SNIPPET = 'let s1 = String::from("hello");\nlet s2 = s1;\n  // s1 is no longer valid here\nprintln!("{}", s2);';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site.close();
});
const launch = useHarness();

/** Opens the article and selects the multi-line code snippet, as a user dragging over it would. */
async function openArticleWithSelection(harness: Harness): Promise<Page> {
  const page = await harness.context.newPage();
  await page.goto(site.url("article.html"));
  await page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById("snippet")!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  return page;
}

/** The prompts the agent received, newest last. */
function prompts(harness: Harness): unknown[][] {
  return harness
    .agentMessages()
    .filter((m) => m.method === "session/prompt")
    .map((m) => (m.params as { prompt: unknown[] }).prompt);
}

/** chrome events' undocumented dispatch(): fires the real listeners, as a click or key press would. */
type Dispatchable = { dispatch(...args: unknown[]): void };

/** What a right-click → "Ask goose about selection" on the article fires in the service worker. */
async function clickAskGoose(harness: Harness, url: string, selectionText?: string): Promise<void> {
  await harness.worker.evaluate(
    async ({ url, selectionText }) => {
      const [tab] = await chrome.tabs.query({ url });
      (chrome.contextMenus.onClicked as unknown as Dispatchable).dispatch(
        { menuItemId: "ask-goose-about-selection", pageUrl: url, frameId: 0, editable: false, ...(selectionText ? { selectionText } : {}) },
        tab,
      );
    },
    { url, selectionText },
  );
}

const chip = (page: Page) => page.getByRole("list", { name: "Attached context" }).getByRole("listitem");

/** The texts of the drafts kept in storage.session (empty drafts are not kept). */
function draftTexts(harness: Harness): Promise<string[]> {
  return harness.worker.evaluate(async () =>
    Object.entries(await chrome.storage.session.get(null))
      .filter(([k]) => k.startsWith("goose.draft."))
      .map(([, v]) => (v as { text: string }).text),
  );
}

/** Hand-over items still waiting in storage.session. */
function pendingKeys(harness: Harness): Promise<string[]> {
  return harness.worker.evaluate(async () =>
    Object.keys(await chrome.storage.session.get(null)).filter((k) => k.startsWith("goose.pending.")),
  );
}

describe("page context", () => {
  it("Ask goose about selection: the selection (newlines kept) arrives as a chip, and is sent as an embedded resource", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    const article = await openArticleWithSelection(h);
    const url = site.url("article.html");
    // What Chrome passes on a real right-click: selectionText has its newlines flattened.
    await clickAskGoose(h, url, "flattened text");
    const panel = await h.openPanel();
    await waitForReady(panel);
    await waitForText(chip(panel), "Ownership in Rust — notes");
    await waitForText(chip(panel), "127.0.0.1");
    await chip(panel).locator("summary").click();
    expect(await chip(panel).locator("pre").innerText()).toBe(SNIPPET);
    await screenshot(panel, "context-chip");
    await sendPrompt(panel, "Why is s1 invalid?");
    await waitForTurnEnd(panel);
    expect(prompts(h).at(-1)).toEqual([
      { type: "resource", resource: { uri: url, mimeType: "text/plain", text: SNIPPET } },
      { type: "text", text: "Why is s1 invalid?" },
    ]);
    expect(await chip(panel).count()).toBe(0);
    // What was sent stays readable: the bubble's source pill opens to the exact text.
    const sent = userBubbles(panel).last().locator("details.sent");
    await sent.locator("summary").click();
    expect(await sent.locator("pre").innerText()).toBe(SNIPPET);
    await screenshot(panel, "context-sent");
    await article.close();
  });

  it("reaches a panel that is already open, once, without a reload", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    const panel = await h.openPanel();
    await waitForReady(panel);
    await openArticleWithSelection(h);
    const url = site.url("article.html");
    await clickAskGoose(h, url);
    await waitForText(chip(panel), "Ownership in Rust — notes");
    await clickAskGoose(h, url);
    await expect.poll(() => chip(panel).count()).toBe(2);
    // Each click is its own item; the hand-over storage is empty again.
    expect(await pendingKeys(h)).toEqual([]);
  });

  it("selections handed over back to back with the panel closed all arrive", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    await openArticleWithSelection(h);
    const url = site.url("article.html");
    const n = 25;
    // N right-clicks in one go: their hand-overs overlap in the service worker.
    await h.worker.evaluate(
      async ({ url, n }) => {
        const [tab] = await chrome.tabs.query({ url });
        for (let i = 0; i < n; i++) {
          (chrome.contextMenus.onClicked as unknown as Dispatchable).dispatch(
            { menuItemId: "ask-goose-about-selection", pageUrl: url, frameId: 0, editable: false },
            tab,
          );
        }
      },
      { url, n },
    );
    const panel = await h.openPanel();
    await waitForReady(panel);
    await expect.poll(() => chip(panel).count(), { timeout: LONG }).toBe(n);
    await expect.poll(() => pendingKeys(h!)).toEqual([]);
  });

  it("keeps the unsent draft and its chips across panel reloads until sent", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    await openArticleWithSelection(h);
    const url = site.url("article.html");
    let panel = await h.openPanel();
    await waitForReady(panel);
    await composer(panel).fill("half a thought");
    await expect.poll(() => draftTexts(h!), { timeout: LONG }).toEqual(["half a thought"]);
    await h.reloadPanel(panel);
    await waitForReady(panel);
    await expect.poll(() => composer(panel).inputValue()).toBe("half a thought");

    await clickAskGoose(h, url);
    await waitForText(chip(panel), "Ownership in Rust — notes");
    await expect.poll(() => pendingKeys(h!)).toEqual([]); // the panel holds it now, in the draft
    await h.reloadPanel(panel);
    await waitForReady(panel);
    await waitForText(chip(panel), "Ownership in Rust — notes");
    expect(await composer(panel).inputValue()).toBe("half a thought");

    await composer(panel).press("Enter");
    await waitForText(userBubbles(panel), "half a thought");
    await waitForTurnEnd(panel);
    expect(prompts(h).at(-1)).toEqual([
      { type: "resource", resource: { uri: url, mimeType: "text/plain", text: SNIPPET } },
      { type: "text", text: "half a thought" },
    ]);
    expect(await draftTexts(h)).toEqual([]);
    await h.reloadPanel(panel);
    await waitForReady(panel);
    await waitForText(userBubbles(panel), "half a thought"); // the session is back, with an empty composer
    expect(await composer(panel).inputValue()).toBe("");
    expect(await chip(panel).count()).toBe(0);

    // A draft in an open session is that session's, and survives closing the panel too.
    await composer(panel).fill("and then?");
    await expect.poll(() => draftTexts(h!), { timeout: LONG }).toEqual(["and then?"]);
    await panel.close();
    panel = await h.openPanel();
    await waitForReady(panel);
    await expect.poll(() => composer(panel).inputValue()).toBe("and then?");
  });

  it("a removed chip is not sent", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    await openArticleWithSelection(h);
    const url = site.url("article.html");
    await clickAskGoose(h, url);
    const panel = await h.openPanel();
    await waitForReady(panel);
    await chip(panel).first().waitFor({ timeout: LONG });
    await panel.getByRole("button", { name: /^Remove selection from/ }).click();
    expect(await chip(panel).count()).toBe(0);
    await sendPrompt(panel, "just this");
    await waitForTurnEnd(panel);
    expect(prompts(h).at(-1)).toEqual([{ type: "text", text: "just this" }]);
  });

  it("the quick-prompt shortcut attaches the selection; pressed with a panel open it closes the panel instead", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    await openArticleWithSelection(h);
    const url = site.url("article.html");
    const registered = await h.worker.evaluate(() => chrome.commands.getAll());
    expect(registered.find((c) => c.name === "quick-prompt")?.shortcut).toBe("Alt+Shift+G");
    await h.worker.evaluate(
      async ({ url }) => {
        const [tab] = await chrome.tabs.query({ url });
        (chrome.commands.onCommand as unknown as Dispatchable).dispatch("quick-prompt", tab);
      },
      { url },
    );
    const panel = await h.openPanel();
    await waitForReady(panel);
    await waitForText(chip(panel), "Ownership in Rust — notes");
    expect(await panel.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Message goose");
    await sendPrompt(panel, "Explain");
    await waitForTurnEnd(panel);
    expect(prompts(h).at(-1)).toEqual([
      { type: "resource", resource: { uri: url, mimeType: "text/plain", text: SNIPPET } },
      { type: "text", text: "Explain" },
    ]);
    // A panel is open now: the shortcut toggles it closed (recorded, since headless has no real side panel).
    const closed = await h.worker.evaluate(
      async ({ url }) => {
        const calls: unknown[] = [];
        const closed = new Promise<void>((resolve) => {
          (chrome.sidePanel as unknown as { close: (o: unknown) => Promise<void> }).close = async (o) => {
            calls.push(o);
            resolve();
          };
        });
        const [tab] = await chrome.tabs.query({ url });
        (chrome.commands.onCommand as unknown as Dispatchable).dispatch("quick-prompt", tab);
        await closed;
        return { calls, windowId: tab!.windowId };
      },
      { url },
    );
    expect(closed.calls).toEqual([{ windowId: closed.windowId }]);
  });

  it("Attach selection takes the tab's selection, line breaks kept; with nothing selected it says what to do", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    const panel = await h.openPanel();
    await waitForReady(panel);
    const article = await h.context.newPage();
    await article.goto(site.url("article.html"));
    await article.bringToFront();
    await panel.getByRole("button", { name: "Attach selection", exact: true }).click();
    await waitForText(panel.getByRole("alert"), "Nothing is selected in this tab");
    expect(await chip(panel).count()).toBe(0);
    await article.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById("snippet")!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await panel.getByRole("button", { name: "Attach selection", exact: true }).click();
    await waitForText(chip(panel), "Selection");
    expect(await panel.getByRole("alert").count(), "the warning goes once a selection is attached").toBe(0);
    await sendPrompt(panel, "Explain");
    await waitForTurnEnd(panel);
    const blocks = prompts(h).at(-1) as Array<{ type: string; resource?: { uri: string; text: string } }>;
    const selection = blocks.find((b) => b.type === "resource");
    expect(selection?.resource?.uri).toBe(site.url("article.html"));
    expect(selection?.resource?.text).toBe(SNIPPET);
  });

  it("Attach page sends the page's readable text as Markdown; Screenshot sends an image", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    // The panel first, then the article: the article is the active tab of the panel's window.
    const panel = await h.openPanel();
    await waitForReady(panel);
    const article = await h.context.newPage();
    await article.goto(site.url("article.html"));
    await article.bringToFront();
    await panel.getByRole("button", { name: "Attach page" }).click();
    await waitForText(chip(panel), "Page");
    await panel.getByRole("button", { name: "Screenshot" }).click();
    await expect.poll(() => chip(panel).count(), { timeout: LONG }).toBe(2);
    await screenshot(panel, "attach-page-and-screenshot");
    await sendPrompt(panel, "Summarize");
    await waitForTurnEnd(panel);
    const [page, label, image, question] = prompts(h).at(-1) as Array<
      Record<string, unknown> & { resource?: { text: string }; data?: string }
    >;
    expect(page).toMatchObject({ type: "resource", resource: { uri: site.url("article.html"), mimeType: "text/markdown" } });
    const markdown = page!.resource!.text;
    expect(markdown).toContain("Each value in Rust has a single owner.");
    expect(markdown).toMatch(/## Lifetimes/);
    expect(markdown).toContain('let s1 = String::from("hello");');
    expect(markdown).not.toContain("Home · Blog · About"); // Readability dropped the navigation
    expect(markdown).not.toContain("not for goose"); // scripts are never read
    expect(label).toEqual({ type: "text", text: `Screenshot of "Ownership in Rust — notes" (${site.url("article.html")}):` });
    expect(image).toMatchObject({ type: "image", mimeType: "image/jpeg" });
    expect(Buffer.from(image!.data!, "base64").subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(question).toEqual({ type: "text", text: "Summarize" });
  });

  it("with 'send immediately' on, the selection is sent at once with the default question", async () => {
    const h = await launch({ extensionDir: E2E_BUILD });
    await h.worker.evaluate(() =>
      chrome.storage.local.set({
        "goose.settings": { sendSelectionImmediately: true, defaultSelectionPrompt: "Explain this code.", notify: false },
      }),
    );
    await openArticleWithSelection(h);
    const url = site.url("article.html");
    await clickAskGoose(h, url);
    const panel = await h.openPanel();
    await expect.poll(() => prompts(h!).length, { timeout: LONG }).toBe(1);
    expect(prompts(h)[0]).toEqual([
      { type: "resource", resource: { uri: url, mimeType: "text/plain", text: SNIPPET } },
      { type: "text", text: "Explain this code." },
    ]);
    await waitForTurnEnd(panel);
  });
});

describe("finishing unseen", () => {
  it("a turn that finishes with the panel closed puts a check on the badge; reopening clears it", async () => {
    const h = await launch();
    const panel = await h.openPanel();
    await waitForReady(panel);
    await sendPrompt(panel, "slow 1");
    await panel.close();
    await expect.poll(() => h!.worker.evaluate(() => chrome.action.getBadgeText({})), { timeout: LONG }).toBe("✓");
    expect(await h.worker.evaluate(() => chrome.action.getTitle({}))).toBe("goose finished “slow 1”");
    const again = await h.openPanel();
    await waitForReady(again);
    await expect.poll(() => h!.worker.evaluate(() => chrome.action.getBadgeText({}))).toBe("");
    await waitForText(again.getByRole("log", { name: "Conversation" }), "tick 10");
    expect(await composer(again).isVisible()).toBe(true);
  });
});
