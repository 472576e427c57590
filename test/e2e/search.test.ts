/**
 * Full-text search (#26): a word from an agent message in an older session is found from History (and
 * its shortcut) and opens that session at the match, marked; the setting off deletes the index.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { writeLongSession } from "../helpers/chromium/long-session";
import {
  agentBubbles,
  expectInViewport,
  LONG,
  openNewSession,
  sendPrompt,
  transcript,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search sessions" });
const results = (page: Page) => page.locator(".search-results");

/** Ctrl+K from the composer: History with its search box focused. */
async function searchFor(page: Page, words: string): Promise<void> {
  await page.getByRole("textbox", { name: /^Message / }).focus();
  await page.keyboard.press("Control+k");
  await expect.poll(() => searchBox(page).evaluate((el) => el === document.activeElement), { timeout: LONG }).toBe(true);
  await page.keyboard.type(words);
}

/** The search database's name, as the panel sees the extension's IndexedDB. */
const searchDatabases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.includes("goose-search")));

async function openLongSessionOnce(page: Page): Promise<void> {
  await page.getByRole("button", { name: "History" }).click();
  await page.getByRole("button", { name: "Long one", exact: true }).click();
  await waitForText(transcript(page), "This is message 200.");
}

describe("full-text search", () => {
  it("finds a word from an agent message of an older session and opens the session at it, marked", async () => {
    const h = await launch();
    // The word is in message 22 of 200 (an agent's): far above the newest page of entries the transcript shows first.
    writeLongSession(h, "Long one", 200, { 22: "The cache key was quokkalantern all along." });
    const page = await h.openPanel();
    await waitForReady(page);
    // Opened once here (its replay is indexed), then the user moves on to a new session.
    await openLongSessionOnce(page);
    await openNewSession(page);
    await sendPrompt(page, "echo something else");
    await waitForTurnEnd(page);

    await searchFor(page, "quokkalantern");
    const hit = results(page).getByRole("button", { name: /^Long one: / });
    await hit.waitFor({ timeout: LONG });
    // The snippet marks the word; the row shows when the session was last updated.
    expect(await hit.locator("mark").innerText()).toBe("quokkalantern");
    expect(await hit.locator("time").count()).toBe(1);
    await hit.click();

    const mark = transcript(page).locator("mark.search-match");
    await mark.first().waitFor({ timeout: LONG });
    expect(await mark.first().innerText()).toBe("quokkalantern");
    // Inside message 22, in view: the list brought the older entries in and scrolled to it.
    expect(await mark.first().evaluate((m) => m.closest(".message")?.textContent ?? "")).toContain("This is message 22.");
    await expectInViewport(mark.first(), 0.9);
  });

  it("indexes a live turn when it ends; the setting off deletes the index and search says it is off", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo ocelotwhistle in the reply");
    await waitForText(agentBubbles(page), "ocelotwhistle");
    await waitForTurnEnd(page);

    await searchFor(page, "ocelotwhistle");
    await results(page).locator("mark", { hasText: "ocelotwhistle" }).first().waitFor({ timeout: LONG });
    expect(await searchDatabases(page)).toEqual(["goose-search"]);

    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    await options.getByRole("checkbox", { name: /Search the text of every session/ }).uncheck();
    await expect.poll(() => searchDatabases(page), { timeout: LONG }).toEqual([]);
    await page.getByText("Searching messages is off in the options").waitFor({ timeout: LONG });
    expect(await results(page).count()).toBe(0);
    await options.close();
  });
});
