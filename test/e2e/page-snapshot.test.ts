/**
 * page_snapshot in real Chromium on test pages that reproduce what real pages do to it: names across
 * inline elements and CSS-hidden text, composite widgets and their items, a page far longer than one
 * window, iframes of the same and another origin, and open and closed shadow roots. Acting on a ref from
 * a frame or a shadow root must reach that element.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "../helpers/chromium/harness";
import { ROOT } from "../helpers/chromium/harness";
import { refIn, outcomeText as text, toolCaller } from "../helpers/chromium/tool-calls";
import { startTestSite, type TestSite } from "../helpers/test-site";
import { useHarness } from "./fixture";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");
const LINKS = 4_000;

/** A page with far more than one window of outline: LINKS links in a list, then a last button. */
function longPage(): string {
  const items = Array.from({ length: LINKS }, (_, i) => `<li><a href="/item/${i}">Item number ${i}</a></li>`).join("");
  return `<!doctype html><title>Long</title><main><h1>Index</h1><ul>${items}</ul><button type="button" onclick="document.title='done'">Last button</button></main>`;
}

const launch = useHarness();
let site: TestSite;
let h: Harness;
let page: Page;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  site = await startTestSite({ "long.html": longPage() });
});
afterAll(async () => {
  await site?.close();
});
beforeEach(async () => {
  h = await launch({ extensionDir: E2E_BUILD, manifest: "missing" });
  tools = toolCaller(h);
  await tools.answer("allow_once");
  page = await h.context.newPage();
});

async function snapshotOf(file: string, cursor?: number): Promise<string> {
  if (!page.url().endsWith(file)) await page.goto(site.url(file));
  const o = await tools.call("page_snapshot", { tabId: await tools.tabIdOf(site.url(file)), ...(cursor ? { cursor } : {}) });
  expect(o.isError, text(o)).toBeFalsy();
  return text(o);
}

describe("page_snapshot in Chromium", () => {
  it("names elements as the accessible-name spec does: no space at inline boundaries, CSS-hidden text left out", async () => {
    const s = await snapshotOf("names.html");
    expect(s).toMatch(/- heading "Account settings" \[e\d+\] level=1/);
    expect(s).toMatch(/- link "mozilla\.org" \[e\d+\] -> https:\/\/www\.mozilla\.org\//);
    expect(s).toMatch(/- button "Submit" \[e\d+\]/);
    expect(s).toMatch(/- button "Save draft" \[e\d+\]/);
    expect(s).toMatch(/- link "Help centre" \[e\d+\]/);
    expect(s).toMatch(/- button "Next page" \[e\d+\]/);
    expect(s).toMatch(/- searchbox "Search the site" \[e\d+\]/);
    expect(s).not.toMatch(/secretly|hidden hint/);
  });

  it("lists the items of composite widgets with refs: autocomplete options, menu items, tabs and what they hold, tree items, grid cells, every option of a long select", async () => {
    const s = await snapshotOf("widgets.html");
    expect(s).toMatch(/^ {2}- combobox \[e\d+\] expanded$/m);
    expect(s).toMatch(/^ {4}- textbox "Country" \[e\d+\] value="E"$/m);
    expect(s).toMatch(/^ {4}- listbox "Suggestions" \[e\d+\]\n {6}- option "Egypt" \[e\d+\]\n {6}- option "Eritrea" \[e\d+\]$/m);
    expect(s).toMatch(/^ {2}- menu "Actions" \[e\d+\]\n {4}- menuitem "Rename" \[e\d+\]\n {4}- menuitem "Delete" \[e\d+\]$/m);
    expect(s).toMatch(/^ {4}- tab "Overview" \[e\d+\] selected\n {6}- link "Overview" \[e\d+\] -> #overview$/m);
    expect(s).toMatch(/- treeitem "main\.ts" \[e\d+\]/);
    expect(s).toMatch(/- gridcell "2" \[e\d+\]/);
    expect(s).toMatch(/- combobox "Year" \[e\d+\] value="2026" \(200 options\)/);
    const years = s.split("\n").filter((l) => /^ {4}- option "\d{4}" \[e\d+\]/.test(l));
    expect(years).toHaveLength(200);
    expect(years.at(-1)).toMatch(/option "1827"/);
    // An option's ref acts on it.
    const tabId = await tools.tabIdOf(site.url("widgets.html"));
    await page.evaluate(() => document.getElementById("opt-eritrea")?.addEventListener("click", () => (document.title = "Eritrea chosen")));
    const clicked = await tools.call("click", { tabId, ref: refIn(s, /option "Eritrea"/) });
    expect(clicked.isError, text(clicked)).toBeFalsy();
    expect(await page.title()).toBe("Eritrea chosen");
  });

  it("hands a long page out in windows with a cursor, saying how much is left, until every link has a ref", async () => {
    const first = await snapshotOf("long.html");
    expect(first.length).toBeLessThan(31_000);
    const seen = new Set<string>();
    let window = first;
    let windows = 0;
    for (;;) {
      windows++;
      for (const m of window.matchAll(/link "Item number (\d+)" \[e\d+\]/g)) seen.add(m[1] as string);
      const next = /(\d+) more lines, about [\d,]+ characters, follow: call page_snapshot with cursor (\d+) to read on/.exec(window);
      if (!next) break;
      window = await snapshotOf("long.html", Number(next[2]));
    }
    expect(windows).toBeGreaterThan(4);
    expect(window).toMatch(/\(Lines \d+–\d+ of \d+: the end of the snapshot\.\)/);
    expect(seen.size).toBe(LINKS);
    const tabId = await tools.tabIdOf(site.url("long.html"));
    const last = await tools.call("click", { tabId, ref: refIn(window, /button "Last button"/) });
    expect(last.isError, text(last)).toBeFalsy();
    expect(await page.title()).toBe("done");
  });

  it("includes same- and cross-origin iframes under their iframe line, with frame refs that act in that frame, and names a frame it cannot enter", async () => {
    await page.goto(site.url("frames.html"));
    await page.frameLocator("#cross").locator("#where").filter({ hasText: "Cross-origin content" }).waitFor();
    const s = await snapshotOf("frames.html");
    expect(s).toMatch(
      /^ {2}- iframe "Same-origin frame" \[e\d+\]\n {4}- heading "Same-origin content" \[f\d+e\d+\] level=2\n {4}- textbox "Name in frame" \[f\d+e\d+\]\n {4}- button "Frame button" \[f\d+e\d+\]$/m,
    );
    expect(s).toMatch(/^ {2}- iframe "Cross-origin frame" \[e\d+\]\n {4}- heading "Cross-origin content" \[f\d+e\d+\] level=2/m);
    expect(s).toMatch(/- iframe "Data frame" \[e\d+\] \(content not shown: the browser does not let the extension into this frame/);
    const tabId = await tools.tabIdOf(site.url("frames.html"));
    const crossButton = refIn(s.slice(s.indexOf("Cross-origin frame")), /button "Frame button"/);
    const sameName = refIn(s, /textbox "Name in frame"/);
    expect(crossButton.split("e")[0]).not.toBe(sameName.split("e")[0]);
    const clicked = await tools.call("click", { tabId, ref: crossButton });
    expect(text(clicked)).toContain(`Clicked button "Frame button" [${crossButton}]`);
    const typed = await tools.call("type", { tabId, ref: sameName, text: "Ada" });
    expect(typed.isError, text(typed)).toBeFalsy();
    // The user is told the element is in another site's frame; the same-origin frame is the page's own.
    expect((await tools.consents()).filter((c) => c.kind === "act").map((c) => c.message)).toEqual([
      'goose wants to click button "Frame button" in a frame from localhost on 127.0.0.1',
      'goose wants to type "Ada" into textbox "Name in frame" on 127.0.0.1',
    ]);
    expect(await page.frameLocator("#cross").locator("#inner-clicks").textContent()).toBe("clicked;");
    expect(await page.frameLocator("#same").locator("#inner-clicks").textContent()).toBe("");
    expect(await page.frameLocator("#same").locator("#inner-name").inputValue()).toBe("Ada");
    // A second snapshot keeps the frames' refs.
    expect(await snapshotOf("frames.html")).toContain(`[${crossButton}]`);
  });

  it("find searches every frame too, and a match's frame ref acts in its frame", async () => {
    await page.goto(site.url("frames.html"));
    await page.frameLocator("#cross").locator("#where").filter({ hasText: "Cross-origin content" }).waitFor();
    const tabId = await tools.tabIdOf(site.url("frames.html"));
    const found = await tools.call("find", { tabId, text: "Frame button" });
    expect(found.isError, text(found)).toBeFalsy();
    const t = text(found);
    expect(t).toMatch(/In frame f\d+ \(http:\/\/127\.0\.0\.1:\d+\/frame-inner\.html\):\n {2}button "Frame button" \[f\d+e\d+\]/);
    expect(t).toMatch(/In frame f\d+ \(http:\/\/localhost:\d+\/frame-inner\.html\?cross\):\n {2}button "Frame button" \[f\d+e\d+\]/);
    const cross = refIn(t.slice(t.indexOf("localhost")), /button "Frame button"/);
    const clicked = await tools.call("click", { tabId, ref: cross });
    expect(text(clicked)).toContain(`Clicked button "Frame button" [${cross}]`);
    expect(await page.frameLocator("#cross").locator("#inner-clicks").textContent()).toBe("clicked;");
    expect(await page.frameLocator("#same").locator("#inner-clicks").textContent()).toBe("");
  });

  it("includes open shadow roots in place, and a closed one named as such, with refs that act inside them", async () => {
    const s = await snapshotOf("frames.html");
    expect(s).toMatch(/^ {2}- navigation "Shadow nav" \[e\d+\]\n {4}- button "Open shadow button" \[e\d+\]$/m);
    expect(s).toMatch(/^ {2}- closed-widget \(closed shadow root\)\n {4}- button "Closed shadow button" \[e\d+\]$/m);
    const tabId = await tools.tabIdOf(site.url("frames.html"));
    for (const name of ["Open shadow button", "Closed shadow button"]) {
      const o = await tools.call("click", { tabId, ref: refIn(s, new RegExp(`button "${name}"`)) });
      expect(o.isError, text(o)).toBeFalsy();
    }
    expect(await page.locator("#clicks").textContent()).toBe("open;closed;");
  });
});
