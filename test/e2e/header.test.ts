/**
 * The panel's header: icon buttons named for screen readers and on hover, and the menu (export, close
 * the session, options) that follows the menu button pattern from the keyboard and closes on Escape,
 * Tab and a click outside. Its layout at three widths is the tour's (tour.test.ts).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chooseFromMenu, menuButton, sendPrompt, transcript, userBubbles, waitForReady, waitForTurnEnd } from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

const menu = (page: Page) => page.getByRole("menu", { name: "More actions" });
const item = (page: Page, name: string) => menu(page).getByRole("menuitem", { name, exact: true });
/** The accessible name of the focused element. */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? "");

describe("header", () => {
  it("names every icon button, to screen readers and on hover", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    for (const name of ["Browser: off", "History", "New session", "More actions"]) {
      const button = page.locator("header").getByRole("button", { name, exact: true });
      expect(await button.locator("svg").count(), `${name} shows an icon`).toBe(1);
      expect(await button.innerText(), `${name} has no text beside its icon`).toBe("");
      expect(await button.getAttribute("title"), `${name} says what it does on hover`).toMatch(/\w/);
    }
  });

  it("the menu: keyboard, Escape, Tab and a click outside; disabled actions say why", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    // The session the panel opened as it opened: the menu offers to close it.
    await page.getByRole("tab", { selected: true }).waitFor();

    // Enter opens it on the first action (disabled, but focusable, with its reason), arrows move and wrap.
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await menu(page).waitFor();
    expect(await menuButton(page).getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => focused(page)).toBe("Export as Markdown");
    expect(await item(page, "Export as Markdown").getAttribute("aria-disabled")).toBe("true");
    expect(await item(page, "Export as Markdown").getAttribute("title")).toBe("Nothing to export yet.");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Close session");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Options");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Export as Markdown");
    await page.keyboard.press("End");
    expect(await focused(page)).toBe("Options");
    await page.keyboard.press("Home");
    expect(await focused(page)).toBe("Export as Markdown");
    // A disabled action does nothing: the menu stays.
    await page.keyboard.press("Enter");
    expect(await menu(page).isVisible()).toBe(true);

    // Escape closes and gives focus back to the button.
    await page.keyboard.press("Escape");
    await menu(page).waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("More actions");
    expect(await menuButton(page).getAttribute("aria-expanded")).toBe("false");

    // ArrowUp opens it on the last action; Tab closes it.
    await page.keyboard.press("ArrowUp");
    await menu(page).waitFor();
    await expect.poll(() => focused(page)).toBe("Options");
    await page.keyboard.press("Tab");
    await menu(page).waitFor({ state: "detached" });

    // A click outside closes it.
    await menuButton(page).click();
    await menu(page).waitFor();
    await page.locator(".empty").click();
    await menu(page).waitFor({ state: "detached" });
  });

  it("exports the conversation and closes the session from the menu", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo menu export");
    await waitForTurnEnd(page);

    await page.evaluate(() => {
      const w = window as unknown as { exported?: Promise<string> };
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        w.exported = (blob as Blob).text();
        return "blob:exported";
      };
      HTMLAnchorElement.prototype.click = () => {};
    });
    await chooseFromMenu(page, "Export as Markdown");
    const md = await page.evaluate(() => (window as unknown as { exported: Promise<string> }).exported);
    expect(md).toContain("echo menu export");
    await menu(page).waitFor({ state: "detached" });

    await chooseFromMenu(page, "Close session");
    await transcript(page).waitFor({ state: "detached" });
    expect(await userBubbles(page).count()).toBe(0);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("goose");
    expect(harness.agentMessages().some((m) => m.method === "session/close")).toBe(true);
  });
});
