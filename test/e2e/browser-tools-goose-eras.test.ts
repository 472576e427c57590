/**
 * goose of every era gets the browser tools the way it takes them (native-host/browser-tools/goose-ways.ts),
 * end to end in real Chromium with the scripted goose playing that release: tools on → goose lists
 * tabs, reads the page, takes a snapshot, types and clicks by ref, with one question per action
 * (goose asks about list_tabs in approve mode, and the user answers it; its questions about the page's
 * reads and actions are answered for the user, and an action is asked by goose-browser's consent card
 * when served: docs/ARCHITECTURE.md, "One question per action"); tools off → goose drops the server. A goose that cannot load the server
 * leaves the switch off, and the panel says why.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { call, consentCard, E2E_BUILD, permission, toolSwitch } from "../helpers/chromium/browser-tools-panel";
import { LONG, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { callsOf, readMcpLog, resultText } from "../helpers/mcp-log";
import { startTestSite } from "../helpers/test-site";
import { useHarness } from "./fixture";

const launch = useHarness();

async function open(agentEnv: Record<string, string>) {
  const site = await startTestSite();
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-e2e-eras-"));
  const mcpLog = path.join(logDir, "mcp.log");
  // After the fixture has closed the browser.
  onTestFinished(async () => {
    await site.close();
    fs.rmSync(logDir, { recursive: true, force: true });
  });
  const h = await launch({ extensionDir: E2E_BUILD, agentEnv: { SCRIPTED_AGENT_MCP_LOG: mcpLog, ...agentEnv } });
  const form = await h.context.newPage();
  await form.goto(site.url("form.html"));
  const formTab = await h.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, site.url("form.html"));
  const panel = await h.openPanel();
  await waitForReady(panel);
  const mcp = () => readMcpLog(mcpLog);
  const lastCall = (tool: string) => callsOf(mcpLog, tool).at(-1);
  return { h, panel, form, formTab, mcp, lastCall };
}

/**
 * Runs one call, answering its one question if it has one: goose's own (list_tabs, which reads no one
 * site), or goose-browser's consent card (acting: goose's question about it is answered for the user).
 */
async function run(panel: Page, line: string, question: "goose" | "consent" | null): Promise<void> {
  await sendPrompt(panel, line);
  if (question === "goose") await permission(panel).getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
  if (question === "consent") await consentCard(panel).getByRole("button", { name: "Allow once", exact: true }).click({ timeout: LONG });
  // A second question would hold the call until it timed out.
  await waitForTurnEnd(panel);
  expect(await consentCard(panel).count()).toBe(0);
  expect(await permission(panel).count()).toBe(0);
}

const ERAS = [
  { version: " 1.50.0", added: "session/new mcpServers", removeMethod: "_goose/unstable/session/extensions/remove" },
  { version: " 1.46.0", added: "_goose/unstable/session/extensions/add", removeMethod: "_goose/unstable/session/extensions/remove" },
  { version: " 1.30.0", added: "_goose/extensions/add", removeMethod: "_goose/extensions/remove" },
] as const;

describe.each(ERAS)("browser tools with goose$version", ({ version, removeMethod }) => {
  it("on: lists tabs, reads, snapshots, types and clicks by ref, one question each; off: goose drops the server", async () => {
    const { h, panel, form, formTab, mcp, lastCall } = await open({ SCRIPTED_AGENT_VERSION: version });
    await toolSwitch(panel).click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");

    // The session the panel opened as it opened takes the server (the host adds it to the open session);
    // the switch shows on at once, so the test waits for goose to have it before the first call. goose asks
    // about list_tabs in approve mode, and it reads no one site the user allowed, so the user answers it.
    // A prompt sent meanwhile waits for the server to reach the session (turns.ts).
    await run(panel, call("list_tabs"), "goose");
    expect(mcp().some((l) => l.event === "connected")).toBe(true);
    expect(resultText(lastCall("list_tabs"))).toContain("Sign up — Test Co");
    await run(panel, call("read_page", { tabId: formTab }), null);
    expect(resultText(lastCall("read_page"))).toContain("The quick brown fox jumps over the lazy dog.");
    await run(panel, call("page_snapshot", { tabId: formTab }), null);
    const snapshot = resultText(lastCall("page_snapshot"));
    const nameRef = /textbox "Your name" \[(e\d+)\]/.exec(snapshot)![1]!;
    const submitRef = /button "Subscribe" \[(e\d+)\]/.exec(snapshot)![1]!;

    await run(panel, call("type", { tabId: formTab, ref: nameRef, text: "Ada" }), "consent");
    expect(await form.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    await run(panel, call("click", { tabId: formTab, ref: submitRef }), "consent");
    await expect.poll(() => form.evaluate(() => document.getElementById("result")?.textContent)).toBe("Thanks, Ada! (no country)");

    await toolSwitch(panel).click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-label")).toBe("Browser: off");
    await expect.poll(() => h.agentMessages().some((m) => m.method === removeMethod), { timeout: LONG }).toBe(true);
    // goose no longer knows the tool (nor that it only reads), so it asks, and the call finds no server.
    await sendPrompt(panel, call("list_tabs"));
    await permission(panel).getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
    await waitForTurnEnd(panel);
    expect(resultText(lastCall("list_tabs"))).toContain("Extension browser not found");
  });
});

describe("a goose that cannot load the server", () => {
  it("leaves the switch off and says what failed and what to do; a click tries again", async () => {
    const { panel, mcp } = await open({ SCRIPTED_AGENT_MCP_REFUSE: "connection refused (os error 111)" });
    await sendPrompt(panel, "hello");
    await waitForTurnEnd(panel);
    await toolSwitch(panel).click();
    const notice = panel.locator(".browser-tools-notice");
    await waitForText(notice, "goose 1.50.0 did not accept the browser tools: ");
    await waitForText(notice, "connection refused (os error 111)");
    expect(await toolSwitch(panel).getAttribute("aria-pressed")).toBe("false");
    expect(await toolSwitch(panel).getAttribute("aria-label")).toBe("Browser: not available");
    const tries = () => mcp().filter((l) => l.event === "connect_failed").length;
    const before = tries();
    await toolSwitch(panel).click();
    await expect.poll(tries, { timeout: LONG }).toBeGreaterThan(before);
    expect(await toolSwitch(panel).getAttribute("aria-pressed")).toBe("false");
  });
});
