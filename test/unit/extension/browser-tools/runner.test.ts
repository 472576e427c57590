// @vitest-environment happy-dom
/**
 * The runner against a page: the fake browser runs the real page-side tools in this happy-dom document
 * (what scripting.executeScript does in a tab), so refs, consent and the DOM are all the real thing; only
 * the tab APIs are a table.
 */
import "../../../helpers/dom/fake-browser";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import type { BrowserApi, TabInfo } from "../../../../extension/browser-tools/browser-api";
import type { ConsentAnswer, ConsentRequest } from "../../../../extension/browser-tools/consent";
import { SnapshotCache } from "../../../../extension/browser-tools/frames/snapshot-window";
import { ReadCache } from "../../../../extension/browser-tools/markdown-window";
import { installPageTools } from "../../../../extension/browser-tools/page/dispatch";
import { PAGE_TOOLS_GLOBAL } from "../../../../extension/browser-tools/page/protocol";
import { type RunnerDeps, runToolCall } from "../../../../extension/browser-tools/runner";
import { SiteGrants } from "../../../../extension/storage/site-grants";
import { TabRefStore } from "../../../../extension/storage/tab-refs";
import { ACTING_TOOLS } from "../../../../shared/browser-tools";
import { useLayout } from "../../../helpers/dom/layout";

const FORM = `<form><label for="q">Query</label><input id="q"><button type="button" id="go">Search</button></form>`;
const PAGE = `<main><h1>Shop</h1>${FORM}<p id="out"></p></main>`;
const OWN = "chrome-extension://ownownownownownownownownownownow";

/** A new document in the "tab": what a navigation does to the isolated world. */
function newDocument(html = PAGE): void {
  delete (window as unknown as Record<string, unknown>)[PAGE_TOOLS_GLOBAL];
  document.body.innerHTML = html;
  // The boxes a browser would lay out, so the acting tools' checks (in view, not covered) see the controls.
  const layout = useLayout(document);
  const q = document.getElementById("q");
  const go = document.getElementById("go");
  if (q) layout.place(q, { left: 10, top: 10, right: 200, bottom: 30 });
  if (go) layout.place(go, { left: 210, top: 10, right: 280, bottom: 30 });
  document.getElementById("go")?.addEventListener("click", () => {
    (document.getElementById("out") as HTMLElement).textContent = `Results for ${(document.getElementById("q") as HTMLInputElement).value}`;
  });
}

interface World {
  deps: RunnerDeps;
  tabs: TabInfo[];
  asked: ConsentRequest[];
  answers: ConsentAnswer[];
  calls: string[];
  hostAccess: boolean;
}

function world(): World {
  const w: World = {
    tabs: [
      { id: 1, windowId: 10, title: "Shop", url: "https://shop.example/search", active: true, groupId: -1, status: "complete" },
      { id: 2, windowId: 10, title: "Settings", url: "chrome://settings/", active: false, groupId: -1 },
    ],
    asked: [],
    answers: [],
    calls: [],
    hostAccess: true,
    deps: undefined as unknown as RunnerDeps,
  };
  const api: BrowserApi = {
    ownOrigin: OWN,
    queryTabs: async (q) => w.tabs.filter((t) => (q.active ? t.active : true)),
    getTab: async (id) => w.tabs.find((t) => t.id === id) ?? null,
    navigateTab: async (id, url) => {
      w.calls.push(`navigate ${id} ${url}`);
      Object.assign(w.tabs.find((t) => t.id === id) ?? {}, { url });
    },
    createTab: async (url) => {
      const tab = { id: 3, windowId: 10, title: "New", url, active: true, groupId: -1 };
      w.tabs.push(tab);
      return tab;
    },
    waitForLoad: async () => "complete",
    groupTab: async (tab, title) => void w.calls.push(`group ${tab.id} ${title}`),
    retitleGroups: async (name, working) => void w.calls.push(`retitle ${name} ${working}`),
    captureVisibleTab: async () => "data:image/png;base64,iVBORw0KGgo=",
    executeFunc: async (tabId, func, args) => {
      w.calls.push(`func ${tabId}`);
      return (await func(...args)) as never;
    },
    executeFile: async (tabId, file) => {
      w.calls.push(`file ${tabId} ${file}`);
      if (file === "/page-tools.js") return installPageTools(window as unknown as Window & typeof globalThis);
      return { title: "Shop", url: "https://shop.example/search", markdown: `# Shop\n\n${"word ".repeat(10_000)}\nTHE END` };
    },
    // The tab has one frame, the top document (frame 0).
    executeFuncInFrames: async (tabId, frames, func, args) => {
      w.calls.push(`func ${tabId} frames ${frames}`);
      return frames === "all" || frames.includes(0) ? [{ frameId: 0, result: (await func(...args)) as never }] : [];
    },
    executeFileInFrames: async (tabId, frameIds, file) => {
      w.calls.push(`file ${tabId} frames ${frameIds} ${file}`);
      if ((frameIds === "all" || frameIds.includes(0)) && file === "/page-tools.js")
        installPageTools(window as unknown as Window & typeof globalThis);
    },
    newDocumentIn: () => false,
    toolsAnswered: () => undefined,
    hasHostAccess: async () => w.hostAccess,
    fileAccessAllowed: async () => false,
  };
  w.deps = {
    api,
    agentName: "Goose Test",
    askConsent: async (request) => {
      w.asked.push(request);
      return w.answers.shift() ?? "deny";
    },
    grants: new SiteGrants(),
    tabRefs: new TabRefStore(),
    readCache: new ReadCache(),
  };
  return w;
}

const text = (o: { content: { type: string; text?: string }[] }) => o.content.map((c) => c.text ?? `[${c.type}]`).join("\n");
const refOf = (snapshot: string, name: string) => new RegExp(`"${name}" \\[(e\\d+)\\]`).exec(snapshot)?.[1] ?? "none";

let w: World;
beforeEach(() => {
  newDocument();
  w = world();
});

beforeEach(() => fakeBrowser.reset());

describe("runToolCall", () => {
  it("snapshot, then type and click by ref after asking: the page changes", async () => {
    const snap = text(await runToolCall({ tool: "page_snapshot", args: {} }, w.deps));
    expect(snap.split("\n").slice(0, 4)).toEqual([
      "Page content from shop.example (untrusted):",
      "Title: ",
      `URL: ${location.href}`,
      "Tab: 1",
    ]);
    w.answers.push("allow_once", "allow_once");
    expect(await runToolCall({ tool: "type", args: { ref: refOf(snap, "Query"), text: "socks" } }, w.deps)).toEqual({
      content: [
        {
          type: "text",
          text: `Page content from shop.example (untrusted):\n\nTyped 5 characters into textbox "Query" [${refOf(snap, "Query")}].`,
        },
      ],
      // What it waited on the browser's APIs (api-wait.ts), beside the handler's time, and of it what the page tools
      // said was their own time and their waits for the page.
      apiMs: expect.any(Number),
      pageMs: expect.any(Number),
      pageOwnMs: expect.any(Number),
      scriptFileMs: expect.any(Number),
    });
    await runToolCall({ tool: "click", args: { tabId: 1, ref: refOf(snap, "Search") } }, w.deps);
    expect(document.getElementById("out")?.textContent).toBe("Results for socks");
    expect(
      w.asked.map((r) => ({
        kind: r.kind,
        message: r.message,
        element: r.kind === "act" ? r.element : undefined,
        tab: r.tab,
        site: r.site,
      })),
    ).toEqual([
      {
        kind: "act",
        message: 'Goose Test wants to type "socks" into textbox "Query" on shop.example',
        element: 'textbox "Query"',
        tab: { id: 1, title: "Shop", url: "https://shop.example/search" },
        site: "shop.example",
      },
      {
        kind: "act",
        message: 'Goose Test wants to click button "Search" on shop.example',
        element: 'button "Search"',
        tab: { id: 1, title: "Shop", url: "https://shop.example/search" },
        site: "shop.example",
      },
    ]);
  });

  it("Deny leaves the page untouched", async () => {
    const snap = text(await runToolCall({ tool: "page_snapshot", args: {} }, w.deps));
    const denied = await runToolCall({ tool: "type", args: { ref: refOf(snap, "Query"), text: "x", submit: true } }, w.deps);
    expect(denied).toEqual({
      isError: true,
      content: [
        { type: "text", text: 'The user denied this: type "x" into textbox "Query" and submit on shop.example. Nothing was changed.' },
      ],
      apiMs: expect.any(Number),
      pageMs: expect.any(Number),
      pageOwnMs: 0,
      scriptFileMs: expect.any(Number),
    });
    expect((document.getElementById("q") as HTMLInputElement).value).toBe("");
  });

  it("every acting tool asks first, and a deny does nothing", async () => {
    const snap = text(await runToolCall({ tool: "page_snapshot", args: {} }, w.deps));
    const args: Record<string, Record<string, unknown>> = {
      click: { ref: refOf(snap, "Search") },
      type: { ref: refOf(snap, "Query"), text: "x" },
      select_option: { ref: refOf(snap, "Query"), value: "x" },
      press_key: { key: "Enter" },
      hover: { ref: refOf(snap, "Search") },
      select_text: { ref: refOf(snap, "Query"), text: "x" },
      drag: { ref: refOf(snap, "Query"), to: refOf(snap, "Search") },
      fill_form: { fields: [{ ref: refOf(snap, "Query"), value: "x" }] },
      navigate: { url: "https://elsewhere.example/" },
      open_tab: { url: "https://elsewhere.example/" },
    };
    for (const tool of ACTING_TOOLS) {
      const before = w.asked.length;
      const o = await runToolCall({ tool, args: args[tool] }, w.deps);
      expect(text(o), tool).toMatch(/^The user denied this: /);
      expect(w.asked.length, tool).toBe(before + 1);
    }
    expect(w.tabs).toHaveLength(2);
    expect(w.calls.some((c) => c.startsWith("navigate"))).toBe(false);
    expect(document.getElementById("out")?.textContent).toBe("");
  });

  it("Allow on this site is not asked again on the site", async () => {
    const snap = text(await runToolCall({ tool: "page_snapshot", args: {} }, w.deps));
    w.answers.push("allow_site");
    await runToolCall({ tool: "click", args: { ref: refOf(snap, "Search") } }, w.deps);
    const targets: unknown[] = [];
    const pageCalls = w.calls.filter((c) => c.startsWith("func")).length;
    const again = await runToolCall(
      { tool: "click", args: { ref: refOf(snap, "Search") } },
      { ...w.deps, onTarget: (t) => targets.push(t) },
    );
    expect(again.isError).toBeUndefined();
    expect(w.asked).toHaveLength(1);
    // Nothing to ask: one trip into the page, which names the element for the tool card itself.
    expect(w.calls.filter((c) => c.startsWith("func")).length - pageCalls).toBe(1);
    expect(targets.at(-1)).toMatchObject({ tabId: 1, element: 'button "Search"' });
    // A ref of an earlier document still fails as "page changed" on that path.
    newDocument();
    const stale = await runToolCall({ tool: "click", args: { ref: refOf(snap, "Search") } }, w.deps);
    expect(text(stale)).toMatch(/^The page changed since the snapshot/);
    expect(document.getElementById("out")?.textContent).toBe("");
  });

  it("a ref from before a navigation is a page-changed error, and the new document's refs do not reuse its number", async () => {
    const snap = text(await runToolCall({ tool: "page_snapshot", args: {} }, w.deps));
    newDocument();
    const stale = await runToolCall({ tool: "click", args: { ref: refOf(snap, "Search") } }, w.deps);
    expect(stale.isError).toBe(true);
    expect(text(stale)).toMatch(/^The page changed since the snapshot \(it navigated or reloaded\)/);
    expect(w.asked).toEqual([]);
    const fresh = text(await runToolCall({ tool: "page_snapshot", args: {} }, w.deps));
    expect(Number(refOf(fresh, "Search").slice(1))).toBeGreaterThan(Number(refOf(snap, "Search").slice(1)));
  });

  it("refuses browser pages before asking or touching them", async () => {
    const o = await runToolCall({ tool: "read_page", args: { tabId: 2 } }, w.deps);
    expect(o.isError).toBe(true);
    expect(text(o)).toMatch(/is a browser page/);
    expect(w.calls).toEqual([]);
    expect(w.asked).toEqual([]);
  });

  it("reading a site without host access asks first; a deny reads nothing", async () => {
    w.hostAccess = false;
    const o = await runToolCall({ tool: "page_snapshot", args: {} }, w.deps);
    expect(text(o)).toBe("The user denied reading shop.example.");
    expect(w.asked[0]).toMatchObject({
      kind: "read",
      originPattern: "https://shop.example/*",
      message: "Goose Test wants to read pages on shop.example",
    });
    expect(w.calls).toEqual([]);
  });

  it("bad arguments name the field; an unknown tool lists the tools; a failing browser API is a tool error", async () => {
    expect(text(await runToolCall({ tool: "type", args: { ref: "e1" } }, w.deps))).toMatch(/^Invalid text for type:/);
    expect(text(await runToolCall({ tool: "navigate", args: { url: "not a url" } }, w.deps))).toMatch(/^Invalid url for navigate:/);
    expect(text(await runToolCall({ tool: "find", args: {} }, w.deps))).toBe("find needs text, role or both.");
    expect(text(await runToolCall({ tool: "rm_rf", args: {} }, w.deps))).toMatch(
      /^There is no browser tool "rm_rf". The tools are: list_tabs, read_page/,
    );
    w.deps.api.queryTabs = async () => {
      throw new Error("browser is closing");
    };
    expect(await runToolCall({ tool: "list_tabs", args: {} }, w.deps)).toEqual({
      isError: true,
      content: [{ type: "text", text: "list_tabs failed: browser is closing" }],
      apiMs: expect.any(Number),
      // No page was called: nothing of it was the page's.
      pageMs: 0,
      pageOwnMs: 0,
      scriptFileMs: 0,
    });
  });

  it("read_page labels the text, gives nextOffset, and reads on from the same extraction", async () => {
    const first = text(await runToolCall({ tool: "read_page", args: {} }, w.deps));
    expect(first.split("\n").slice(0, 4)).toEqual([
      "Page content from shop.example (untrusted):",
      "Title: Shop",
      "URL: https://shop.example/search",
      "Characters 0–20000 of 50016. More follows: pass offset 20000 to read on.",
    ]);
    const last = text(await runToolCall({ tool: "read_page", args: { offset: 40_000 } }, w.deps));
    expect(last).toContain("Characters 40000–50016 of 50016.");
    expect(last).toContain("THE END");
    expect(w.calls.filter((c) => c.includes("extract-page"))).toHaveLength(1);
    expect(text(await runToolCall({ tool: "read_page", args: { offset: 60_000 } }, w.deps))).toBe(
      "offset 60000 is past the end of the page (50016 characters).",
    );
  });

  it("screenshot needs the visible tab and returns a PNG", async () => {
    w.tabs[0] = { ...(w.tabs[0] as TabInfo), active: false };
    expect(text(await runToolCall({ tool: "screenshot", args: { tabId: 1 } }, w.deps))).toMatch(
      /^Tab 1 is not the visible tab of its window/,
    );
    w.tabs[0] = { ...(w.tabs[0] as TabInfo), active: true };
    expect((await runToolCall({ tool: "screenshot", args: { tabId: 1 } }, w.deps)).content[1]).toEqual({
      type: "image",
      mimeType: "image/png",
      data: "iVBORw0KGgo=",
    });
  });

  it("open_tab asks, opens, and groups the tab under the agent's name; navigate refuses non-web targets", async () => {
    w.answers.push("allow_once");
    const o = await runToolCall({ tool: "open_tab", args: { url: "https://docs.example/a" } }, w.deps);
    expect(text(o)).toBe('Opened tab 3: https://docs.example/a, title "New".');
    expect(w.calls).toContain("group 3 Goose Test");
    expect(w.asked[0]?.message).toBe("Goose Test wants to open https://docs.example/a in a new tab on docs.example");
    expect(text(await runToolCall({ tool: "navigate", args: { url: "javascript:alert(1)" } }, w.deps))).toMatch(/Only web pages/);
    expect(w.calls.some((c) => c.startsWith("navigate"))).toBe(false);
  });

  it("list_tabs lists every tab's id, title, URL, active, window and group", async () => {
    const t = text(await runToolCall({ tool: "list_tabs", args: {} }, w.deps));
    expect(JSON.parse(t.slice(t.indexOf("[")))).toEqual([
      { id: 1, title: "Shop", url: "https://shop.example/search", active: true, windowId: 10, groupId: null },
      { id: 2, title: "Settings", url: "chrome://settings/", active: false, windowId: 10, groupId: null },
    ]);
  });
});

describe("page_snapshot windows", () => {
  it("a long outline comes in windows: the first walks the page only as far as it, with an estimate of the rest; reading on walks on as far as each window needs", async () => {
    newDocument(`<main>${Array.from({ length: 2_000 }, (_, i) => `<button>Button number ${i}</button>`).join("")}</main>`);
    w.deps.snapshotCache = new SnapshotCache();
    const first = text(await runToolCall({ tool: "page_snapshot", args: {} }, w.deps));
    const cursor = Number(/call page_snapshot with cursor (\d+) to read on/.exec(first)?.[1]);
    expect(cursor).toBeGreaterThan(100);
    const footer =
      /\(Lines 1–(\d+) of about (\d+): the page was read only as far as this window, so what is left is an estimate\. About (\d+) more lines/.exec(
        first,
      );
    expect(footer?.[1]).toBe(String(cursor));
    // 2,001 lines in truth: the estimate from the elements not reached is close.
    expect(Math.abs(Number(footer?.[2]) - 2001)).toBeLessThan(20);
    expect(Number(footer?.[3])).toBe(Number(footer?.[2]) - cursor);
    const pageCalls = w.calls.length;
    const second = text(await runToolCall({ tool: "page_snapshot", args: { cursor } }, w.deps));
    expect(w.calls.length - pageCalls).toBe(1);
    expect(second).toContain(`- button "Button number ${cursor - 1}"`);
    expect(second).toContain(`(Lines ${cursor + 1}–`);
    // Walked only as far as this window: the rest is still an estimate.
    expect(second).toMatch(/ of about \d+: the page was read only as far as this window/);
    expect(second).not.toContain("taken again");
    const third = Number(/call page_snapshot with cursor (\d+) to read on/.exec(second)?.[1]);
    const last = text(await runToolCall({ tool: "page_snapshot", args: { cursor: third } }, w.deps));
    expect(w.calls.length - pageCalls).toBe(2);
    expect(last).toMatch(/\(Lines \d+–2001 of 2001: the end of the snapshot\.\)/);
    expect(last).toContain('- button "Button number 1999"');
    expect(last).not.toContain("taken again");
    // A window already walked comes from the outline kept, without going into the page.
    const callsBefore = w.calls.length;
    const again = text(await runToolCall({ tool: "page_snapshot", args: { cursor } }, w.deps));
    expect(w.calls.length).toBe(callsBefore);
    const buttons = (t: string) => t.split("\n").filter((l) => l.startsWith("  - button"));
    expect(buttons(again)).toEqual(buttons(second));
    expect(buttons(again).length).toBeGreaterThan(100);
    expect(again).toMatch(/ of 2001\. /);
    w.deps.snapshotCache = new SnapshotCache();
    const retaken = text(await runToolCall({ tool: "page_snapshot", args: { cursor } }, w.deps));
    expect(retaken).toContain("(The outline was taken again for this window; the page may have changed since the previous one.)");
    expect(text(await runToolCall({ tool: "page_snapshot", args: { cursor: 5_000 } }, w.deps))).toMatch(/cursor 5000 is past the end/);
  });
});
