/**
 * Acting like a user (issue #24, defect 1), in real Chromium through the runner the host's tool_call reaches
 * (the e2e build's hook, consent answered "allow"): click, type and select_option scroll into view, check the
 * element is visible, enabled, still and not covered, and send the whole pointer/mouse/click sequence to the
 * element a user's click would hit. Each page reproduces a miss measured on real sites; the assertions read
 * the page's own state, so a tool that claims success without the page changing fails.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Harness, launchExtension, ROOT } from "../helpers/chromium/harness";
import { refIn, outcomeText as text, toolHook } from "../helpers/chromium/tool-hook";
import { startTestSite, type TestSite } from "../helpers/test-site";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");

let site: TestSite;
let h: Harness;
let page: Page;
const tools = toolHook(() => h.worker);
const { call } = tools;

beforeAll(async () => {
  site = await startTestSite();
  h = await launchExtension({ extensionDir: E2E_BUILD, manifest: "missing" });
});
afterAll(async () => {
  await h?.close();
  await site?.close();
});
beforeEach(async () => {
  for (const p of h.context.pages()) await p.close();
  page = await h.context.newPage();
  await tools.setAnswer("allow_once");
  await tools.clearConsents();
});

/** Opens a fixture page and takes its snapshot. */
async function open(name: string): Promise<{ tabId: number; snap: string }> {
  await page.goto(site.url(name));
  const tabId = await tools.tabIdOf(site.url(name));
  const o = await call("page_snapshot", { tabId });
  expect(o.isError, text(o)).toBeFalsy();
  return { tabId, snap: text(o) };
}

const data = (key: string) => page.evaluate((k) => document.body.dataset[k] ?? null, key);

describe("acting like a user", () => {
  it("a click on a tab whose link holds the handler reaches the link, and the tab changes", async () => {
    const { tabId, snap } = await open("act-wrappers.html");
    const clicked = await call("click", { tabId, ref: refIn(snap, /tab "Specs"/) });
    expect(clicked.isError, text(clicked)).toBeFalsy();
    expect(text(clicked)).toContain('Clicked tab "Specs"');
    expect(await data("tab")).toBe("Specs");
    expect(await page.locator("#two").isVisible()).toBe(true);
    expect(await page.getAttribute('[aria-controls="two"]', "aria-selected")).toBe("true");
  });

  it("a custom button with the handler on an inner span gets the whole sequence of a user's click, in order", async () => {
    const { tabId, snap } = await open("act-wrappers.html");
    const clicked = await call("click", { tabId, ref: refIn(snap, /button "Save draft"/) });
    expect(clicked.isError, text(clicked)).toBeFalsy();
    expect(await data("saved")).toBe("1");
    expect(await page.locator("#status").textContent()).toBe("Draft saved");
    expect((await data("events"))?.split(" ")).toEqual([
      "pointerover",
      "pointerenter",
      "mouseover",
      "mouseenter",
      "pointermove",
      "mousemove",
      "pointerdown",
      "mousedown",
      "focus",
      "pointerup",
      "mouseup",
      "click",
    ]);
    // Focus moved as a user's mousedown moves it: to the focusable button.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("save");
  });

  it("an element under a cookie banner is not clicked or typed into: the tool says what covers it; once dismissed it works", async () => {
    const { tabId, snap } = await open("act-covered.html");
    const buy = await call("click", { tabId, ref: refIn(snap, /button "Buy now"/) });
    expect(buy.isError).toBe(true);
    expect(text(buy)).toMatch(/button "Buy now" \[e\d+\] is covered by .*dialog "Cookie consent"/);
    expect(await data("bought")).toBeNull();
    const typed = await call("type", { tabId, ref: refIn(snap, /textbox "Coupon"/), text: "SAVE10" });
    expect(typed.isError).toBe(true);
    expect(text(typed)).toMatch(/is covered by/);
    expect(await data("coupon")).toBeNull();

    const accepted = await call("click", { tabId, ref: refIn(snap, /button "Accept all"/) });
    expect(accepted.isError, text(accepted)).toBeFalsy();
    expect(await page.locator("#cookies").count()).toBe(0);
    expect((await call("click", { tabId, ref: refIn(snap, /button "Buy now"/) })).isError).toBeFalsy();
    expect(await data("bought")).toBe("yes");
    expect((await call("type", { tabId, ref: refIn(snap, /textbox "Coupon"/), text: "SAVE10" })).isError).toBeFalsy();
    expect(await data("coupon")).toBe("SAVE10");
  });

  it("a button whose centre is covered is clicked where it shows, not through the cover", async () => {
    const { tabId, snap } = await open("act-covered.html");
    await page.evaluate(() => document.getElementById("cookies")?.remove());
    const half = await call("click", { tabId, ref: refIn(snap, /button "Half hidden"/) });
    expect(half.isError, text(half)).toBeFalsy();
    const [x] = (await data("half"))!.split(",").map(Number);
    const [left, badgeLeft] = await page.evaluate(() => [
      document.getElementById("half")!.getBoundingClientRect().left,
      document.getElementById("badge")!.getBoundingClientRect().left,
    ]);
    // On the button's own visible part: right of its left edge, left of the badge.
    expect(x).toBeGreaterThanOrEqual(left!);
    expect(x).toBeLessThan(badgeLeft!);
  });

  it("a control disabled by its group or fieldset is refused, and the page is untouched", async () => {
    const { tabId, snap } = await open("act-disabled.html");
    const pay = await call("click", { tabId, ref: refIn(snap, /button "Pay 20 €"/) });
    expect(pay.isError).toBe(true);
    expect(text(pay)).toMatch(/button "Pay 20 €" \[e\d+\] is disabled\./);
    expect(await data("paid")).toBeNull();
    const street = await call("type", { tabId, ref: refIn(snap, /textbox "Street"/), text: "Main St" });
    expect(street.isError).toBe(true);
    expect(text(street)).toMatch(/is disabled\./);
    const speed = await call("select_option", { tabId, ref: refIn(snap, /combobox "Speed"/), value: "Express" });
    expect(speed.isError).toBe(true);
    expect(await data("street")).toBeNull();
    expect(await data("speed")).toBeNull();
    expect((await call("click", { tabId, ref: refIn(snap, /button "Continue"/) })).isError).toBeFalsy();
    expect(await data("ok")).toBe("yes");
  });

  it("an element placed off-screen is refused; one far down the page or inside a scrolled box is scrolled to and clicked", async () => {
    const { tabId, snap } = await open("act-offscreen.html");
    const skip = await call("click", { tabId, ref: refIn(snap, /button "Skip to content"/) });
    expect(skip.isError).toBe(true);
    expect(text(skip)).toMatch(/is outside the visible page and could not be scrolled into view/);
    expect(await data("skip")).toBeNull();
    expect((await call("click", { tabId, ref: refIn(snap, /button "Far down"/) })).isError).toBeFalsy();
    expect(await data("far")).toBe("clicked");
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    expect((await call("click", { tabId, ref: refIn(snap, /button "Inside a scrolled box"/) })).isError).toBeFalsy();
    expect(await data("inner")).toBe("clicked");
  });

  it("type and select_option still change controlled fields, after the same checks", async () => {
    const { tabId, snap } = await open("form.html");
    const typed = await call("type", { tabId, ref: refIn(snap, /textbox "Your name"/), text: "Ada" });
    expect(text(typed)).toContain('Typed 3 characters into textbox "Your name"');
    expect(await data("nameState")).toBe("Ada");
    // One input event per character, as typing makes.
    expect(await page.evaluate(() => (document.getElementById("name") as HTMLInputElement).value)).toBe("Ada");
    expect((await call("select_option", { tabId, ref: refIn(snap, /combobox "Country"/), value: "Japan" })).isError).toBeFalsy();
    expect(await data("country")).toBe("jp");
  });
});
