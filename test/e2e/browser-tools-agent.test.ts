/**
 * Browser tools end to end in real Chromium: the scripted goose calls the host's MCP server on cue
 * (`call browser <tool> {…}`), the host forwards each call to the extension, the extension runs it
 * against a local page and answers. The panel's switch turns the tools on and off, its consent cards
 * answer acting calls, and the assertions look at the page's own DOM, the panel, and what the agent
 * got back (its MCP log).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, launchExtension, ROOT } from "../helpers/chromium/harness";
import {
  chooseFromMenu,
  LONG,
  openNewSession,
  screenshot,
  sendPrompt,
  toolCard,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { callsOf, type McpLogLine, readMcpLog, resultText } from "../helpers/mcp-log";
import { startTestSite, type TestSite } from "../helpers/test-site";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");

let site: TestSite;
let h: Harness;
let panel: Page;
let form: Page;
let formTab: number;
let mcpLog: string;
let logDir: string;

const mcp = () => readMcpLog(mcpLog);

/** What the agent got back from its latest call of `tool`. */
function lastCall(tool: string): McpLogLine | undefined {
  return callsOf(mcpLog, tool).at(-1);
}

const toolSwitch = () => panel.getByRole("button", { name: /^Browser: / });
const consentCard = () => panel.getByRole("group", { name: "Browser consent" });
const call = (tool: string, args: Record<string, unknown> = {}) => `call browser ${tool} ${JSON.stringify(args)}`;

/** The panel starts sessions in approve mode: the agent asks before its own tool call (the "Permission request"). */
async function allowAgent(): Promise<void> {
  await panel.getByRole("group", { name: "Permission request" }).getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
}

async function turnOn(): Promise<void> {
  await toolSwitch().click();
  await expect.poll(() => toolSwitch().getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");
}

beforeAll(async () => {
  site = await startTestSite();
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-e2e-mcp-"));
  mcpLog = path.join(logDir, "mcp.log");
  h = await launchExtension({ extensionDir: E2E_BUILD, agentEnv: { SCRIPTED_AGENT_MCP_LOG: mcpLog } });
  form = await h.context.newPage();
  await form.goto(site.url("form.html"));
  formTab = await h.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, site.url("form.html"));
  panel = await h.openPanel();
  await waitForReady(panel);
}, 60_000);

afterAll(async () => {
  await h?.close();
  await site?.close();
  fs.rmSync(logDir, { recursive: true, force: true });
});

describe("browser tools through the agent", () => {
  it("are off until turned on: the agent is not offered the server", async () => {
    expect(await toolSwitch().getAttribute("aria-pressed")).toBe("false");
    await sendPrompt(panel, call("list_tabs"));
    await allowAgent();
    await waitForTurnEnd(panel);
    // From here on the agent runs tools unasked, so only the extension's own consent cards ask.
    await panel.getByRole("combobox", { name: "Mode", exact: true }).selectOption("auto");
    const card = toolCard(panel, /browser: list tabs/);
    await expect.poll(() => card.getAttribute("data-status")).toBe("failed");
    expect(resultText(lastCall("list_tabs"))).toContain("Extension browser not found");
    expect(mcp().some((l) => l.event === "connected")).toBe(false);
    // The host was told "off" after its hello, and goose was never given the server.
    expect(h.agentMessages().some((m) => m.method?.includes("extensions/add"))).toBe(false);
  });

  it("turned on in the panel, the agent lists tabs, reads the page and takes a snapshot; the cards show the tab", async () => {
    await turnOn();
    // The open session gets the server as soon as the host hears the switch.
    await expect.poll(() => mcp().some((l) => l.event === "connected" && l.name === "browser"), { timeout: LONG }).toBe(true);

    await sendPrompt(panel, call("list_tabs"));
    await waitForTurnEnd(panel);
    expect(lastCall("list_tabs")?.result?.isError).toBeFalsy();
    expect(resultText(lastCall("list_tabs"))).toContain("Sign up — Test Co");
    await expect
      .poll(() =>
        toolCard(panel, /browser: list tabs/)
          .last()
          .getAttribute("data-status"),
      )
      .toBe("completed");

    await sendPrompt(panel, call("read_page", { tabId: formTab }));
    await waitForTurnEnd(panel);
    const read = resultText(lastCall("read_page"));
    expect(read).toMatch(/^Page content from 127\.0\.0\.1 \(untrusted\):/);
    expect(read).toContain("The quick brown fox jumps over the lazy dog.");
    const readCard = toolCard(panel, /browser: read page/).last();
    await expect.poll(() => readCard.getAttribute("data-status")).toBe("completed");
    // The card names the tab (title · site), from the extension's own record of the call.
    await waitForText(readCard.getByRole("definition"), "Sign up — Test Co · 127.0.0.1");

    await sendPrompt(panel, call("page_snapshot", { tabId: formTab }));
    await waitForTurnEnd(panel);
    expect(resultText(lastCall("page_snapshot"))).toMatch(/textbox "Your name" \[e\d+\]/);
  });

  it("types and clicks by ref after the user allows each in the panel; the page changes", async () => {
    const snapshot = resultText(lastCall("page_snapshot"));
    const nameRef = /textbox "Your name" \[(e\d+)\]/.exec(snapshot)![1]!;
    const submitRef = /button "Subscribe" \[(e\d+)\]/.exec(snapshot)![1]!;

    await sendPrompt(panel, call("type", { tabId: formTab, ref: nameRef, text: "Ada" }));
    await consentCard().waitFor({ timeout: LONG });
    const question = await consentCard().innerText();
    expect(question).toContain('goose wants to type "Ada" into textbox "Your name" on 127.0.0.1');
    expect(question).toContain("Sign up — Test Co");
    // Waiting for the user shows on the toolbar badge, like an approval.
    expect(await h.worker.evaluate(() => chrome.action.getBadgeText({}))).toBe("1");
    await screenshot(panel, "browser-consent");
    // Not yet typed: the call waits for the answer.
    expect(await form.evaluate(() => document.body.dataset.nameState ?? "")).toBe("");
    await consentCard().getByRole("button", { name: "Allow once" }).click();
    await waitForTurnEnd(panel);
    expect(await form.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    expect(lastCall("type")?.result?.isError).toBeFalsy();
    const typeCard = toolCard(panel, /browser: type/).last();
    await waitForText(typeCard.getByRole("definition"), 'textbox "Your name"');
    await expect.poll(() => consentCard().count()).toBe(0);

    await sendPrompt(panel, call("click", { tabId: formTab, ref: submitRef }));
    await consentCard().getByRole("button", { name: "Allow once" }).click();
    await waitForTurnEnd(panel);
    await expect.poll(() => form.evaluate(() => document.getElementById("result")?.textContent)).toBe("Thanks, Ada! (no country)");
  });

  it("Deny gives the agent a tool error, the card shows it failed with the denial, and the page is untouched", async () => {
    await form.reload();
    await sendPrompt(panel, call("page_snapshot", { tabId: formTab }));
    await waitForTurnEnd(panel);
    const submitRef = /button "Subscribe" \[(e\d+)\]/.exec(resultText(lastCall("page_snapshot")))![1]!;

    await sendPrompt(panel, call("click", { tabId: formTab, ref: submitRef }));
    await consentCard().getByRole("button", { name: "Deny" }).click();
    await waitForTurnEnd(panel);
    const denied = lastCall("click");
    expect(denied?.result?.isError).toBe(true);
    expect(resultText(denied)).toContain("The user denied this");
    const card = toolCard(panel, /browser: click/).last();
    await expect.poll(() => card.getAttribute("data-status")).toBe("failed");
    await waitForText(card, "The user denied this");
    expect(await form.evaluate(() => document.getElementById("result")?.textContent)).toBe("");
  });

  it("lists every call in the session's action log, with the user's answers, and puts the log in the export", async () => {
    const log = panel.locator("details.action-log");
    const summary = log.locator("summary");
    await waitForText(summary, /^Browser actions \(\d+\)$/);
    // Folded until opened, so it takes one line under the transcript.
    expect(await log.getAttribute("open")).toBeNull();
    await summary.click();
    const items = panel.getByRole("list", { name: "Browser actions" }).getByRole("listitem");
    const texts = await items.allInnerTexts();
    expect(texts).toHaveLength(Number(/\((\d+)\)/.exec(await summary.innerText())![1]));
    const allowed = texts.filter((t) => /\btype · Allowed once · done/.test(t));
    expect(allowed).toHaveLength(1);
    expect(allowed[0]).toContain("127.0.0.1 · “Sign up — Test Co”");
    expect(allowed[0]).toContain('textbox "Your name"');
    const denied = texts.at(-1)!;
    expect(denied).toMatch(/\bclick · Denied · failed/);
    expect(denied).toContain('button "Subscribe"');
    expect(denied).toContain("The user denied this");
    await screenshot(panel, "browser-action-log");

    // The export holds the same lines: the file's text as the panel hands it to the browser.
    await panel.evaluate(() => {
      const w = window as unknown as { exported?: Promise<string> };
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        w.exported = (blob as Blob).text();
        return create(blob);
      };
      HTMLAnchorElement.prototype.click = () => {};
    });
    await chooseFromMenu(panel, "Export as Markdown");
    const md = await panel.evaluate(() => (window as unknown as { exported: Promise<string> }).exported);
    expect(md).toMatch(/## Browser actions \(\d+\)/);
    expect(md).toMatch(/\*\*type\*\* on 127\.0\.0\.1 · “Sign up — Test Co” \(tab \d+\) · textbox "Your name": Allowed once, done/);
    expect(md).toMatch(/\*\*click\*\* on 127\.0\.0\.1 .*button "Subscribe": Denied, failed — The user denied this/);
    await summary.click();
  });

  it("marks the tab while a call works in it, and clears the mark when it ends", async () => {
    await sendPrompt(panel, call("wait_for", { tabId: formTab, text: "never on this page", timeoutMs: 3000 }));
    await expect.poll(() => h.worker.evaluate((tabId) => chrome.action.getBadgeText({ tabId }), formTab), { timeout: LONG }).toBe("•");
    await waitForTurnEnd(panel);
    // A moment after the call (extension/background/linger.ts).
    await expect.poll(() => h.worker.evaluate((tabId) => chrome.action.getBadgeText({ tabId }), formTab), { timeout: LONG }).toBe("");
  });

  it("turned off again on the options page, the panel follows and the agent loses the server", async () => {
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    const box = options.getByRole("checkbox", { name: /Let the agent use this browser/ });
    await expect.poll(() => box.isChecked(), { timeout: LONG }).toBe(true);
    await box.click();
    await expect.poll(() => toolSwitch().getAttribute("aria-pressed")).toBe("false");
    await options.close();
    await expect.poll(() => mcp().some((l) => l.event === "removed" && l.name === "browser"), { timeout: LONG }).toBe(true);
    await sendPrompt(panel, call("list_tabs"));
    await waitForTurnEnd(panel);
    expect(resultText(lastCall("list_tabs"))).toContain("Extension browser not found");
  });

  it("remembers the switch across a browser restart and offers the server to the new session", async () => {
    await turnOn();
    const connectedBefore = mcp().filter((l) => l.event === "connected").length;
    const dir = h.dir;
    await h.closeBrowser();
    h = await launchExtension({ extensionDir: E2E_BUILD, reuseDir: dir, agentEnv: { SCRIPTED_AGENT_MCP_LOG: mcpLog } });
    panel = await h.openPanel();
    await waitForReady(panel);
    expect(await toolSwitch().getAttribute("aria-pressed")).toBe("true");
    await openNewSession(panel);
    // goose in approve mode asks about every call, read-only list_tabs too, and list_tabs reads no one
    // site the user allowed, so the question is the user's: one, then the call runs.
    await sendPrompt(panel, call("list_tabs"));
    await allowAgent();
    await waitForTurnEnd(panel);
    expect(await panel.getByRole("group", { name: "Permission request" }).count()).toBe(0);
    expect(mcp().filter((l) => l.event === "connected").length).toBeGreaterThan(connectedBefore);
    expect(lastCall("list_tabs")?.result?.isError).toBeFalsy();
  });
});
