/**
 * Sessions as tabs in the real panel: two sessions of one agent running turns at once, each tab with
 * its own transcript and draft; an approval in a background tab marked on the tab and the browser's
 * badge and answered after switching; the tabs back after a browser restart; closing a tab sends
 * session/close. Against the scripted goose over the real host.
 */

import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Harness, LoggedMessage } from "../helpers/chromium/harness";
import {
  agentBubbles,
  composer,
  LONG,
  screenshot,
  sendPrompt,
  transcript,
  userBubbles,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

const tabs = (page: Page) => page.getByRole("tablist", { name: "Sessions" }).getByRole("tab");
const tab = (page: Page, name: string | RegExp) => page.getByRole("tablist", { name: "Sessions" }).getByRole("tab", { name });
/** A tab's mark (busy, waiting, error, unread), or null: read off the tab's wrapper. */
const markOf = (t: Locator) => t.locator("xpath=..").getAttribute("data-mark");
const approval = (page: Page) => page.getByRole("group", { name: "Permission request" });
const badge = (h: Harness) => h.worker.evaluate(() => chrome.action.getBadgeText({}));
const promptsOf = (h: Harness) =>
  h
    .agentMessages()
    .filter((m: LoggedMessage) => m.method === "session/prompt")
    .map((m) => (m.params as { sessionId: string }).sessionId);

async function newTab(page: Page): Promise<void> {
  const count = await tabs(page).count();
  await page.getByRole("button", { name: "New session", exact: true }).click();
  await expect.poll(() => tabs(page).count(), { timeout: LONG }).toBe(count + 1);
  await waitForReady(page);
}

async function start(): Promise<{ h: Harness; page: Page }> {
  const h = await launch();
  const page = await h.openPanel();
  await waitForReady(page);
  return { h, page };
}

describe("session tabs", () => {
  it("runs turns in two tabs at once, each tab with its own transcript and draft", async () => {
    const { h, page } = await start();
    await sendPrompt(page, "slow 6");
    await waitForText(agentBubbles(page), "tick 2");
    await newTab(page);
    // The new tab is empty, and the first one still works in the background.
    await transcript(page).waitFor({ state: "detached", timeout: LONG });
    await sendPrompt(page, "slow 2");
    await waitForText(agentBubbles(page), "tick 2");
    const [first, second] = [tabs(page).nth(0), tabs(page).nth(1)];
    expect(await markOf(first)).toBe("busy");
    expect(await second.getAttribute("aria-selected")).toBe("true");
    // Two prompts of two sessions on one agent, the first still running when the second went.
    const [one, two] = promptsOf(h);
    expect(one).toBeDefined();
    expect(two).not.toBe(one);
    await screenshot(page, "session-tabs-two-running");

    // A draft stays with its tab.
    await composer(page).fill("draft for the second");
    await first.click();
    await waitForText(userBubbles(page), "slow 6");
    expect(await composer(page).inputValue()).toBe("");
    await composer(page).fill("draft for the first");
    const ticksBefore = (await agentBubbles(page).last().innerText()).match(/tick \d+/g)?.length ?? 0;
    await waitForTurnEnd(page);
    // It kept streaming while the other tab was shown, and still does here.
    expect((await agentBubbles(page).last().innerText()).match(/tick \d+/g)?.length).toBeGreaterThan(ticksBefore);
    expect(await transcript(page).innerText()).not.toContain("slow 2");
    // The second finished unseen: its tab says there is new output.
    await expect.poll(() => markOf(tabs(page).nth(1)), { timeout: LONG }).toBe("unread");
    await tabs(page).nth(1).click();
    await waitForText(userBubbles(page), "slow 2");
    expect(await composer(page).inputValue()).toBe("draft for the second");
    expect(await markOf(tabs(page).nth(1))).toBeNull();
    await tabs(page).nth(0).click();
    await waitForText(userBubbles(page), "slow 6");
    expect(await composer(page).inputValue()).toBe("draft for the first");
    // Both transcripts whole: 60 and 20 ticks, nothing crossed over.
    expect((await agentBubbles(page).last().innerText()).match(/tick \d+/g)).toHaveLength(60);
  });

  it("a message written while a new tab opens is that tab's, and goes once its session is ready", async () => {
    // goose takes a while to answer session/new (it starts the session's extensions first).
    const h = await launch({ agentEnv: { SCRIPTED_AGENT_SESSION_NEW_DELAY_MS: "2000" } });
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo the first tab");
    await waitForTurnEnd(page);
    await composer(page).fill("draft for the first");
    await page.getByRole("button", { name: "New session", exact: true }).click();
    // From the click on, the box is the new tab's: the first tab's draft is not in it.
    await expect.poll(() => composer(page).inputValue()).toBe("");
    await composer(page).fill("echo written while it opened");
    await composer(page).press("Enter");
    await waitForText(page.getByRole("status"), "Sends when the session is ready");
    expect(await page.getByRole("button", { name: "Sending when ready" }).isDisabled()).toBe(true);
    await screenshot(page, "composer-held-while-opening");
    await waitForText(agentBubbles(page), "written while it opened");
    await waitForTurnEnd(page);
    expect(await composer(page).inputValue()).toBe("");
    // Two prompts, one to each session; the first tab got nothing more and kept its draft.
    const [one, two] = promptsOf(h);
    expect(promptsOf(h)).toHaveLength(2);
    expect(two).not.toBe(one);
    await tabs(page).nth(0).click();
    await waitForText(userBubbles(page), "echo the first tab");
    expect(await userBubbles(page).count()).toBe(1);
    await expect.poll(() => composer(page).inputValue()).toBe("draft for the first");
  });

  it("a message sent while the agent says Starting… waits for it and goes to the session the panel opened", async () => {
    // An agent slow to answer initialize (a cold start): the panel says "Starting goose…" meanwhile.
    const h = await launch({ agentEnv: { SCRIPTED_AGENT_STARTUP_DELAY_MS: "4000" } });
    const page = await h.openPanel();
    await waitForText(page.locator("main"), "Starting", LONG);
    await composer(page).fill("echo sent while starting");
    await composer(page).press("Enter");
    await waitForText(page.getByRole("status").filter({ hasText: "Sends when" }), "Sends when goose is ready");
    expect(await composer(page).inputValue()).toBe("echo sent while starting");
    await waitForText(agentBubbles(page), "sent while starting", LONG);
    await waitForTurnEnd(page);
    expect(await composer(page).inputValue()).toBe("");
    expect(promptsOf(h)).toHaveLength(1);
  });

  it("badges an approval waiting in a background tab, on the tab and the toolbar, and it is answered after switching", async () => {
    const { h, page } = await start();
    await sendPrompt(page, "tool");
    await approval(page).waitFor({ timeout: LONG });
    await newTab(page);
    const first = tabs(page).nth(0);
    await expect.poll(() => markOf(first), { timeout: LONG }).toBe("waiting");
    expect(await first.getAttribute("title")).toContain("waiting for you");
    expect(await approval(page).count()).toBe(0);
    await expect.poll(() => badge(h), { timeout: LONG }).toBe("1");
    await screenshot(page, "session-tabs-waiting");

    // Keyboard: from the selected tab, the arrow key reaches the first one and Enter shows it.
    await tabs(page).nth(1).focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    await approval(page).getByRole("button", { name: "Allow once" }).click();
    await waitForTurnEnd(page);
    await expect.poll(() => badge(h)).toBe("");
    expect(await markOf(first)).toBeNull();

    // A turn that ends in the tab not shown puts a check on the badge until that tab is shown.
    await tabs(page).nth(1).click();
    await sendPrompt(page, "slow 1");
    await tabs(page).nth(0).click();
    await expect.poll(() => badge(h), { timeout: LONG }).toBe("✓");
    await tabs(page).nth(1).click();
    await expect.poll(() => badge(h)).toBe("");
  });

  it("brings the tabs back after a browser restart, loading a tab's session when it is first shown", async () => {
    const first = await launch();
    let page = await first.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo tab one");
    await waitForTurnEnd(page);
    await newTab(page);
    await sendPrompt(page, "echo tab two");
    await waitForTurnEnd(page);
    const [one, two] = promptsOf(first);
    await first.closeBrowser();

    const second = await launch({ reuseDir: first.dir });
    const loadsOf = () =>
      second
        .agentMessages()
        .filter((m) => m.method === "session/load")
        .map((m) => (m.params as { sessionId: string }).sessionId);
    const before = loadsOf().length;
    page = await second.openPanel();
    await expect.poll(() => tabs(page).allInnerTexts(), { timeout: LONG }).toEqual(["echo tab one", "echo tab two"]);
    await waitForText(userBubbles(page), "echo tab two");
    await waitForReady(page);
    expect(await tabs(page).nth(1).getAttribute("aria-selected")).toBe("true");
    // Only the tab on screen was loaded.
    expect(loadsOf().slice(before)).toEqual([two]);
    await screenshot(page, "session-tabs-restored");

    await tab(page, "echo tab one").click();
    await waitForText(userBubbles(page), "echo tab one");
    expect(loadsOf().slice(before)).toEqual([two, one]);
    await sendPrompt(page, "echo still here");
    await waitForTurnEnd(page);
    expect(promptsOf(second).at(-1)).toBe(one);
  });

  it("closing a tab stops its turn and sends session/close, and shows the tab beside it", async () => {
    const { h, page } = await start();
    await sendPrompt(page, "echo kept");
    await waitForTurnEnd(page);
    await newTab(page);
    await sendPrompt(page, "slow 5");
    await waitForText(agentBubbles(page), "tick 2");
    const [kept, closing] = promptsOf(h);
    // Untitled until its first turn ends (the agent titles it then).
    expect(await markOf(tabs(page).nth(1))).toBe("busy");
    await page.getByRole("button", { name: "Close Untitled" }).click();
    await expect.poll(() => tabs(page).count(), { timeout: LONG }).toBe(1);
    await waitForText(userBubbles(page), "echo kept");
    const methods = () => h.agentMessages().map((m) => m.method);
    await expect.poll(() => methods().includes("session/close"), { timeout: LONG }).toBe(true);
    const close = h.agentMessages().find((m) => m.method === "session/close")!;
    expect(close.params).toEqual({ sessionId: closing });
    expect(methods().indexOf("session/cancel")).toBeGreaterThan(-1);
    expect(methods().indexOf("session/cancel")).toBeLessThan(methods().indexOf("session/close"));
    // Delete on a focused tab closes it too.
    await tabs(page).nth(0).focus();
    await page.keyboard.press("Delete");
    await expect.poll(() => tabs(page).count(), { timeout: LONG }).toBe(0);
    await expect
      .poll(() =>
        h
          .agentMessages()
          .filter((m) => m.method === "session/close")
          .map((m) => (m.params as { sessionId: string }).sessionId),
      )
      .toEqual([closing, kept]);
  });

  it("at 240 px, many tabs scroll sideways inside the panel, the one on screen in view", async () => {
    const { page } = await start();
    await page.setViewportSize({ width: 240, height: 600 });
    // The row appears with the session the panel opened as it opened (the first message goes to it).
    await expect.poll(() => tabs(page).count(), { timeout: LONG }).toBe(1);
    await sendPrompt(page, "echo a first session with a title long enough to be cut");
    await waitForTurnEnd(page);
    for (let i = 0; i < 5; i++) await newTab(page);
    const box = await page.evaluate(() => {
      const nav = document.querySelector(".session-tabs")!.getBoundingClientRect();
      const list = document.querySelector<HTMLElement>('[role="tablist"]')!;
      const selected = list.querySelector('[aria-selected="true"]')!.getBoundingClientRect();
      const shown = list.getBoundingClientRect();
      return {
        navRight: nav.right,
        width: document.documentElement.clientWidth,
        scrolls: list.scrollWidth > list.clientWidth,
        selectedInView: selected.left >= shown.left - 1 && selected.right <= shown.right + 1,
        pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      };
    });
    expect(box.navRight).toBeLessThanOrEqual(box.width);
    expect(box.scrolls).toBe(true);
    expect(box.selectedInView).toBe(true);
    expect(box.pageScrolls).toBe(false);
    await screenshot(page, "session-tabs-240");
  });
});
