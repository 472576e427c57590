/**
 * Browser tools as other agents name them, end to end in real Chromium: the scripted agent plays
 * codex-acp (`Tool: browser/<tool>`, input wrapped as `{server, tool, arguments}`, asking about acting
 * calls only) and opencode (`browser_<tool>`, goose's question before every call). Whatever the name, a
 * read's card shows the tab and site of the call the host served for it (bound by
 * extension/background/call-binder.ts), "Show tab" brings that tab to the front, and the agent's question
 * about a read of a site the user already let goose-browser read is answered for the user, the card
 * saying so. The question a user answers about an action, for each agent, is in
 * browser-tools-questions.test.ts; here also the tools turned on and off in a session already open.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { call, consentCard, E2E_BUILD, permission, toolSwitch } from "../helpers/chromium/browser-tools-panel";
import { LONG, openNewSession, sendPrompt, toolCard, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { callsOf, readMcpLog, resultText } from "../helpers/mcp-log";
import { startTestSite } from "../helpers/test-site";
import { useHarness } from "./fixture";

const launch = useHarness();

async function open(agentEnv: Record<string, string>, o: { toolsFirst?: boolean } = {}) {
  const site = await startTestSite();
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-e2e-namings-"));
  const mcpLog = path.join(logDir, "mcp.log");
  onTestFinished(async () => {
    await site.close();
    fs.rmSync(logDir, { recursive: true, force: true });
  });
  const h = await launch({
    extensionDir: E2E_BUILD,
    agentEnv: { SCRIPTED_AGENT_IDENTITY: "other", SCRIPTED_AGENT_MCP_LOG: mcpLog, ...agentEnv },
  });
  const form = await h.context.newPage();
  await form.goto(site.url("form.html"));
  const formTab = await h.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, site.url("form.html"));
  const panel = await h.openPanel();
  await waitForReady(panel);
  if (o.toolsFirst !== false) {
    // On, then a new session: this agent takes the server when a session starts.
    await toolSwitch(panel).click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");
    await openNewSession(panel);
  }
  const mcp = () => readMcpLog(mcpLog);
  const calls = (tool: string) => callsOf(mcpLog, tool);
  return { h, site, panel, form, formTab, mcp, calls };
}

/** The agent's own question (the tools are off, so it is the user's), allowed once; the only question. */
async function allowAgentOnce(panel: Page): Promise<void> {
  await permission(panel).getByRole("button", { name: "Allow once", exact: true }).click({ timeout: LONG });
  // A second question would hold the call (and the turn) until it timed out.
  await waitForTurnEnd(panel);
  expect(await consentCard(panel).count()).toBe(0);
  expect(await permission(panel).count()).toBe(0);
}

/** The definitions (Tab, Element) a card shows, as text. */
const target = (card: ReturnType<typeof toolCard>) => card.getByRole("definition");

describe.each([
  // codex asks about no read-only tool: nothing to answer for the user.
  {
    naming: "codex",
    readTitle: /Tool: browser\/read_page|^Read page/i,
    env: { SCRIPTED_AGENT_MCP_PERMISSION: "acting" },
    readAsked: false,
  },
  // goose's permission rule (approve mode asks about reads too), opencode's names: the read is asked,
  // and answered for the user since the e2e build may read every site.
  { naming: "opencode", readTitle: /browser_read_page|^Read page/i, env: {} as Record<string, string>, readAsked: true },
])("browser tools named the $naming way", ({ naming, readTitle, env, readAsked }) => {
  it("a read's card shows tab and site, says when it was allowed without asking; Show tab focuses the tab", async () => {
    const { h, site, panel, formTab, calls } = await open({ SCRIPTED_AGENT_MCP_NAMING: naming, ...env });

    await sendPrompt(panel, call("read_page", { tabId: formTab }));
    await waitForTurnEnd(panel);
    expect(await permission(panel).count()).toBe(0);
    expect(await consentCard(panel).count()).toBe(0);
    expect(resultText(calls("read_page").at(-1))).toContain("The quick brown fox");
    const readCard = toolCard(panel, readTitle).last();
    await waitForText(target(readCard), "Sign up — Test Co · 127.0.0.1");
    await expect.poll(() => readCard.getByRole("note").count()).toBe(readAsked ? 1 : 0);
    if (readAsked) await waitForText(readCard.getByRole("note"), "Allowed without asking: you already let goose-browser read 127.0.0.1");

    // Show tab: another tab in front (then the panel, here a tab itself, as the user looks at it), and
    // the card's button brings the form's tab back.
    const other = await h.context.newPage();
    await other.goto(site.url("form.html?other"));
    await other.bringToFront();
    await panel.bringToFront();
    await expect.poll(() => h.worker.evaluate(async (id) => (await chrome.tabs.get(id)).active, formTab)).toBe(false);
    await readCard.getByRole("button", { name: "Show tab" }).click();
    await expect.poll(() => h.worker.evaluate(async (id) => (await chrome.tabs.get(id)).active, formTab), { timeout: LONG }).toBe(true);
  });
});

describe("turning the tools on and off in a session already open, with an agent that can load sessions", () => {
  it("on: the session is loaded again with the server, its transcript stays; off: loaded again without it", async () => {
    const { panel, formTab, mcp, calls } = await open({}, { toolsFirst: false });
    // Without the server the agent does not know the tool is read-only: it asks (approve mode).
    await sendPrompt(panel, call("list_tabs"));
    await allowAgentOnce(panel);
    expect(resultText(calls("list_tabs").at(-1))).toContain("Extension browser not found");
    expect(mcp().some((l) => l.event === "connected")).toBe(false);

    await toolSwitch(panel).click();
    await expect.poll(() => mcp().some((l) => l.event === "connected"), { timeout: LONG }).toBe(true);
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-pressed")).toBe("true");
    await waitForReady(panel);
    // No "start a new session" notice is left standing, and the earlier card is still there.
    await expect.poll(() => panel.locator(".browser-tools-notice").count()).toBe(0);
    await expect.poll(() => toolCard(panel, /browser: list tabs/).count()).toBe(1);
    await sendPrompt(panel, call("read_page", { tabId: formTab }));
    await waitForTurnEnd(panel);
    expect(resultText(calls("read_page").at(-1))).toContain("The quick brown fox");
    await waitForText(target(toolCard(panel, /browser: read page/).last()), "Sign up — Test Co · 127.0.0.1");

    await toolSwitch(panel).click();
    await expect.poll(() => mcp().some((l) => l.event === "removed"), { timeout: LONG }).toBe(true);
    // The load's answer (and the panel's snapshot after it) before the next prompt.
    await waitForReady(panel);
    await sendPrompt(panel, call("read_page", { tabId: formTab }));
    await allowAgentOnce(panel);
    expect(resultText(calls("read_page").at(-1))).toContain("Extension browser not found");
  });
});
