/**
 * The transcript's look (#26) in real Chromium: tool cards titled in words with the agent's own title
 * in the tooltip, Markdown tool output rendered and sanitized (Claude's ```console fences as a code
 * block), the approval's answers on one row at 240 px, a replayed `/model` as one notice, the crash
 * card under the last message, the empty session's suggestions, and the action log after a browser
 * restart.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { type Harness, ROOT } from "../helpers/chromium/harness";
import {
  agentBubbles,
  chooseFromMenu,
  LONG,
  readableToolCard,
  screenshot,
  sendPrompt,
  toolCard,
  transcript,
  userBubbles,
  visibleRatio,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { startTestSite } from "../helpers/test-site";
import { useHarness } from "./fixture";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");
const launch = useHarness();

const approval = (page: Page) => page.getByRole("group", { name: "Permission request" });
const consentCard = (page: Page) => page.getByRole("group", { name: "Browser consent" });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not rendered");
  return b;
}

describe("tool cards", () => {
  it("are titled in words, keep the agent's title in the tooltip, and render Markdown output safely", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "fenced");
    await waitForTurnEnd(page);

    // Claude's shapes: "`npm test`" (kind execute) reads "Run npm test"; the raw title is the tooltip.
    const run = readableToolCard(page, "Run npm test");
    await waitForText(run.locator(".tool__title"), "Run npm test");
    expect(await run.locator(".tool__title").getAttribute("title")).toBe("`npm test`");
    expect(await run.locator(".tool__title code").innerText()).toBe("npm test");
    // The ```console fence is a code block, never literal fences.
    const code = run.locator(".tool__markdown pre code");
    await waitForText(code, "12 tests passed");
    expect(await run.locator(".tool__output").innerText()).not.toContain("```");
    // The command is in the title: not repeated on its own line.
    expect(await run.locator(".tool__command").count()).toBe(0);

    const read = readableToolCard(page, "Read example.com/docs/guide");
    await waitForText(read.locator(".tool__markdown h1"), "Guide");
    expect(await read.locator(".tool__markdown strong").innerText()).toBe("bold");
    expect(await read.locator(".tool__markdown li").count()).toBe(2);
    // What a page put there never runs.
    expect(await read.locator("script, img[onerror]").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __fencedPwned?: number }).__fencedPwned)).toBeUndefined();

    // goose's shapes: the diff scenario's "developer: text editor · <path>" reads "Edit src/greeting.ts".
    await sendPrompt(page, "diff");
    const edit = toolCard(page, /developer: text editor/);
    await waitForText(edit.locator(".tool__title"), "Edit src/greeting.ts");
    await edit.getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
    await waitForTurnEnd(page);
    await screenshot(page, "transcript-look-tool-cards");
  });
});

describe("approvals", () => {
  it("at 240 px the answers sit on one row, and the lasting ones open on a row of their own", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await page.setViewportSize({ width: 240, height: 640 });
    await waitForReady(page);
    await sendPrompt(page, "tool");
    const card = toolCard(page, /developer: shell/);
    await waitForText(card, "Awaiting approval");
    await screenshot(page, "transcript-look-approval-240");
    const row = approval(page).locator(".approval__options").first();
    const edge = await approval(page).evaluate((el) => el.getBoundingClientRect().right);
    const buttons = row.getByRole("button");
    expect(await buttons.allInnerTexts()).toEqual(["Allow once", "Deny", ""]);
    // More is an icon, named for a screen reader; "Allow once" stays on one line (it broke in two at 240 px).
    expect(await buttons.last().getAttribute("aria-label")).toBe("More answers");
    expect((await box(buttons.first())).height).toBeLessThan(32);
    const panelRight = await page.evaluate(() => document.documentElement.clientWidth);
    const tops = new Set<number>();
    for (const b of await buttons.all()) {
      const r = await box(b);
      tops.add(Math.round(r.y));
      expect(r.x + r.width, "a button crosses the panel's edge").toBeLessThanOrEqual(panelRight);
      expect(r.x + r.width, "a button crosses the card's edge").toBeLessThanOrEqual(edge + 0.5);
      // The label fits its button: nothing cut.
      expect(await b.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    expect([...tops], "the answers wrap").toHaveLength(1);
    // One card: the question is not a box inside the tool card's box.
    expect(await approval(page).evaluate((el) => getComputedStyle(el).borderLeftWidth)).toBe("0px");

    await approval(page).getByRole("button", { name: "More answers" }).click();
    const more = approval(page).locator(".approval__options--more").getByRole("button");
    expect(await more.allInnerTexts()).toEqual(["Always allow", "Always deny"]);
    const moreTops = new Set<number>();
    for (const b of await more.all()) {
      const r = await box(b);
      moreTops.add(Math.round(r.y));
      expect(r.x + r.width, "a button crosses the card's edge").toBeLessThanOrEqual(edge + 0.5);
      expect(await b.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    expect([...moreTops], "an option wraps alone").toHaveLength(1);
    await screenshot(page, "transcript-look-approval-240-more");
    // The keyboard answers as before.
    await expect.poll(() => approval(page).innerText()).toContain("Enter allows once · Esc denies");
    await approval(page).getByRole("button", { name: "Always allow" }).click();
    await waitForTurnEnd(page);
    await expect.poll(() => card.getAttribute("data-status")).toBe("completed");
  });
});

describe("errors", () => {
  it("a crash says what happened in words and its card sits under the last message, which stays in view", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await page.setViewportSize({ width: 320, height: 560 });
    await waitForReady(page);
    for (let i = 0; i < 4; i++) {
      await sendPrompt(page, `echo filler ${i} ${"words ".repeat(30)}`);
      await waitForTurnEnd(page);
    }
    await sendPrompt(page, "crash");
    const card = page.getByRole("status");
    await waitForText(card, "goose crashed (an internal error).");
    await waitForText(card, "exit code 101");
    expect(await card.innerText()).not.toMatch(/SIG[A-Z]+|exited with code/);
    const last = transcript(page).locator(".notice").last();
    // Said once, by the card; the transcript marks where the turn ended without saying it again.
    await waitForText(last, "The agent stopped before the turn finished.");
    expect(await page.getByText(/crashed \(an internal error\)/).count()).toBe(1);
    // The last message is whole and above the card, not under it.
    await screenshot(page, "transcript-look-crash");
    await expect.poll(() => visibleRatio(last)).toBe(1);
    const lastBox = await box(last);
    const cardBox = await box(card);
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(cardBox.y);
    await screenshot(page, "transcript-look-crash");
  });

  it("a failed turn is a card whose Retry sends the message again, offered on the last failure only", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "error");
    await waitForTurnEnd(page);
    const card = transcript(page).locator(".notice--card");
    await waitForText(card, "Error in agent response stream");
    const prompts = () => h.agentMessages().filter((m) => m.method === "session/prompt");
    const sent = prompts().length;
    await card.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => prompts().length, { timeout: LONG }).toBe(sent + 1);
    expect(prompts().at(-1)!.params).toMatchObject({ prompt: [{ type: "text", text: "error" }] });
    await waitForTurnEnd(page);
    await expect.poll(() => card.count(), { timeout: LONG }).toBe(2);
    // The first failure is history now: only the newest card offers Retry.
    expect(await card.first().getByRole("button", { name: "Retry" }).count()).toBe(0);
    expect(await card.last().getByRole("button", { name: "Retry" }).count()).toBe(1);
    await screenshot(page, "transcript-look-failed-turn");
  });
});

describe("replays in the agent's own words", () => {
  it("Claude's replayed /model is one notice, not three messages of markup", async () => {
    const agentEnv = { SCRIPTED_AGENT_IDENTITY: "claude" };
    const first = await launch({ agentEnv });
    let page = await first.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "/model sonnet");
    await waitForText(agentBubbles(page), "Set model to sonnet");
    await waitForTurnEnd(page);

    await first.closeBrowser();
    const second = await launch({ reuseDir: first.dir, agentEnv });
    page = await second.openPanel();
    const notice = transcript(page).locator(".notice");
    await waitForText(notice, "Model set to sonnet");
    await waitForReady(page);
    expect(await notice.count()).toBe(1);
    expect(await userBubbles(page).count()).toBe(0);
    expect(await transcript(page).innerText()).not.toMatch(/command-name|local-command|Caveat/);
    // The agent did replay the markup: the panel read it.
    expect(second.agentMessages().some((m) => m.method === "session/load")).toBe(true);
    await screenshot(page, "transcript-look-model-replay");
  });
});

describe("the empty session", () => {
  it("names the agent and its mode, offers three starts for this page, and Summarise sends the page", async () => {
    const site = await startTestSite();
    onTestFinished(() => site.close());
    const h = await launch({ extensionDir: E2E_BUILD });
    const panel = await h.openPanel();
    await waitForReady(panel);
    const article = await h.context.newPage();
    await article.goto(site.url("article.html"));
    await article.bringToFront();
    const empty = panel.getByRole("region", { name: "New conversation" });
    await waitForText(empty, "goose");
    const suggestions = empty.getByRole("list", { name: "Suggestions" }).getByRole("button");
    await expect.poll(() => suggestions.count(), { timeout: LONG }).toBe(3);
    const labels = await suggestions.allInnerTexts();
    expect(labels[0]).toMatch(/^Summarise /);
    expect(labels.slice(1)).toEqual(["Ask about the selected text", "What can you do in this tab?"]);
    // The shortcut, as before.
    await waitForText(empty, "Ask goose about selection");
    await screenshot(panel, "transcript-look-empty");

    await suggestions.first().click();
    await expect.poll(() => userBubbles(panel).count(), { timeout: LONG }).toBe(1);
    await waitForTurnEnd(panel);
    const prompt = h.agentMessages().findLast((m) => m.method === "session/prompt")!.params as { prompt: Array<Record<string, unknown>> };
    expect(prompt.prompt[0]).toMatchObject({ type: "resource", resource: { uri: site.url("article.html") } });
    expect(prompt.prompt.at(-1)).toEqual({ type: "text", text: "Summarise this page." });
  });
});

describe("the action log", () => {
  it("is still in the panel and the export after a browser restart, with browser calls titled in words", async () => {
    const site = await startTestSite();
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-e2e-look-"));
    const mcpLog = path.join(logDir, "mcp.log");
    onTestFinished(async () => {
      await site.close();
      fs.rmSync(logDir, { recursive: true, force: true });
    });
    const agentEnv = { SCRIPTED_AGENT_MCP_LOG: mcpLog };
    let h: Harness = await launch({ extensionDir: E2E_BUILD, agentEnv });
    const form = await h.context.newPage();
    await form.goto(site.url("form.html"));
    const formTab = await h.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, site.url("form.html"));
    let panel = await h.openPanel();
    await waitForReady(panel);
    const toolSwitch = panel.getByRole("button", { name: /^Browser: / });
    await toolSwitch.click();
    await expect.poll(() => toolSwitch.getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");
    // The session the panel opened as it opened takes the server once goose has added it (the switch shows on before).
    await expect.poll(() => fs.existsSync(mcpLog) && fs.readFileSync(mcpLog, "utf8").includes('"connected"'), { timeout: LONG }).toBe(true);

    const call = (tool: string, args: Record<string, unknown>) => `call browser ${tool} ${JSON.stringify(args)}`;
    await sendPrompt(panel, call("page_snapshot", { tabId: formTab }));
    await answerAll(panel);
    const snapshot = fs
      .readFileSync(mcpLog, "utf8")
      .split("\n")
      .filter((l) => l.includes('"page_snapshot"') && l.includes('"call"'))
      .at(-1)!;
    const ref = /button \\"Subscribe\\" \[(e\d+)\]/.exec(snapshot)![1]!;
    await sendPrompt(panel, call("click", { tabId: formTab, ref }));
    await answerAll(panel);
    // The card says what was done where, in words.
    await waitForText(readableToolCard(panel, /Click "Subscribe" on 127\.0\.0\.1/), "Subscribe");

    const log = panel.locator(".action-log");
    await waitForText(log.locator("summary"), "(2)");
    const dir = h.dir;
    await h.closeBrowser();
    h = await launch({ extensionDir: E2E_BUILD, reuseDir: dir, agentEnv });
    panel = await h.openPanel();
    await waitForReady(panel);
    const restored = panel.locator(".action-log");
    await waitForText(restored.locator("summary"), "(2)");
    await restored.locator("summary").click();
    await waitForText(restored, /click · Allowed once · done/);
    await screenshot(panel, "transcript-look-action-log-restored");

    await panel.evaluate(() => {
      const w = window as unknown as { exported?: Promise<string> };
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        w.exported = (blob as Blob).text();
        return "blob:x";
      };
      HTMLAnchorElement.prototype.click = () => {};
    });
    await chooseFromMenu(panel, "Export as Markdown");
    const md = await panel.evaluate(() => (window as unknown as { exported: Promise<string> }).exported);
    expect(md).toMatch(/## Browser actions \(2\)/);
    expect(md).toMatch(/\*\*click\*\* on 127\.0\.0\.1 .*button "Subscribe": Allowed once, done/);
  });
});

/** Answers every question of the turn (the agent's, in approve mode, and our consent) with its first "allow" until the turn ends. */
async function answerAll(panel: Page): Promise<void> {
  const question = approval(panel).or(consentCard(panel));
  const running = () => panel.getByRole("button", { name: "Stop", exact: true }).count();
  for (let asked = 0; asked < 6; asked++) {
    await expect.poll(async () => (await question.count()) > 0 || (await running()) === 0, { timeout: LONG }).toBe(true);
    if ((await question.count()) === 0) break;
    const handle = (await question.first().elementHandle())!;
    await question
      .first()
      .getByRole("button", { name: /^(Allow once|Always allow)/ })
      .first()
      .click();
    // Answered: that question goes before the next one is looked at.
    await handle.waitForElementState("hidden", { timeout: LONG });
  }
  await waitForTurnEnd(panel);
}
