/**
 * goose's session controls (issue #38) appear only where the running agent serves them: the scripted
 * goose answers goose's methods in goose's shapes (test/e2e-goose/goose-controls.test.ts drives the
 * real one), a goose release without them and another agent get none of the controls.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { agentBubbles, LONG, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

async function historyWithOneSession(page: Page, words: string) {
  await waitForReady(page);
  await sendPrompt(page, words);
  await waitForText(agentBubbles(page), words);
  await waitForTurnEnd(page);
  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("region", { name: "Session history" });
  await history.getByRole("button", { name: words, exact: true }).waitFor({ timeout: LONG });
  return history;
}

const GOOSE_METHODS = /^_goose\/unstable\/(session\/(rename|archive|unarchive|working-dir\/update|extensions\/list)|recipes\/decode)$/;
const GOOSE_MENU_ITEMS = ["Extensions", "Start from a recipe", "Save as recipe"];

/** The header menu's items (the menu closed again). */
async function menuItems(page: Page): Promise<string[]> {
  await page.getByRole("button", { name: "More actions" }).click();
  const items = await page.getByRole("menuitem").allInnerTexts();
  await page.keyboard.press("Escape");
  return items.map((t) => t.trim());
}

describe("goose's session controls", () => {
  it("goose that serves them: History renames (the tab follows) and archives", async () => {
    const h = await launch();
    const page = await h.openPanel();
    const history = await historyWithOneSession(page, "echo name me");
    await history.getByRole("button", { name: "Actions for echo name me" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await history.getByRole("textbox", { name: "New name for echo name me" }).fill("Named here");
    await history.getByRole("button", { name: "Save" }).click();
    await history.getByRole("button", { name: "Named here", exact: true }).waitFor({ timeout: LONG });
    // The tab follows (History has the header to itself, so back to the conversation to see it).
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("tab", { name: /Named here/ }).waitFor({ timeout: LONG });
    await page.getByRole("button", { name: "History" }).click();
    await history.getByRole("button", { name: "Actions for Named here" }).click();
    await page.getByRole("menuitem", { name: "Archive" }).click();
    await history.getByRole("button", { name: "Show archived (1)" }).waitFor({ timeout: LONG });
    expect(await history.locator(".history__title").count()).toBe(0);
    // This goose serves the session methods but not those of extensions and recipes (-32601): their items stay out.
    const features = h.agentMessages().filter((m) => /extensions\/list|recipes\/decode/.test(m.method ?? ""));
    expect(features.map((m) => m.params)).toEqual([{}, {}]);
    const items = await menuItems(page);
    expect(items).toContain("Options");
    for (const item of GOOSE_MENU_ITEMS) expect(items).not.toContain(item);
  });

  it("goose without the methods (asked, -32601): no controls", async () => {
    const h = await launch({ agentEnv: { SCRIPTED_AGENT_WITHOUT: "goose-sessions" }, captureAgentStdout: true });
    const page = await h.openPanel();
    const history = await historyWithOneSession(page, "echo plain goose");
    const asked = h.agentMessages().filter((m) => GOOSE_METHODS.test(m.method ?? ""));
    expect(asked.map((m) => m.method)).toHaveLength(6);
    const ids = new Set(asked.map((m) => m.id));
    expect(
      h
        .agentOutput()
        .filter((m) => ids.has(m.id as number))
        .map((m) => m.error?.code),
    ).toEqual([-32601, -32601, -32601, -32601, -32601, -32601]);
    expect(await history.getByRole("button", { name: /^Actions for / }).count()).toBe(0);
    for (const item of GOOSE_MENU_ITEMS) expect(await menuItems(page)).not.toContain(item);
  });

  it("another agent: never asked, no controls", async () => {
    const h = await launch({ agentEnv: { SCRIPTED_AGENT_IDENTITY: "claude" } });
    const page = await h.openPanel();
    const history = await historyWithOneSession(page, "echo not goose");
    expect(h.agentMessages().filter((m) => (m.method ?? "").startsWith("_goose/"))).toEqual([]);
    expect(await history.getByRole("button", { name: /^Actions for / }).count()).toBe(0);
    const items = await menuItems(page);
    expect(items).toContain("Options");
    for (const item of GOOSE_MENU_ITEMS) expect(items).not.toContain(item);
  });
});
