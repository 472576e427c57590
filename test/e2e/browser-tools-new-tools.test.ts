/**
 * The new acting tools (issue #24: press_key, hover, drag, fill_form) and a browser goose does not take
 * over (defect 9), end to end in real Chromium: the scripted goose calls the host's MCP server on cue, the
 * panel's consent card asks in plain words and the test answers it there, and the assertions read the
 * page's own state and what the agent got back. The session runs in auto mode, so only our cards ask.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Harness, launchExtension, ROOT } from "../helpers/chromium/harness";
import { LONG, openNewSession, sendPrompt, waitForReady, waitForTurnEnd } from "../helpers/chromium/panel";
import { refIn } from "../helpers/chromium/tool-hook";
import { callsOf, type McpLogLine, resultText } from "../helpers/mcp-log";
import { startTestSite, type TestSite } from "../helpers/test-site";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");

let site: TestSite;
let h: Harness;
let panel: Page;
let mcpLog: string;
let logDir: string;

function lastCall(tool: string): McpLogLine | undefined {
  return callsOf(mcpLog, tool).at(-1);
}
const connections = () => (fs.existsSync(mcpLog) ? fs.readFileSync(mcpLog, "utf8").split('"event":"connected"').length - 1 : 0);
const consentCard = () => panel.getByRole("group", { name: "Browser consent" });
const prompt = (tool: string, args: Record<string, unknown>) => `call browser ${tool} ${JSON.stringify(args)}`;

/** Runs a read-only tool and returns what the agent got. */
async function read(tool: string, args: Record<string, unknown>): Promise<string> {
  await sendPrompt(panel, prompt(tool, args));
  await waitForTurnEnd(panel);
  const line = lastCall(tool);
  expect(line?.result?.isError, resultText(line)).toBeFalsy();
  return resultText(line);
}

/** Runs an acting tool, checks the card's question, answers Allow once in the panel, and returns the agent's result. */
async function act(tool: string, args: Record<string, unknown>, question: string | RegExp): Promise<McpLogLine | undefined> {
  await sendPrompt(panel, prompt(tool, args));
  await consentCard().waitFor({ timeout: LONG });
  const asked = await consentCard().innerText();
  if (typeof question === "string") expect(asked).toContain(question);
  else expect(asked).toMatch(question);
  await consentCard().getByRole("button", { name: "Allow once" }).click();
  await waitForTurnEnd(panel);
  await expect.poll(() => consentCard().count()).toBe(0);
  return lastCall(tool);
}

let opened = 0;
/** Opens a fixture page at an address of its own (so its tab is found by its URL alone). */
async function openPage(name: string): Promise<{ page: Page; tabId: number }> {
  const page = await h.context.newPage();
  const url = site.url(`${name}?page=${++opened}`);
  await page.goto(url);
  const tabId = await h.worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]!.id!, url);
  return { page, tabId };
}

const activeTab = () => h.worker.evaluate(async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id);

beforeAll(async () => {
  site = await startTestSite();
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-e2e-new-tools-"));
  mcpLog = path.join(logDir, "mcp.log");
  h = await launchExtension({ extensionDir: E2E_BUILD, agentEnv: { SCRIPTED_AGENT_MCP_LOG: mcpLog } });
  panel = await h.openPanel();
  await waitForReady(panel);
  await panel.getByRole("button", { name: "Browser: off" }).click();
  await panel.getByRole("button", { name: "Browser: on" }).waitFor({ timeout: LONG });
}, 90_000);

/** Each test in a session of its own, in auto mode (only our consent cards ask), with the server connected. */
beforeEach(async () => {
  const before = connections();
  await openNewSession(panel);
  await panel.getByRole("combobox", { name: "Mode", exact: true }).selectOption("auto");
  await expect.poll(connections, { timeout: LONG }).toBeGreaterThan(before);
});

afterAll(async () => {
  await h?.close();
  await site?.close();
  fs.rmSync(logDir, { recursive: true, force: true });
});

describe("new acting tools through the agent, each after the user allows it in the panel", () => {
  it("press_key: Enter in a search field submits its form; Tab moves focus; keys carry key, code and keyCode", async () => {
    const { page, tabId } = await openPage("act-keys.html");
    const snap = await read("page_snapshot", { tabId });
    const search = refIn(snap, /textbox "Search"/);
    const typed = await act("type", { tabId, ref: search, text: "socks" }, 'type "socks" into textbox "Search"');
    expect(typed?.result?.isError, resultText(typed)).toBeFalsy();
    const enter = await act(
      "press_key",
      { tabId, ref: search, key: "Enter" },
      'goose wants to press Enter on textbox "Search" on 127.0.0.1',
    );
    expect(resultText(enter)).toContain('Pressed Enter on textbox "Search"');
    expect(await page.evaluate(() => document.body.dataset.searched)).toBe("socks");

    await act("press_key", { tabId, ref: refIn(snap, /textbox "First name"/), key: "Tab" }, 'press Tab on textbox "First name"');
    expect(resultText(lastCall("press_key"))).toContain('Focus is now on textbox "Last name"');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("last");
    // Without a ref the key goes to the focused element, and the card names it.
    await act("press_key", { tabId, key: "Shift+Tab" }, 'press Shift+Tab on textbox "Last name"');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("first");
    expect(await page.evaluate(() => document.body.dataset.keys)).toContain("Tab|Tab|9|S");

    await act("press_key", { tabId, ref: refIn(snap, /listbox "Fruit"/), key: "ArrowDown" }, 'press ArrowDown on listbox "Fruit"');
    expect(await page.evaluate(() => document.body.dataset.fruit)).toBe("Banana");
    expect(await page.evaluate(() => document.body.dataset.keys)).toContain("ArrowDown|ArrowDown|40|");
  });

  it("press_key Escape closes a modal dialog", async () => {
    const { page, tabId } = await openPage("act-keys.html");
    await page.click("#open");
    await act("press_key", { tabId, key: "Escape" }, /press Escape on button "Inside"/);
    expect(await page.evaluate(() => document.body.dataset.dialog)).toBe("closed");
    expect(await page.evaluate(() => (document.getElementById("dlg") as HTMLDialogElement).open)).toBe(false);
  });

  it("hover opens a menu that opens on hover; its item can then be clicked", async () => {
    const { page, tabId } = await openPage("act-hover.html");
    const snap = await read("page_snapshot", { tabId });
    expect(snap).not.toContain("Laptops");
    const hovered = await act(
      "hover",
      { tabId, ref: refIn(snap, /link "Products"/) },
      'goose wants to move the mouse over link "Products" on 127.0.0.1',
    );
    expect(resultText(hovered)).toContain('The mouse is over link "Products"');
    expect(await page.evaluate(() => document.body.dataset.open)).toBe("products");
    const after = await read("page_snapshot", { tabId });
    expect(after).toMatch(/link "Products" \[e\d+\] .*expanded/);
    await act("click", { tabId, ref: refIn(after, /link "Laptops"/) }, 'click link "Laptops"');
    expect(await page.evaluate(() => document.body.dataset.chosen)).toBe("Laptops");
    // Moving to the other menu closes the first, as the mouse leaving it would.
    await act("hover", { tabId, ref: refIn(after, /link "Support"/) }, 'move the mouse over link "Support"');
    expect(await page.evaluate(() => document.body.dataset.open)).toBe("support");
    expect(await page.locator("#products ul").isHidden()).toBe(true);
  });

  it("drag reorders an HTML drag-and-drop list and moves a pointer-driven card, naming both elements in the card", async () => {
    const { page, tabId } = await openPage("act-drag.html");
    const alpha = refIn(await read("find", { tabId, text: "Alpha" }), /Alpha/);
    const charlie = refIn(await read("find", { tabId, text: "Charlie" }), /Charlie/);
    const dragged = await act("drag", { tabId, ref: alpha, to: charlie }, /goose wants to drag listitem "?.*Alpha.*onto .*Charlie/);
    expect(dragged?.result?.isError, resultText(dragged)).toBeFalsy();
    expect(resultText(dragged)).toContain("and dropped it on");
    expect(await page.evaluate(() => document.body.dataset.order)).toBe("Bravo,Alpha,Charlie,Delta");
    // Dropped where the page takes no drop, the drag says so instead of claiming it worked.
    const heading = refIn(await read("page_snapshot", { tabId }), /heading "Priorities"/);
    const refused = await act("drag", { tabId, ref: alpha, to: heading }, 'onto heading "Priorities"');
    expect(refused?.result?.isError).toBe(true);
    expect(resultText(refused)).toMatch(/the page did not accept the drop there/);
    expect(await page.evaluate(() => document.body.dataset.order)).toBe("Bravo,Alpha,Charlie,Delta");

    const snap = await read("page_snapshot", { tabId });
    await act(
      "drag",
      { tabId, ref: refIn(snap, /button "Write report"/), to: refIn(snap, /region "Done"/) },
      'drag button "Write report" onto region "Done"',
    );
    expect(await page.evaluate(() => document.body.dataset.card)).toBe("done");
    expect(Number(await page.evaluate(() => document.body.dataset.moves))).toBeGreaterThan(2);
  });

  it("fill_form fills text, a select and a checkbox after one question listing them all", async () => {
    const { page, tabId } = await openPage("form.html");
    const snap = await read("page_snapshot", { tabId });
    const fields = [
      { ref: refIn(snap, /textbox "Your name"/), value: "Ada" },
      { ref: refIn(snap, /combobox "Country"/), value: "Germany" },
      { ref: refIn(snap, /checkbox "I accept the terms"/), value: true },
    ];
    const filled = await act(
      "fill_form",
      { tabId, fields },
      'goose wants to fill in 3 fields (textbox "Your name": "Ada"; combobox "Country": "Germany"; checkbox "I accept the terms": checked) on 127.0.0.1',
    );
    expect(filled?.result?.isError, resultText(filled)).toBeFalsy();
    expect(resultText(filled)).toContain("Filled 3 fields");
    expect(await page.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    expect(await page.evaluate(() => document.body.dataset.country)).toBe("de");
    expect(await page.evaluate(() => (document.getElementById("terms") as HTMLInputElement).checked)).toBe(true);
  });
});

describe("goose does not take over the browser (defect 9)", () => {
  it("open_tab opens in the background in the goose tab group; navigate loads without switching tabs", async () => {
    const { tabId } = await openPage("form.html");
    const front = await activeTab();
    const url = site.url("article.html?opened");
    await act("open_tab", { url }, `open ${url} in a new tab`);
    const opened = await h.worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0], url);
    expect(opened?.active).toBe(false);
    expect(await activeTab()).toBe(front);
    // Back to the plain name a moment after the call (extension/background/linger.ts).
    await expect
      .poll(() => h.worker.evaluate(async (id) => (await chrome.tabGroups.get(id)).title, opened!.groupId), { timeout: LONG })
      .toBe("goose");

    const target = site.url("article.html?navigated");
    await act("navigate", { tabId, url: target }, `load ${target}`);
    expect(await h.worker.evaluate(async (id) => (await chrome.tabs.get(id)).url, tabId)).toBe(target);
    expect(await activeTab()).toBe(front);
  });

  it("the group's title says goose is working while a turn runs, and goes back after", async () => {
    const groupTitle = () =>
      h.worker.evaluate(async () => (await chrome.tabGroups.query({})).map((g) => g.title).find((t) => t?.startsWith("goose")));
    await expect.poll(groupTitle).toBe("goose");
    await sendPrompt(panel, "hold working");
    await expect.poll(groupTitle, { timeout: LONG }).toBe("goose · working");
    fs.writeFileSync(path.join(h.workDir, "working"), "");
    await waitForTurnEnd(panel);
    await expect.poll(groupTitle, { timeout: LONG }).toBe("goose");
  });
});
