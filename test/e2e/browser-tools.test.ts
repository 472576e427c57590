/**
 * The browser tools in real Chromium: the runner the host's tool_call reaches, called from the service
 * worker (the e2e build exposes it with a consent stub that records each request and answers as the test
 * says), against local pages with text and a form. The assertions look at the page's own DOM and state.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ToolContent } from "../../shared/browser-tools";
import { type Harness, launchExtension, ROOT } from "../helpers/chromium/harness";
import { startTestSite, type TestSite } from "../helpers/test-site";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");

interface Outcome {
  content: ToolContent[];
  isError?: boolean;
}
interface Consent {
  kind: string;
  message: string;
  site: string;
  tool: string;
  element?: string;
}

/** About 2 MB of article text. */
function largePage(): string {
  const paragraph = (i: number) =>
    `<p>Paragraph ${i}: ${"ownership and borrowing keep memory safe without a garbage collector. ".repeat(14)}</p>`;
  const body = Array.from({ length: 2_100 }, (_, i) => paragraph(i)).join("\n");
  const article = `<article><h1>A very long article</h1>${body}<p>THE END</p></article>`;
  return `<!doctype html><html><head><title>Large</title></head><body>${article}</body></html>`;
}

let site: TestSite;
let h: Harness;
let page: Page;

beforeAll(async () => {
  site = await startTestSite({ "large.html": largePage() });
  // The tools need no agent: no host manifest, so the panel is never connected.
  h = await launchExtension({ extensionDir: E2E_BUILD, manifest: "missing" });
});
afterAll(async () => {
  await h?.close();
  await site?.close();
});
beforeEach(async () => {
  for (const p of h.context.pages()) await p.close();
  page = await h.context.newPage();
  await page.goto(site.url("form.html"));
  await setAnswer("allow_once");
  await h.worker.evaluate(() => {
    (globalThis as unknown as { __gooseBrowserTools: { consents: unknown[] } }).__gooseBrowserTools.consents = [];
  });
});

async function call(tool: string, args: Record<string, unknown> = {}): Promise<Outcome> {
  return h.worker.evaluate(
    ({ tool, args }) =>
      (globalThis as unknown as { __gooseBrowserTools: { run(c: unknown): Promise<Outcome> } }).__gooseBrowserTools.run({ tool, args }),
    { tool, args },
  );
}

async function setAnswer(answer: "allow_once" | "allow_site" | "deny"): Promise<void> {
  await h.worker.evaluate((answer) => {
    (globalThis as unknown as { __gooseBrowserTools: { answer: string } }).__gooseBrowserTools.answer = answer;
  }, answer);
}

async function consents(): Promise<Consent[]> {
  return h.worker.evaluate(() => (globalThis as unknown as { __gooseBrowserTools: { consents: Consent[] } }).__gooseBrowserTools.consents);
}

function text(o: Outcome): string {
  return o.content.map((c) => (c.type === "text" ? c.text : `[${c.mimeType}]`)).join("\n");
}

async function tabIdOf(url: string): Promise<number> {
  const id = await h.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]?.id, url);
  if (id === undefined) throw new Error(`no tab at ${url}`);
  return id;
}

/** The ref the snapshot gave the line matching `pattern`. */
function refIn(snapshot: string, pattern: RegExp): string {
  const line = snapshot.split("\n").find((l) => pattern.test(l));
  const ref = line && /\[(e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no line matching ${pattern} in:\n${snapshot}`);
  return ref;
}

async function snapshot(tabId: number): Promise<string> {
  const o = await call("page_snapshot", { tabId });
  expect(o.isError, text(o)).toBeFalsy();
  return text(o);
}

describe("browser tools in Chromium", () => {
  it("list_tabs sees the test page", async () => {
    const o = await call("list_tabs");
    expect(o.isError).toBeFalsy();
    const rows = JSON.parse(text(o).slice(text(o).indexOf("["))) as {
      id: number;
      title: string;
      url: string;
      active: boolean;
      windowId: number;
    }[];
    const row = rows.find((r) => r.url === site.url("form.html"));
    expect(row).toMatchObject({ title: "Sign up — Test Co", active: true, id: await tabIdOf(site.url("form.html")) });
    expect(typeof row?.windowId).toBe("number");
  });

  it("read_page returns the page's text, labelled as untrusted page content", async () => {
    const o = await call("read_page", { tabId: await tabIdOf(site.url("form.html")) });
    expect(o.isError).toBeFalsy();
    const t = text(o);
    expect(t.split("\n")[0]).toBe("Page content from 127.0.0.1 (untrusted):");
    expect(t).toContain("The quick brown fox jumps over the lazy dog.");
    expect(t).toContain(`URL: ${site.url("form.html")}`);
  });

  it("page_snapshot gives refs to the form's fields and buttons, with values and states, and leaves hidden ones out", async () => {
    const s = await snapshot(await tabIdOf(site.url("form.html")));
    expect(s.split("\n")[0]).toBe("Page content from 127.0.0.1 (untrusted):");
    expect(s).toMatch(/- navigation "Site" \[e\d+\]/);
    expect(s).toMatch(/ {2}- link "Read the article" \[e\d+\] -> \/article.html/);
    expect(s).toMatch(/- heading "Sign up for the newsletter" \[e\d+\] level=1/);
    expect(s).toMatch(/textbox "Your name" \[e\d+\] required/);
    expect(s).toMatch(/textbox "Email" \[e\d+\]/);
    expect(s).toMatch(
      /combobox "Country" \[e\d+\] value="Choose one" \(4 options\)\n {6}- option "Choose one" \[e\d+\] selected\n {6}- option "France" \[e\d+\]/,
    );
    expect(s).toMatch(/checkbox "I accept the terms" \[e\d+\]/);
    expect(s).toMatch(/button "Subscribe" \[e\d+\]/);
    expect(s).toMatch(/button "Unsubscribe" \[e\d+\] disabled/);
    // The password's value never reaches the agent; hidden elements are not offered.
    expect(s).toMatch(/textbox "Password" \[e\d+\] value="\(hidden\)"/);
    expect(s).not.toContain("hunter2");
    expect(s).not.toContain("Hidden button");
    // A second snapshot of the same document keeps the refs.
    expect(await snapshot(await tabIdOf(site.url("form.html")))).toContain(refIn(s, /button "Subscribe"/));
  });

  it("type, select_option and click by ref change the page, each after asking with the element in plain words", async () => {
    const tabId = await tabIdOf(site.url("form.html"));
    const s = await snapshot(tabId);
    const typed = await call("type", { tabId, ref: refIn(s, /textbox "Your name"/), text: "Ada" });
    expect(typed.isError, text(typed)).toBeFalsy();
    // The page's own input listener saw it (a controlled input would have).
    expect(await page.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    const selected = await call("select_option", { tabId, ref: refIn(s, /combobox "Country"/), value: "Germany" });
    expect(selected.isError, text(selected)).toBeFalsy();
    expect(await page.evaluate(() => document.body.dataset.country)).toBe("de");
    const checked = await call("click", { tabId, ref: refIn(s, /checkbox "I accept/) });
    expect(checked.isError, text(checked)).toBeFalsy();
    expect(await page.evaluate(() => (document.getElementById("terms") as HTMLInputElement).checked)).toBe(true);
    const clicked = await call("click", { tabId, ref: refIn(s, /button "Subscribe"/) });
    expect(text(clicked)).toContain('Clicked button "Subscribe"');
    expect(await page.locator("#result").textContent()).toBe("Thanks, Ada! (de)");
    const asked = await consents();
    expect(asked.filter((c) => c.kind === "act").map((c) => c.message)).toEqual([
      'goose wants to type "Ada" into textbox "Your name" on 127.0.0.1',
      'goose wants to choose "Germany" in combobox "Country" on 127.0.0.1',
      'goose wants to click checkbox "I accept the terms" on 127.0.0.1',
      'goose wants to click button "Subscribe" on 127.0.0.1',
    ]);
    // The snapshot now shows the new state.
    const after = await snapshot(tabId);
    expect(after).toMatch(/textbox "Your name" \[e\d+\] value="Ada"/);
    expect(after).toMatch(/checkbox "I accept the terms" \[e\d+\] checked/);
  });

  it("type with submit submits the form; find reaches elements by role and text", async () => {
    const tabId = await tabIdOf(site.url("form.html"));
    const found = await call("find", { tabId, role: "textbox", text: "name" });
    const ref = refIn(text(found), /textbox "Your name"/);
    await call("type", { tabId, ref, text: "Grace", submit: true });
    expect(await page.locator("#result").textContent()).toBe("Thanks, Grace! (no country)");
    const plain = await call("find", { tabId, text: "quick brown fox" });
    expect(text(plain)).toMatch(/p \[e\d+\] text="Test Co sends one letter/);
    expect(text(await call("find", { tabId, role: "slider" }))).toContain("No matching elements.");
  });

  it("a Deny leaves the page untouched and gives the agent a tool error", async () => {
    const tabId = await tabIdOf(site.url("form.html"));
    const s = await snapshot(tabId);
    await setAnswer("deny");
    const typed = await call("type", { tabId, ref: refIn(s, /textbox "Your name"/), text: "Mallory", submit: true });
    expect(typed.isError).toBe(true);
    expect(text(typed)).toBe('The user denied this: type "Mallory" into textbox "Your name" and submit on 127.0.0.1. Nothing was changed.');
    const clicked = await call("click", { tabId, ref: refIn(s, /button "Subscribe"/) });
    expect(clicked.isError).toBe(true);
    expect(await page.evaluate(() => (document.getElementById("name") as HTMLInputElement).value)).toBe("");
    expect(await page.evaluate(() => document.body.dataset.nameState)).toBeUndefined();
    expect(await page.locator("#result").textContent()).toBe("");
  });

  it("refs fail clearly once the page navigated, or the element is gone", async () => {
    const tabId = await tabIdOf(site.url("form.html"));
    const s = await snapshot(tabId);
    await page.evaluate(() => document.getElementById("reveal")?.remove());
    const gone = await call("click", { tabId, ref: refIn(s, /button "Show more"/) });
    expect(gone).toMatchObject({ isError: true });
    expect(text(gone)).toMatch(/is gone from the page/);
    await page.goto(site.url("form.html?again"));
    const stale = await call("click", { tabId, ref: refIn(s, /button "Subscribe"/) });
    expect(stale.isError).toBe(true);
    expect(text(stale)).toMatch(/^The page changed since the snapshot/);
    // A new snapshot on the new document numbers on, so an old ref can never name a new element.
    const fresh = await snapshot(tabId);
    expect(refIn(fresh, /button "Subscribe"/)).not.toBe(refIn(s, /button "Subscribe"/));
    expect(await consents()).toEqual([]);
  });

  it("wait_for finds text that appears later, and times out with an error when it never does", async () => {
    const tabId = await tabIdOf(site.url("form.html"));
    await page.click("#reveal");
    const started = Date.now();
    const found = await call("wait_for", { tabId, text: "Extra details arrived", timeoutMs: 10_000 });
    expect(found.isError, text(found)).toBeFalsy();
    expect(text(found)).toContain('Found the text "Extra details arrived"');
    expect(Date.now() - started).toBeLessThan(10_000);
    const missing = await call("wait_for", { tabId, text: "never shown", timeoutMs: 300 });
    expect(missing).toMatchObject({ isError: true });
    expect(text(missing)).toContain("Timed out after 300 ms");
  });

  it("screenshot returns a PNG of the visible tab", async () => {
    await page.bringToFront();
    const o = await call("screenshot", { tabId: await tabIdOf(site.url("form.html")) });
    expect(o.isError, text(o)).toBeFalsy();
    const image = o.content.find((c) => c.type === "image");
    expect(image?.type === "image" && image.mimeType).toBe("image/png");
    const bytes = Buffer.from(image?.type === "image" ? image.data : "", "base64");
    expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  });

  it("browser pages, extension pages and non-web addresses are refused", async () => {
    const internal = await h.context.newPage();
    await internal.goto("chrome://version");
    const read = await call("read_page", { tabId: await tabIdOf("chrome://version/") });
    expect(read).toMatchObject({ isError: true });
    expect(text(read)).toMatch(/is a browser page; browser tools never read or act on browser pages/);
    const tabId = await tabIdOf(site.url("form.html"));
    for (const url of ["chrome://settings", "javascript:alert(1)", "https://chromewebstore.google.com/detail/x"]) {
      const o = await call("navigate", { tabId, url });
      expect(o.isError, url).toBe(true);
    }
    const own = await h.context.newPage();
    await own.goto(`chrome-extension://${h.extensionId}/options.html`);
    const ours = await call("page_snapshot", { tabId: await tabIdOf(`chrome-extension://${h.extensionId}/options.html`) });
    expect(text(ours)).toMatch(/this extension's own pages/);
    expect(await consents()).toEqual([]);
    expect(page.url()).toBe(site.url("form.html"));
  });

  it("bad arguments are a tool error naming the field", async () => {
    expect(text(await call("click", { ref: "12" }))).toMatch(/^Invalid ref for click/);
    expect(text(await call("wait_for", { text: "x", timeoutMs: 60_000 }))).toMatch(/^Invalid timeoutMs for wait_for/);
    expect(text(await call("click", { tabId: 999_999, ref: "e1" }))).toBe("No tab 999999 is open; list_tabs shows the open tabs.");
    expect(text(await call("no_such_tool"))).toMatch(/^There is no browser tool "no_such_tool"/);
  });

  it("navigate loads a page in the tab; open_tab opens one in the goose tab group", async () => {
    const tabId = await tabIdOf(site.url("form.html"));
    const nav = await call("navigate", { tabId, url: site.url("article.html") });
    expect(nav.isError, text(nav)).toBeFalsy();
    expect(page.url()).toBe(site.url("article.html"));
    const opened = await call("open_tab", { url: site.url("form.html?opened") });
    expect(opened.isError, text(opened)).toBeFalsy();
    const opened2 = await call("open_tab", { url: site.url("form.html?opened2") });
    expect(opened2.isError, text(opened2)).toBeFalsy();
    const groups = await h.worker.evaluate(
      async (urls) => {
        const tabs = await Promise.all(urls.map(async (url) => (await chrome.tabs.query({ url }))[0]));
        return Promise.all(
          tabs.map(async (t) => (t && t.groupId !== -1 ? { id: t.groupId, title: (await chrome.tabGroups.get(t.groupId)).title } : null)),
        );
      },
      [site.url("form.html?opened"), site.url("form.html?opened2")],
    );
    expect(groups[0]?.title).toBe("goose");
    expect(groups[1]?.id).toBe(groups[0]?.id);
    expect((await consents()).map((c) => c.message)).toEqual([
      `goose wants to load ${site.url("article.html")} in the tab "Sign up — Test Co" on 127.0.0.1`,
      `goose wants to open ${site.url("form.html?opened")} in a new tab on 127.0.0.1`,
      `goose wants to open ${site.url("form.html?opened2")} in a new tab on 127.0.0.1`,
    ]);
  });

  it("read_page on a 2 MB page: capped, with nextOffset to read on", async () => {
    await page.goto(site.url("large.html"));
    const tabId = await tabIdOf(site.url("large.html"));
    const started = performance.now();
    const first = await call("read_page", { tabId });
    const firstMs = performance.now() - started;
    expect(first.isError, text(first)).toBeFalsy();
    const next = Number(/pass offset (\d+) to read on/.exec(text(first))?.[1]);
    const total = Number(/Characters 0–\d+ of (\d+)\./.exec(text(first))?.[1]);
    expect(total).toBeGreaterThan(2_000_000);
    expect(next).toBeGreaterThan(15_000);
    const t1 = performance.now();
    const second = await call("read_page", { tabId, offset: next });
    const secondMs = performance.now() - t1;
    expect(text(second)).toContain(`Characters ${next}–`);
    const last = await call("read_page", { tabId, offset: total - 100 });
    expect(text(last)).toContain("THE END");
    expect(text(last)).not.toContain("pass offset");
    console.info(`read_page on ${total} chars of Markdown: first window ${firstMs.toFixed(0)} ms, continuation ${secondMs.toFixed(0)} ms`);
  });
});
