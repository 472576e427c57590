/**
 * goose in `approve` mode asks before every MCP call, read-only ones too (goose 1.50.0 and 1.52.0).
 * goose-browser answers goose's question about a call of our own server allow-once for the user and
 * asks its own question, if any, when the call is served (extension/background/our-questions.ts,
 * docs/ARCHITECTURE.md "One question per action"): a read of a site the user already let goose-browser
 * read is asked nothing and the card says so; an acting call is one question, goose-browser's; a read our
 * site policy refuses (a browser page) is refused, the card saying so, nothing read. End to end in real
 * Chromium with the scripted goose, whose request is goose's shape.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { call, consentCard, E2E_BUILD, permission, toolSwitch } from "../helpers/chromium/browser-tools-panel";
import type { LoggedMessage } from "../helpers/chromium/harness";
import { LONG, openNewSession, sendPrompt, toolCard, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { callsOf, resultText } from "../helpers/mcp-log";
import { startTestSite } from "../helpers/test-site";
import { useHarness } from "./fixture";

const launch = useHarness();

describe("goose's questions about reads (approve mode)", () => {
  it("reads of an allowed site ask nothing, with a note; acting is one question, goose-browser's; a read of a browser page is refused, and said so", async () => {
    const site = await startTestSite();
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-e2e-reads-"));
    const mcpLog = path.join(logDir, "mcp.log");
    onTestFinished(async () => {
      await site.close();
      fs.rmSync(logDir, { recursive: true, force: true });
    });
    const h = await launch({ extensionDir: E2E_BUILD, captureAgentStdout: true, agentEnv: { SCRIPTED_AGENT_MCP_LOG: mcpLog } });
    const form = await h.context.newPage();
    await form.goto(site.url("form.html"));
    const formTab = await h.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, site.url("form.html"));
    const panel = await h.openPanel();
    await waitForReady(panel);
    await toolSwitch(panel).click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");
    await openNewSession(panel);

    const calls = (tool: string) => callsOf(mcpLog, tool);
    // What goose asked, and what goose-browser answered for each question (matched by request id).
    const asked = () => h.agentOutput().filter((m) => m.method === "session/request_permission");
    const answerTo = (request: LoggedMessage) =>
      h.agentMessages().find((m) => m.id === request.id && m.method === undefined)?.result as
        | { outcome: { outcome: string; optionId?: string } }
        | undefined;

    for (const [tool, args, title] of [
      ["page_snapshot", { tabId: formTab }, /browser: page snapshot/],
      ["read_page", { tabId: formTab }, /browser: read page/],
      ["find", { tabId: formTab, role: "textbox" }, /browser: find/],
    ] as const) {
      const before = asked().length;
      await sendPrompt(panel, call(tool, args));
      // A question left for the user would hold the turn until the wait timed out.
      await waitForTurnEnd(panel);
      expect(await permission(panel).count()).toBe(0);
      expect(await consentCard(panel).count()).toBe(0);
      const card = toolCard(panel, title).last();
      await waitForText(card.getByRole("note"), "Allowed without asking: you already let goose-browser read 127.0.0.1.");
      await expect.poll(() => card.getAttribute("data-status")).toBe("completed");
      expect(calls(tool)).toHaveLength(1);
      // goose did ask (goose's request, no question text), and was answered allow_once, never an "always".
      const questions = asked().slice(before);
      expect(questions).toHaveLength(1);
      expect((questions[0]!.params as { toolCall: Record<string, unknown> }).toolCall).not.toHaveProperty("content");
      expect(answerTo(questions[0]!)).toEqual({ outcome: { outcome: "selected", optionId: "allow_once" } });
    }

    // Acting: goose's question is answered allow-once for the user; the one question is goose-browser's.
    const ref = /textbox "Your name" \[(e\d+)\]/.exec(resultText(calls("page_snapshot")[0]))![1]!;
    const beforeType = asked().length;
    await sendPrompt(panel, call("type", { tabId: formTab, ref, text: "Ada" }));
    await consentCard(panel).getByRole("button", { name: "Allow once", exact: true }).click({ timeout: LONG });
    await waitForTurnEnd(panel);
    expect(await consentCard(panel).count()).toBe(0);
    expect(await permission(panel).count()).toBe(0);
    expect(await form.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    const typeQuestions = asked().slice(beforeType);
    expect(typeQuestions).toHaveLength(1);
    expect(answerTo(typeQuestions[0]!)).toEqual({ outcome: { outcome: "selected", optionId: "allow_once" } });
    // Not "Allowed without asking … read": the user was asked, by goose-browser.
    await waitForText(
      toolCard(panel, /browser: type/)
        .last()
        .getByRole("note"),
      "goose-browser asks you about this call itself",
    );

    // A read goose-browser never makes: a browser page (its site policy). goose's question is answered
    // for the user like any read of one tab, and the served call is refused before anything is read; the
    // user learns it from the card. (A site without host access cannot be had here: the e2e build holds
    // <all_urls>; the unit test our-questions.test.ts covers a site not yet granted.)
    const pageTab = await h.worker.evaluate(async () => (await chrome.tabs.create({ url: "chrome://version", active: false })).id!);
    const beforeRefused = asked().length;
    await sendPrompt(panel, call("read_page", { tabId: pageTab }));
    await waitForTurnEnd(panel);
    expect(await permission(panel).count()).toBe(0);
    expect(await consentCard(panel).count()).toBe(0);
    expect(answerTo(asked().slice(beforeRefused)[0]!)).toEqual({ outcome: { outcome: "selected", optionId: "allow_once" } });
    const refused = calls("read_page").at(-1);
    expect(refused?.result?.isError).toBe(true);
    expect(resultText(refused)).toContain("is a browser page");
    expect(resultText(refused)).not.toContain("Command Line");
    const refusedCard = toolCard(panel, /browser: read page/).last();
    await expect.poll(() => refusedCard.getAttribute("data-status")).toBe("failed");
    await waitForText(refusedCard, "browser tools never read or act on browser pages");
  });
});
