/**
 * The question a user answers about a browser action, for each agent the scripted agent plays in that
 * agent's own shapes (test/fixtures/scripted-agent/browser-calls.ts: goose, claude-agent-acp, codex-acp
 * 0.16, gemini-cli 0.61, opencode). Each agent asks before our MCP calls; goose-browser answers that
 * question allow-once for the user and asks its own when the host serves the call, naming the action,
 * the element, the text, the tab and the site (docs/ARCHITECTURE.md, "One question per action"). So:
 * one question per acting call, none for a read of an allowed site, no "always" of the agent's given or
 * offered, every card shows its tab, site and element, and Deny leaves the page untouched; list_tabs,
 * which no consent card judges, stays the agent's question, as Allow once / Deny only. End to end in real Chromium.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { call, consentCard, E2E_BUILD, permission, toolSwitch } from "../helpers/chromium/browser-tools-panel";
import type { LoggedMessage } from "../helpers/chromium/harness";
import { LONG, openNewSession, sendPrompt, toolCard, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { callsOf } from "../helpers/mcp-log";
import { AGENTS } from "../helpers/question-agents";
import { startTestSite } from "../helpers/test-site";
import { useHarness } from "./fixture";

const launch = useHarness();

const target = (card: ReturnType<typeof toolCard>) => card.getByRole("definition");

describe.each(AGENTS)("the question a user answers: $agent", ({ env, snapshot, type, click, asksReads, allowOnce }) => {
  it("one question per acting call naming action, element, text, tab and site; none for a read; no agent 'always'", async () => {
    const site = await startTestSite();
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-e2e-questions-"));
    const mcpLog = path.join(logDir, "mcp.log");
    onTestFinished(async () => {
      await site.close();
      fs.rmSync(logDir, { recursive: true, force: true });
    });
    const h = await launch({ extensionDir: E2E_BUILD, captureAgentStdout: true, agentEnv: { SCRIPTED_AGENT_MCP_LOG: mcpLog, ...env } });
    const form = await h.context.newPage();
    await form.goto(site.url("form.html"));
    const formTab = await h.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, site.url("form.html"));
    const panel = await h.openPanel();
    await waitForReady(panel);
    await toolSwitch(panel).click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");
    await openNewSession(panel);

    const calls = (tool: string) => callsOf(mcpLog, tool);
    const asked = () => h.agentOutput().filter((m) => m.method === "session/request_permission");
    const answerTo = (request: LoggedMessage) =>
      (
        h.agentMessages().find((m) => m.id === request.id && m.method === undefined)?.result as
          | { outcome: { optionId?: string } }
          | undefined
      )?.outcome.optionId;

    // A read of a site the user already let goose-browser read (the e2e build's host access): no question.
    await sendPrompt(panel, call("page_snapshot", { tabId: formTab }));
    await waitForTurnEnd(panel);
    expect(await permission(panel).count()).toBe(0);
    expect(await consentCard(panel).count()).toBe(0);
    const snapshotCard = toolCard(panel, snapshot).last();
    await waitForText(target(snapshotCard), "Sign up — Test Co · 127.0.0.1");
    expect(asked()).toHaveLength(asksReads ? 1 : 0);
    const text = (calls("page_snapshot")[0]?.result?.content ?? []).map((c) => c.text ?? "").join("\n");
    const nameRef = /textbox "Your name" \[(e\d+)\]/.exec(text)![1]!;
    const submitRef = /button "Subscribe" \[(e\d+)\]/.exec(text)![1]!;

    // Acting: one question, goose-browser's, before anything happens.
    await sendPrompt(panel, call("type", { tabId: formTab, ref: nameRef, text: "Ada" }));
    const question = consentCard(panel);
    await question.waitFor({ timeout: LONG });
    expect(await permission(panel).count()).toBe(0);
    expect(await form.evaluate(() => document.body.dataset.nameState ?? "")).toBe("");
    const words = await question.innerText();
    expect(words).toContain('type "Ada" into textbox "Your name" on 127.0.0.1');
    expect(words).toContain("Sign up — Test Co");
    // Once or not at all in the row; "Always allow on this site" only behind More.
    const names = await question
      .getByRole("button")
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? e.textContent?.trim()));
    expect(names).toEqual(["Allow once", "Deny", "More answers"]);
    // The agent's question was answered allow-once for the user, never with one of its "always" options.
    const typeAsked = asked().at(-1)!;
    expect(answerTo(typeAsked)).toBe(allowOnce);
    await question.getByRole("button", { name: "Allow once", exact: true }).click();
    await waitForTurnEnd(panel);
    expect(await consentCard(panel).count()).toBe(0);
    expect(await permission(panel).count()).toBe(0);
    expect(await form.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    const typeCard = toolCard(panel, type).last();
    await waitForText(target(typeCard), 'textbox "Your name"');
    await waitForText(target(typeCard), "Sign up — Test Co · 127.0.0.1");

    // Deny: the call is refused before the page is touched.
    await sendPrompt(panel, call("click", { tabId: formTab, ref: submitRef }));
    await consentCard(panel).waitFor({ timeout: LONG });
    expect(await consentCard(panel).innerText()).toContain('click button "Subscribe" on 127.0.0.1');
    await consentCard(panel).getByRole("button", { name: "Deny", exact: true }).click();
    await waitForTurnEnd(panel);
    expect(await permission(panel).count()).toBe(0);
    expect(await form.evaluate(() => document.getElementById("result")?.textContent)).toBe("");
    expect(calls("click").at(-1)?.result?.isError).toBe(true);
    await waitForText(target(toolCard(panel, click).last()), 'button "Subscribe"');

    // list_tabs reads no one site, so no consent card judges it: the agent's question stays the user's,
    // and only as Allow once / Deny, never the agent's "always". A Deny there: the agent makes no call.
    await sendPrompt(panel, call("list_tabs"));
    if (asksReads) {
      await permission(panel).waitFor({ timeout: LONG });
      expect(await permission(panel).getByRole("button").allInnerTexts()).toEqual(["Allow once", "Deny"]);
      // What it lets the agent see, and that the answer is for this once.
      expect(await permission(panel).locator(".approval__question").innerText()).toMatch(
        /^Allow (.+) to list tabs in your browser\? \1 sees the title and address of every open tab\. Only this once: \1 asks again next time\.$/,
      );
      await permission(panel).getByRole("button", { name: "Deny", exact: true }).click();
    }
    await waitForTurnEnd(panel);
    expect(await permission(panel).count()).toBe(0);
    expect(await consentCard(panel).count()).toBe(0);
    expect(calls("list_tabs")).toHaveLength(asksReads ? 0 : 1);
  });
});

describe("the restart race", () => {
  it("New session pressed just after Restart, while a slow agent stops, opens a session on the next agent", async () => {
    // An agent that ignores its stdin closing and SIGTERM: the host has to kill it, which takes a while.
    const h = await launch({ agentEnv: { SCRIPTED_AGENT_IGNORE_EOF: "1" } });
    const panel = await h.openPanel();
    await waitForReady(panel);
    const before = await panel.getByRole("tab").count();
    // Both clicks in one task of the page, 50 ms apart, as a quick user would.
    await panel.evaluate(async () => {
      const byName = (name: string) =>
        [...document.querySelectorAll<HTMLButtonElement>("button")].find(
          (b) => b.getAttribute("aria-label") === name || b.textContent?.trim() === name,
        );
      byName("Restart")!.click();
      await new Promise((r) => setTimeout(r, 50));
      byName("New session")!.click();
    });
    await expect
      .poll(() => panel.getByRole("tab").count(), { timeout: 30_000, message: "no new session after the restart" })
      .toBe(before + 1);
    await waitForReady(panel);
    await sendPrompt(panel, "echo after the race");
    await waitForTurnEnd(panel);
  });
});
