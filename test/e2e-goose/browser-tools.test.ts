/**
 * The browser tools with the real goose from npm: added to the open session with goose's own extension
 * method when the user turns them on (a prompt sent meanwhile waits for them), offered through
 * `mcpServers` when a session opens, taken out of and put back into the open session when the user
 * turns them off and on, and used: goose reads the page and types and clicks by ref. In approve mode
 * goose asks about every call; a read on a site the user already let goose-browser read costs no
 * question, an acting call exactly one.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { useHarness } from "../e2e/fixture";
import { ROOT } from "../helpers/chromium/harness";
import { agentBubbles, LONG, openNewSession, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { startTestSite } from "../helpers/test-site";
import { gooseBuilds, launchGoose } from "./real-goose";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");
const launch = useHarness();

const toolSwitch = (panel: Page) => panel.getByRole("button", { name: /^Browser: / });
const permission = (panel: Page) => panel.getByRole("group", { name: "Permission request" });
const consentCard = (panel: Page) => panel.getByRole("group", { name: "Browser consent" });
const browserTools = (tools: string[] | undefined) => (tools ?? []).filter((t) => t.startsWith("browser__")).sort();

describe.each(gooseBuilds())("goose $version", (build) => {
  it("offers the tools in session/new, drops and restores them in the open session, and uses them", async () => {
    const site = await startTestSite();
    onTestFinished(() => site.close());
    const { h, model } = await launchGoose(launch, build, { extensionDir: E2E_BUILD });
    const form = await h.context.newPage();
    await form.goto(site.url("form.html"));
    const tabId = await h.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, site.url("form.html"));
    const panel = await h.openPanel();
    await waitForReady(panel);
    await toolSwitch(panel).click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");

    /** Sends `line`, answers each question shown with Allow once; how many goose asked, and how many the user answered. */
    const run = async (line: string): Promise<{ goose: number; user: number }> => {
      const before = h.agentOutput().filter((m) => m.method === "session/request_permission").length;
      await sendPrompt(panel, line);
      const allow = permission(panel).getByRole("button", { name: "Allow once" });
      let user = 0;
      while (!(await panel.getByRole("button", { name: "Send", exact: true }).isVisible())) {
        if (await allow.isVisible()) {
          await allow.click();
          user++;
        }
        await panel.waitForTimeout(100);
      }
      await waitForTurnEnd(panel);
      expect(await consentCard(panel).count()).toBe(0);
      return { goose: h.agentOutput().filter((m) => m.method === "session/request_permission").length - before, user };
    };

    // The session the panel opened as it opened takes the server with goose's own request; a prompt sent
    // meanwhile waits for it. list_tabs reads no one site, so goose's question about it is the user's.
    expect(await run("browser list_tabs")).toEqual({ goose: 1, user: 1 });
    expect(h.agentMessages().filter((m) => m.method === "_goose/unstable/session/extensions/add")).toHaveLength(1);
    await waitForText(agentBubbles(panel), "Sign up — Test Co");
    const offered = browserTools(model.requests.at(-1)?.tools?.map((t) => t.function.name));
    expect(offered).toEqual(expect.arrayContaining(["browser__click", "browser__list_tabs", "browser__page_snapshot", "browser__type"]));

    // A session opened with the tools on gets the server in mcpServers, and goose says it loaded.
    await openNewSession(panel);
    const opened = h
      .agentMessages()
      .filter((m) => m.method === "session/new")
      .at(-1);
    expect(opened?.params?.mcpServers).toEqual([expect.objectContaining({ type: "http", name: "browser" })]);
    const answer = h.agentOutput().find((m) => m.id === opened?.id && m.result);
    expect(JSON.stringify(answer?.result)).toMatch(/"extensionResults":\[[^\]]*"name":"browser"[^\]]*"success":true/);

    // A read of a site goose-browser may already read: goose asks, goose-browser answers allow-once for the user.
    expect(await run(`browser page_snapshot ${JSON.stringify({ tabId })}`)).toEqual({ goose: 1, user: 0 });
    const read = panel.getByRole("article", { name: /^Tool call: / }).last();
    await waitForText(read.getByRole("note"), "Allowed without asking: you already let goose-browser read 127.0.0.1.");
    const snapshot = JSON.stringify(model.requests.at(-1)?.messages);
    const nameRef = /textbox \\"Your name\\" \[(e\d+)\]/.exec(snapshot)?.[1];
    expect(nameRef, snapshot.slice(-2000)).toBeDefined();
    // Acting: exactly one question, the user's.
    expect(await run(`browser type ${JSON.stringify({ tabId, ref: nameRef, text: "Ada" })}`)).toEqual({ goose: 1, user: 1 });
    expect(await form.evaluate(() => document.body.dataset.nameState)).toBe("Ada");

    // Off: goose drops the server from the open session, and stops offering its tools.
    await toolSwitch(panel).click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-label")).toBe("Browser: off");
    await expect
      .poll(() => h.agentMessages().some((m) => m.method === "_goose/unstable/session/extensions/remove"), { timeout: LONG })
      .toBe(true);
    await run("no tools now");
    expect(browserTools(model.requests.at(-1)?.tools?.map((t) => t.function.name))).toEqual([]);

    // On again: added back to the same session.
    await toolSwitch(panel).click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");
    await expect
      .poll(() => h.agentMessages().some((m) => m.method === "_goose/unstable/session/extensions/add"), { timeout: LONG })
      .toBe(true);
    await run("browser list_tabs");
    expect(browserTools(model.requests.at(-1)?.tools?.map((t) => t.function.name))).toEqual(offered);
    expect(h.agentMessages().filter((m) => m.method === "session/new")).toHaveLength(2);
  });
});
