/**
 * The browser tools with the real goose from npm: added to the open session with goose's own extension
 * method when the user turns them on (a prompt sent meanwhile waits for them), offered through
 * `mcpServers` when a session opens, taken out of and put back into the open session when the user
 * turns them off and on, and used: goose reads the page and types and clicks by ref. In approve mode
 * goose asks about every call. goose-browser answers goose's question about a call of its own server
 * allow-once for the user and asks its own consent card when the call is served (docs/ARCHITECTURE.md,
 * "One question per action"): a read on a site the user already let goose-browser read costs no
 * question, an acting call exactly one, ours, naming the element, the text, the tab and the site;
 * list_tabs, which reads no one site, is goose's question, the user's to answer.
 */
import { describe, expect, it, onTestFinished } from "vitest";
import { useHarness } from "../e2e/fixture";
import { consentCard, E2E_BUILD, permission, toolSwitch } from "../helpers/chromium/browser-tools-panel";
import type { LoggedMessage } from "../helpers/chromium/harness";
import { agentBubbles, LONG, openNewSession, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { startTestSite } from "../helpers/test-site";
import { gooseBuilds, launchGoose } from "./real-goose";

const launch = useHarness();

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

    const gooseAsked = () => h.agentOutput().filter((m) => m.method === "session/request_permission");
    /** goose-browser's or the user's answer to one of goose's questions: the option chosen. */
    const answerTo = (request: LoggedMessage) =>
      (
        h.agentMessages().find((m) => m.id === request.id && m.method === undefined)?.result as
          | { outcome: { optionId?: string } }
          | undefined
      )?.outcome.optionId;
    /**
     * Sends `line` and answers each question shown to the user with Allow once, goose's (a permission
     * request) or goose-browser's (the consent card): what goose asked, how it was answered, and the
     * words of each question the user saw.
     */
    const run = async (line: string): Promise<{ goose: number; answers: Array<string | undefined>; shown: string[] }> => {
      const before = gooseAsked().length;
      await sendPrompt(panel, line);
      const shown: string[] = [];
      while (!(await panel.getByRole("button", { name: "Send", exact: true }).isVisible())) {
        for (const question of [permission(panel), consentCard(panel)]) {
          if (!(await question.isVisible())) continue;
          shown.push(await question.innerText());
          await question.getByRole("button", { name: "Allow once", exact: true }).click();
          // Counted once: gone before the loop looks again.
          await question.waitFor({ state: "detached", timeout: LONG });
        }
        await panel.waitForTimeout(100);
      }
      await waitForTurnEnd(panel);
      expect(await consentCard(panel).count()).toBe(0);
      expect(await permission(panel).count()).toBe(0);
      const asked = gooseAsked().slice(before);
      return { goose: asked.length, answers: asked.map(answerTo), shown };
    };

    // The session the panel opened as it opened takes the server with goose's own request; a prompt sent
    // meanwhile waits for it. list_tabs reads no one site, so goose's question about it is the user's.
    const listed = await run("browser list_tabs");
    expect(listed).toEqual({ goose: 1, answers: ["allow_once"], shown: [expect.stringContaining("list tabs")] });
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

    // A read of a site goose-browser may already read: goose asks, goose-browser answers allow-once for
    // the user, and the user is asked nothing.
    expect(await run(`browser page_snapshot ${JSON.stringify({ tabId })}`)).toEqual({ goose: 1, answers: ["allow_once"], shown: [] });
    const read = panel.getByRole("article", { name: /^Tool call: / }).last();
    await waitForText(read.getByRole("note"), "Allowed without asking: you already let goose-browser read 127.0.0.1.");
    const snapshot = JSON.stringify(model.requests.at(-1)?.messages);
    const nameRef = /textbox \\"Your name\\" \[(e\d+)\]/.exec(snapshot)?.[1];
    expect(nameRef, snapshot.slice(-2000)).toBeDefined();
    // Acting: exactly one question shown, goose-browser's, naming the element, the text, the tab and the
    // site; goose's own question answered allow-once for the user (never an "always").
    const typed = await run(`browser type ${JSON.stringify({ tabId, ref: nameRef, text: "Ada" })}`);
    expect(typed.goose).toBe(1);
    expect(typed.answers).toEqual(["allow_once"]);
    expect(typed.shown).toHaveLength(1);
    for (const words of ['type "Ada" into textbox "Your name" on 127.0.0.1', "Sign up — Test Co"]) expect(typed.shown[0]).toContain(words);
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
