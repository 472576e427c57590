import { describe, expect, it } from "vitest";
import { connectedTo, lastResult as lastResultIn } from "../helpers/mcp-log";
import { byRole, click, find, LONG, openNewSession, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "./panel";
import { useToolsSetup } from "./tools-setup";

const t = useToolsSetup("goose-ff-mcp-");
const lastResult = (tool: string) => lastResultIn(t.mcpLog(), tool);

const call = (tool: string, args: Record<string, unknown> = {}) => `call browser ${tool} ${JSON.stringify(args)}`;
const CONSENT = '[aria-label="Browser consent"]';

describe("Firefox: acting like a user", () => {
  it("acts like a user where Playwright did (issue #34): waits for a cover, scrolls a list, finds exact text, Space, rich text, a drop after, icon-only controls", async () => {
    const harness = await t.launch({ agentEnv: { SCRIPTED_AGENT_MCP_LOG: t.mcpLog() } });
    const pages = Object.fromEntries(
      await Promise.all(
        ["act-editor.html", "act-waits.html", "act-scroll-box.html", "act-icons.html", "act-sortable.html"].map(
          async (name) => [name, await harness.openPage(t.site.url(name))] as const,
        ),
      ),
    );
    const panel = await harness.openPanel();
    await waitForReady(panel);
    const tabIdOf = (name: string) =>
      panel.evaluate(async (url) => {
        const api = (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } } })
          .browser;
        return (await api.tabs.query({})).find((t) => t.url === url)?.id;
      }, t.site.url(name));
    await openNewSession(panel);
    await find(panel, byRole("combobox", "Mode"));
    await panel.select('select[aria-label="Mode"]', "auto");
    await click(panel, byRole("button", "Browser: off"));
    await find(panel, byRole("button", "Browser: on"));
    await expect.poll(() => connectedTo(t.mcpLog(), "browser"), { timeout: LONG }).toBe(true);
    const read = async (tool: string, args: Record<string, unknown>) => {
      await sendPrompt(panel, call(tool, args));
      await waitForTurnEnd(panel);
      return lastResult(tool);
    };
    const act = async (tool: string, args: Record<string, unknown>) => {
      await sendPrompt(panel, call(tool, args));
      await waitForText(panel, CONSENT, "goose wants to");
      await click(panel, `${CONSENT} ${byRole("button", "Allow once")}`);
      await waitForTurnEnd(panel);
      return lastResult(tool);
    };
    const refOf = (text: string, pattern: RegExp) => new RegExp(`${pattern.source} \\[(e\\d+)\\]`).exec(text)?.[1];
    const data = (name: string, key: string) => pages[name]!.evaluate((k) => document.body.dataset[k] ?? null, key);

    // 4 and 5: Space toggles a switch; a model editor is edited through beforeinput; Control+a selects the editor's text.
    let tabId = await tabIdOf("act-editor.html");
    let snap = await read("page_snapshot", { tabId });
    await act("press_key", { tabId, ref: refOf(snap, /switch "Wi-Fi"/), key: " " });
    expect(await data("act-editor.html", "wifi")).toBe("true");
    expect(await act("select_text", { tabId, ref: refOf(snap, /textbox "Message"/), text: "world" })).toContain('Selected "world"');
    await act("press_key", { tabId, key: "Backspace" });
    await act("press_key", { tabId, key: "S" });
    expect(await data("act-editor.html", "model")).toBe("Hello S");
    await act("press_key", { tabId, ref: refOf(snap, /textbox "Notes"/), key: "Control+a" });
    expect(await pages["act-editor.html"]!.evaluate(() => document.getSelection()?.toString())).toBe("Dear Sam, the meeting is on Monday.");

    // 1: the click waits for the date picker to fade; 2: the list scrolls to its button.
    tabId = await tabIdOf("act-waits.html");
    snap = await read("page_snapshot", { tabId });
    await act("click", { tabId, ref: refOf(snap, /button "June 12"/) });
    await act("click", { tabId, ref: refOf(snap, /button "Save booking"/) });
    expect(await data("act-waits.html", "saved")).toBe("2026-06-12");
    tabId = await tabIdOf("act-scroll-box.html");
    await act("click", { tabId, ref: refOf(await read("page_snapshot", { tabId }), /button "Load more"/) });
    expect(await data("act-scroll-box.html", "more")).toBe("clicked");

    // 3 and 7: the exact text first; icon-only controls named, the unnamed swatch listed.
    tabId = await tabIdOf("act-icons.html");
    expect((await read("find", { tabId, text: "s" })).split("\n").find((l) => /\[e\d+\]/.test(l))).toMatch(/^div \[e\d+\] text="s"$/);
    snap = await read("page_snapshot", { tabId });
    for (const name of ["Close", "Delete", "Bold", "Share", "Red"]) expect(snap).toContain(`"${name}" [`);
    expect(snap).toMatch(/\n\s*- generic \[e\d+\]/);

    // 6: "after" moves the first task one down.
    tabId = await tabIdOf("act-sortable.html");
    const write = refOf(await read("find", { tabId, text: "Write report" }), /listitem "Write report"/);
    const sam = refOf(await read("find", { tabId, text: "Call Sam" }), /listitem "Call Sam"/);
    await act("drag", { tabId, ref: write, to: sam, position: "after" });
    expect(await data("act-sortable.html", "order")).toBe("Call Sam,Write report,Book flights");
    // Twenty-odd calls through the panel, each acting one allowed by a click: longer than one test's default.
  }, 240_000);
});
