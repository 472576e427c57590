/**
 * goose in `approve` mode asks before every MCP call, read-only ones too (goose 1.50.0 and 1.52.0). A
 * read of our own server on a site the user already let goose-browser read is answered allow-once for
 * the user and the card says so (extension/background/read-questions.ts); an acting call is still one
 * question; a read goose-browser may not make unasked stays the user's (docs/ARCHITECTURE.md, "Browser
 * tools"). End to end in real Chromium with the scripted goose, whose request is goose's shape.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { type LoggedMessage, ROOT } from "../helpers/chromium/harness";
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

const toolSwitch = (panel: Page) => panel.getByRole("button", { name: /^Browser: / });
const permission = (panel: Page) => panel.getByRole("group", { name: "Permission request" });
const consentCard = (panel: Page) => panel.getByRole("group", { name: "Browser consent" });
const call = (tool: string, args: Record<string, unknown> = {}) => `call browser ${tool} ${JSON.stringify(args)}`;

function mcpCalls(file: string, tool: string): McpLogLine[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as McpLogLine)
    .filter((l) => l.event === "call" && l.tool === tool);
}

const resultText = (line: McpLogLine | undefined) => (line?.result?.content ?? []).map((c) => c.text ?? "").join("\n");

describe("goose's questions about reads (approve mode)", () => {
  it("reads of an allowed site are answered for the user with a note; acting is asked once; a read of a site it may not read is asked", async () => {
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

    const calls = (tool: string) => mcpCalls(mcpLog, tool);
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

    // Acting: goose's question is the one card; its allow is our consent too.
    const ref = /textbox "Your name" \[(e\d+)\]/.exec(resultText(calls("page_snapshot")[0]))![1]!;
    await sendPrompt(panel, call("type", { tabId: formTab, ref, text: "Ada" }));
    await permission(panel).getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
    await waitForTurnEnd(panel);
    expect(await consentCard(panel).count()).toBe(0);
    expect(await permission(panel).count()).toBe(0);
    expect(await form.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    expect(
      await toolCard(panel, /browser: type/)
        .last()
        .getByRole("note")
        .count(),
    ).toBe(0);

    // A read goose-browser may not make unasked. A site without host access cannot be had here: the e2e
    // build holds <all_urls>, and a command-line extension may read file: URLs. A browser page is a
    // page goose-browser never reads (its site policy), so the agent's question stays the user's,
    // and a Deny stands (the unit test read-questions.test.ts covers a site not yet granted).
    const pageTab = await h.worker.evaluate(async () => (await chrome.tabs.create({ url: "chrome://version", active: false })).id!);
    await sendPrompt(panel, call("read_page", { tabId: pageTab }));
    const question = permission(panel);
    await question.waitFor({ timeout: LONG });
    expect(
      await toolCard(panel, /browser: read page/)
        .last()
        .getByRole("note")
        .count(),
    ).toBe(0);
    await question.getByRole("button", { name: "Deny" }).click();
    await waitForTurnEnd(panel);
    expect(calls("read_page")).toHaveLength(1);
  });
});
