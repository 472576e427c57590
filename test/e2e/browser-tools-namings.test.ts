/**
 * Browser tools as other agents name them, end to end in real Chromium: the scripted agent plays
 * codex-acp (`Tool: browser/<tool>`, input wrapped as `{server, tool, arguments}`, acting calls asked
 * about with "Approve MCP tool call") and opencode (`browser_<tool>`). Whatever the name, each card
 * shows the tab, site and element of the call the host served for it (bound by
 * extension/background/call-binder.ts), and "Show tab" brings that tab to the front. An agent that asks
 * about our own call gets one card: the user's one answer is the agent's answer and our consent; its
 * question about a read of a site the user already let goose-browser read is answered for the user.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { ROOT } from "../helpers/chromium/harness";
import { LONG, openNewSession, sendPrompt, toolCard, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { startTestSite } from "../helpers/test-site";
import { useHarness } from "./fixture";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");

interface McpLogLine {
  event: string;
  tool?: string;
  result?: { content: Array<{ type: string; text?: string }>; isError?: boolean };
}

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
  const mcp = (): McpLogLine[] =>
    fs.existsSync(mcpLog)
      ? fs
          .readFileSync(mcpLog, "utf8")
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as McpLogLine)
      : [];
  const calls = (tool: string) => mcp().filter((l) => l.event === "call" && l.tool === tool);
  const text = (line: McpLogLine | undefined) => (line?.result?.content ?? []).map((c) => c.text ?? "").join("\n");
  return { h, site, panel, form, formTab, mcp, calls, text };
}

const toolSwitch = (panel: Page) => panel.getByRole("button", { name: /^Browser: / });
const permission = (panel: Page) => panel.getByRole("group", { name: "Permission request" });
const consentCard = (panel: Page) => panel.getByRole("group", { name: "Browser consent" });
const call = (tool: string, args: Record<string, unknown> = {}) => `call browser ${tool} ${JSON.stringify(args)}`;

/** The one question an acting call raises, whoever asks it (the agent's merged card or our consent card). */
async function answerOnce(panel: Page, button: "Allow once" | "Deny"): Promise<"agent" | "consent"> {
  const either = permission(panel).or(consentCard(panel));
  await either.first().waitFor({ timeout: LONG });
  const who = (await permission(panel).count()) > 0 ? "agent" : "consent";
  await either.first().getByRole("button", { name: button, exact: true }).click();
  // A second question would hold the call (and the turn) until it timed out.
  await waitForTurnEnd(panel);
  expect(await consentCard(panel).count()).toBe(0);
  expect(await permission(panel).count()).toBe(0);
  return who;
}

/** The definitions (Tab, Element) a card shows, as text. */
const target = (card: ReturnType<typeof toolCard>) => card.getByRole("definition");

describe.each([
  {
    naming: "codex",
    readTitle: /Tool: browser\/read_page/,
    actTitle: /Approve MCP tool call/,
    env: { SCRIPTED_AGENT_MCP_PERMISSION: "acting" },
    // codex asks about no read-only tool: nothing to answer for the user.
    readAsked: false,
  },
  // goose's permission rule (approve mode asks about reads too), opencode's names: the read is asked,
  // and answered for the user since the e2e build may read every site.
  { naming: "opencode", readTitle: /browser_read_page/, actTitle: /browser_type/, env: {} as Record<string, string>, readAsked: true },
])("browser tools named the $naming way", ({ naming, readTitle, actTitle, env, readAsked }) => {
  it("every card shows tab, site and element; Show tab focuses the tab; an acting call is asked once", async () => {
    const { h, site, panel, form, formTab, calls, text } = await open({ SCRIPTED_AGENT_MCP_NAMING: naming, ...env });

    await sendPrompt(panel, call("read_page", { tabId: formTab }));
    await waitForTurnEnd(panel);
    expect(text(calls("read_page").at(-1))).toContain("The quick brown fox");
    const readCard = toolCard(panel, readTitle).last();
    await waitForText(target(readCard), "Sign up — Test Co · 127.0.0.1");
    await expect.poll(() => readCard.getByRole("note").count()).toBe(readAsked ? 1 : 0);
    if (readAsked) await waitForText(readCard.getByRole("note"), "Allowed without asking: you already let goose-browser read 127.0.0.1");

    await sendPrompt(panel, call("page_snapshot", { tabId: formTab }));
    await waitForTurnEnd(panel);
    const nameRef = /textbox "Your name" \[(e\d+)\]/.exec(text(calls("page_snapshot").at(-1)))![1]!;

    await sendPrompt(panel, call("type", { tabId: formTab, ref: nameRef, text: "Ada" }));
    const asked = await answerOnce(panel, "Allow once");
    // codex asks about acting calls itself: its question was the one card.
    if (naming === "codex") expect(asked).toBe("agent");
    expect(await form.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    const typeCard = toolCard(panel, actTitle).last();
    await waitForText(target(typeCard), 'textbox "Your name"');
    await waitForText(target(typeCard), "Sign up — Test Co · 127.0.0.1");

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

describe("one question per action", () => {
  it("an agent that asks before every MCP call (Claude's adapters): a read of an allowed site is not asked; acting is one card, one click; Deny denies both", async () => {
    const { panel, form, formTab, calls, text } = await open({ SCRIPTED_AGENT_MCP_PERMISSION: "every" });
    // The agent asks about the read too; the site is already readable (the e2e build's host access),
    // so goose-browser answers allow-once for the user, and the card says so.
    await sendPrompt(panel, call("page_snapshot", { tabId: formTab }));
    await waitForTurnEnd(panel);
    expect(await permission(panel).count()).toBe(0);
    expect(await consentCard(panel).count()).toBe(0);
    await waitForText(
      toolCard(panel, /browser: page snapshot/)
        .last()
        .getByRole("note"),
      "Allowed without asking",
    );
    const snapshot = text(calls("page_snapshot").at(-1));
    const nameRef = /textbox "Your name" \[(e\d+)\]/.exec(snapshot)![1]!;
    const submitRef = /button "Subscribe" \[(e\d+)\]/.exec(snapshot)![1]!;

    await sendPrompt(panel, call("type", { tabId: formTab, ref: nameRef, text: "Ada" }));
    const question = await permission(panel).innerText({ timeout: LONG });
    expect(question).toContain(`type ${nameRef}`);
    // Once or not at all: the agent's "always" options are not offered on our own calls.
    expect(await permission(panel).getByRole("button").allInnerTexts()).toEqual(["Allow once", "Deny"]);
    expect(await answerOnce(panel, "Allow once")).toBe("agent");
    expect(await form.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    expect(calls("type").at(-1)?.result?.isError).toBeFalsy();

    await sendPrompt(panel, call("click", { tabId: formTab, ref: submitRef }));
    expect(await answerOnce(panel, "Deny")).toBe("agent");
    // The agent never made the call, and the page is untouched.
    expect(calls("click")).toEqual([]);
    expect(await form.evaluate(() => document.getElementById("result")?.textContent)).toBe("");
  });
});

describe("turning the tools on and off in a session already open, with an agent that can load sessions", () => {
  it("on: the session is loaded again with the server, its transcript stays; off: loaded again without it", async () => {
    const { panel, formTab, mcp, calls, text } = await open({}, { toolsFirst: false });
    // Without the server the agent does not know the tool is read-only: it asks (approve mode).
    await sendPrompt(panel, call("list_tabs"));
    await answerOnce(panel, "Allow once");
    expect(text(calls("list_tabs").at(-1))).toContain("Extension browser not found");
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
    expect(text(calls("read_page").at(-1))).toContain("The quick brown fox");
    await waitForText(target(toolCard(panel, /browser: read page/).last()), "Sign up — Test Co · 127.0.0.1");

    await toolSwitch(panel).click();
    await expect.poll(() => mcp().some((l) => l.event === "removed"), { timeout: LONG }).toBe(true);
    // The load's answer (and the panel's snapshot after it) before the next prompt.
    await waitForReady(panel);
    await sendPrompt(panel, call("read_page", { tabId: formTab }));
    await answerOnce(panel, "Allow once");
    expect(text(calls("read_page").at(-1))).toContain("Extension browser not found");
  });
});
