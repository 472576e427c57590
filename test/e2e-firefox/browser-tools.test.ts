import { describe, expect, it } from "vitest";
import { connectedTo, lastResult as lastResultIn } from "../helpers/mcp-log";
import {
  byRole,
  click,
  find,
  LONG,
  openNewSession,
  screenshot,
  sendPrompt,
  texts,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "./panel";
import { useToolsSetup } from "./tools-setup";

const t = useToolsSetup("goose-ff-mcp-");
const lastResult = (tool: string) => lastResultIn(t.mcpLog(), tool);

const call = (tool: string, args: Record<string, unknown> = {}) => `call browser ${tool} ${JSON.stringify(args)}`;
const CONSENT = '[aria-label="Browser consent"]';

describe("Firefox: browser tools", () => {
  it("turned on in the panel, the agent lists tabs, reads the page, and types into it once the user allows", async () => {
    const harness = await t.launch({ agentEnv: { SCRIPTED_AGENT_MCP_LOG: t.mcpLog() } });
    const url = t.site.url("form.html");
    const form = await harness.openPage(url);
    const panel = await harness.openPanel();
    await waitForReady(panel);
    const tabId = await panel.evaluate(async (url) => {
      const api = (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } } })
        .browser;
      return (await api.tabs.query({})).find((t) => t.url === url)?.id;
    }, url);
    expect(tabId).toBeTypeOf("number");

    // A session in auto mode: from here on only the add-on's own consent cards ask.
    await openNewSession(panel);
    await find(panel, byRole("combobox", "Mode"));
    await panel.select('select[aria-label="Mode"]', "auto");
    await click(panel, byRole("button", "Browser: off"));
    await find(panel, byRole("button", "Browser: on"));
    await expect.poll(() => connectedTo(t.mcpLog(), "browser"), { timeout: LONG }).toBe(true);

    await sendPrompt(panel, call("list_tabs"));
    await waitForTurnEnd(panel);
    const tabs = lastResult("list_tabs");
    expect(tabs).toContain("Sign up — Test Co");
    // Firefox's build asks for no tab groups.
    expect(tabs).toContain('"groupId": null');

    await sendPrompt(panel, call("read_page", { tabId }));
    await waitForTurnEnd(panel);
    const read = lastResult("read_page");
    expect(read).toMatch(/^Page content from 127\.0\.0\.1 \(untrusted\):/);
    expect(read).toContain("The quick brown fox jumps over the lazy dog.");

    await sendPrompt(panel, call("page_snapshot", { tabId }));
    await waitForTurnEnd(panel);
    const nameRef = /textbox "Your name" \[(e\d+)\]/.exec(lastResult("page_snapshot"))?.[1];
    expect(nameRef).toBeDefined();

    await sendPrompt(panel, call("type", { tabId, ref: nameRef, text: "Ada" }));
    await waitForText(panel, CONSENT, 'goose wants to type "Ada" into textbox "Your name" on 127.0.0.1');
    await screenshot(panel, "browser-consent");
    // Not typed yet: the call waits for the user.
    expect(await form.evaluate(() => document.body.dataset.nameState ?? "")).toBe("");
    await click(panel, `${CONSENT} ${byRole("button", "Allow once")}`);
    await waitForTurnEnd(panel);
    expect(await form.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    expect(lastResult("type")).toContain('Typed 3 characters into textbox "Your name"');
    expect(await texts(panel, CONSENT)).toEqual([]);
  });

  it("page_snapshot names elements as the spec does, takes in same- and cross-origin iframes and shadow roots, and acts in a frame and a closed shadow root", async () => {
    const harness = await t.launch({ agentEnv: { SCRIPTED_AGENT_MCP_LOG: t.mcpLog() } });
    await harness.openPage(t.site.url("names.html"));
    const frames = await harness.openPage(t.site.url("frames.html"));
    const panel = await harness.openPanel();
    await waitForReady(panel);
    const tabOf = (url: string) =>
      panel.evaluate(async (url) => {
        const api = (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } } })
          .browser;
        return (await api.tabs.query({})).find((t) => t.url === url)?.id;
      }, url);
    await openNewSession(panel);
    await find(panel, byRole("combobox", "Mode"));
    await panel.select('select[aria-label="Mode"]', "auto");
    await click(panel, byRole("button", "Browser: off"));
    await find(panel, byRole("button", "Browser: on"));
    await expect.poll(() => connectedTo(t.mcpLog(), "browser"), { timeout: LONG }).toBe(true);

    await sendPrompt(panel, call("page_snapshot", { tabId: await tabOf(t.site.url("names.html")) }));
    await waitForTurnEnd(panel);
    const names = lastResult("page_snapshot");
    expect(names).toMatch(/- link "mozilla\.org" \[e\d+\]/);
    expect(names).toMatch(/- button "Submit" \[e\d+\]/);
    expect(names).toMatch(/- button "Save draft" \[e\d+\]/);
    expect(names).toMatch(/- link "Help centre" \[e\d+\]/);

    const tabId = await tabOf(t.site.url("frames.html"));
    // The cross-origin frame loads after the page (its address is set by the page's script): snapshot until it is in.
    let s = "";
    for (let i = 0; i < 10 && !s.includes("Cross-origin content"); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 300));
      await sendPrompt(panel, call("page_snapshot", { tabId }));
      await waitForTurnEnd(panel);
      s = lastResult("page_snapshot");
    }
    expect(s).toMatch(/^ {2}- iframe "Same-origin frame" \[e\d+\]\n {4}- heading "Same-origin content" \[f\d+e\d+\] level=2/m);
    expect(s).toMatch(/^ {2}- iframe "Cross-origin frame" \[e\d+\]\n {4}- heading "Cross-origin content" \[f\d+e\d+\] level=2/m);
    expect(s).toMatch(/^ {2}- navigation "Shadow nav" \[e\d+\]\n {4}- button "Open shadow button" \[e\d+\]$/m);
    expect(s).toMatch(/^ {2}- closed-widget \(closed shadow root\)\n {4}- button "Closed shadow button" \[e\d+\]$/m);
    const crossButton = /- button "Frame button" \[(f\d+e\d+)\]/.exec(s.slice(s.indexOf("Cross-origin frame")))?.[1];
    const closedButton = /- button "Closed shadow button" \[(e\d+)\]/.exec(s)?.[1];
    expect(crossButton).toBeDefined();

    for (const ref of [crossButton, closedButton]) {
      await sendPrompt(panel, call("click", { tabId, ref }));
      await waitForText(panel, CONSENT, "goose wants to click");
      await click(panel, `${CONSENT} ${byRole("button", "Allow once")}`);
      await waitForTurnEnd(panel);
      expect(lastResult("click")).toContain(`[${ref}]`);
    }
    await sendPrompt(panel, call("page_snapshot", { tabId }));
    await waitForTurnEnd(panel);
    const after = lastResult("page_snapshot");
    expect(after).toMatch(new RegExp(`- button "Clicked in frame" \\[${crossButton}\\]`));
    expect(after).toMatch(/- button "Closed shadow button clicked" \[e\d+\]/);
    expect(await frames.evaluate(() => document.getElementById("clicks")?.textContent)).toBe("closed;");
  });

  it("clicks and types like a user on pages whose handlers sit on inner elements, after the user allows each", async () => {
    const harness = await t.launch({ agentEnv: { SCRIPTED_AGENT_MCP_LOG: t.mcpLog() } });
    const url = t.site.url("act-wrappers.html");
    const page = await harness.openPage(url);
    const panel = await harness.openPanel();
    await waitForReady(panel);
    const tabId = await panel.evaluate(async (url) => {
      const api = (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } } })
        .browser;
      return (await api.tabs.query({})).find((t) => t.url === url)?.id;
    }, url);
    await openNewSession(panel);
    await find(panel, byRole("combobox", "Mode"));
    await panel.select('select[aria-label="Mode"]', "auto");
    await click(panel, byRole("button", "Browser: off"));
    await find(panel, byRole("button", "Browser: on"));
    await expect.poll(() => connectedTo(t.mcpLog(), "browser"), { timeout: LONG }).toBe(true);

    await sendPrompt(panel, call("page_snapshot", { tabId }));
    await waitForTurnEnd(panel);
    const snap = lastResult("page_snapshot");
    const refOf = (pattern: RegExp) => new RegExp(`${pattern.source} \\[(e\\d+)\\]`).exec(snap)?.[1];
    const allow = async (tool: string, args: Record<string, unknown>, question: string) => {
      await sendPrompt(panel, call(tool, args));
      await waitForText(panel, CONSENT, question);
      await click(panel, `${CONSENT} ${byRole("button", "Allow once")}`);
      await waitForTurnEnd(panel);
    };

    // The tab's handler is on its inner link, the button's on its inner span: the click reaches them.
    await allow("click", { tabId, ref: refOf(/tab "Specs"/) }, 'goose wants to click tab "Specs" on 127.0.0.1');
    expect(lastResult("click")).toContain('Clicked tab "Specs"');
    expect(await page.evaluate(() => document.body.dataset.tab)).toBe("Specs");
    await allow("click", { tabId, ref: refOf(/button "Save draft"/) }, 'click button "Save draft"');
    expect(await page.evaluate(() => document.body.dataset.saved)).toBe("1");
    // Focus moves to the button, but Firefox fires no focus event in a page while the panel holds the window's focus.
    expect((await page.evaluate(() => document.body.dataset.events))?.replace(" focus", "")).toBe(
      "pointerover pointerenter mouseover mouseenter pointermove mousemove pointerdown mousedown pointerup mouseup click",
    );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("save");
    await allow("type", { tabId, ref: refOf(/textbox "Find a product"/), text: "laptop" }, 'type "laptop" into textbox "Find a product"');
    expect(lastResult("type")).toContain('Typed 6 characters into textbox "Find a product"');
    expect(await page.evaluate(() => document.body.dataset.find)).toBe("laptop");
  });
});
