import { describe, expect, it } from "vitest";
import type { LoggedMessage } from "../helpers/e2e-environment";
import { callsOf, resultText } from "../helpers/mcp-log";
import { AGENTS } from "../helpers/question-agents";
import { byRole, click, find, LONG, openNewSession, sendPrompt, texts, waitForReady, waitForText, waitForTurnEnd } from "./panel";
import { useToolsSetup } from "./tools-setup";

const CONSENT = '[aria-label="Browser consent"]';
const PERMISSION = '[aria-label="Permission request"]';
const TOOL_TITLES = "article.tool .tool__title";

const t = useToolsSetup("goose-ff-questions-");

const call = (tool: string, args: Record<string, unknown> = {}) => `call browser ${tool} ${JSON.stringify(args)}`;

describe.each(AGENTS)("Firefox: the question a user answers: $agent", ({
  agent,
  env,
  snapshot,
  type,
  click: clickTitle,
  asksReads,
  allowOnce,
}) => {
  it("one question per acting call naming action, element, text, tab and site; none for a read; no agent 'always'", async () => {
    const mcpLog = t.mcpLog(`${agent}.log`);
    const calls = (tool: string) => callsOf(mcpLog, tool);
    const h = await t.launch({ captureAgentStdout: true, agentEnv: { SCRIPTED_AGENT_MCP_LOG: mcpLog, ...env } });
    const url = t.site.url("form.html");
    const form = await h.openPage(url);
    const panel = await h.openPanel();
    await waitForReady(panel);
    const formTab = await panel.evaluate(async (url) => {
      const api = (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } } })
        .browser;
      return (await api.tabs.query({})).find((t) => t.url === url)?.id;
    }, url);
    await click(panel, byRole("button", "Browser: off"));
    await find(panel, byRole("button", "Browser: on"));
    await openNewSession(panel);
    await expect.poll(() => h.agentMessages().some((m) => m.method === "session/new"), { timeout: LONG }).toBe(true);

    const asked = () => h.agentOutput().filter((m) => m.method === "session/request_permission");
    const answerTo = (request: LoggedMessage) =>
      (
        h.agentMessages().find((m) => m.id === request.id && m.method === undefined)?.result as
          | { outcome: { optionId?: string } }
          | undefined
      )?.outcome.optionId;
    /** What the newest card whose title matches shows of its target: tab, site and element. */
    const cardTarget = async (title: RegExp) =>
      panel.evaluate(
        (selector, source, flags) => {
          const titles = [...document.querySelectorAll<HTMLElement>(selector)].filter((t) =>
            new RegExp(source, flags).test(t.getAttribute("title") ?? t.textContent ?? ""),
          );
          return titles.at(-1)?.closest("article")?.querySelector('dl[aria-label="Browser target"]')?.textContent ?? "";
        },
        TOOL_TITLES,
        title.source,
        title.flags,
      );

    // A read of a site the user already let goose-browser read (the e2e build's host access): no question.
    await sendPrompt(panel, call("page_snapshot", { tabId: formTab }));
    await waitForTurnEnd(panel);
    expect(await texts(panel, PERMISSION)).toEqual([]);
    expect(await texts(panel, CONSENT)).toEqual([]);
    await expect.poll(() => cardTarget(snapshot), { timeout: LONG }).toContain("Sign up — Test Co · 127.0.0.1");
    expect(asked()).toHaveLength(asksReads ? 1 : 0);
    const text = resultText(calls("page_snapshot")[0]);
    const nameRef = /textbox "Your name" \[(e\d+)\]/.exec(text)![1]!;
    const submitRef = /button "Subscribe" \[(e\d+)\]/.exec(text)![1]!;

    // Acting: one question, goose-browser's, before anything happens.
    await sendPrompt(panel, call("type", { tabId: formTab, ref: nameRef, text: "Ada" }));
    await waitForText(panel, CONSENT, 'type "Ada" into textbox "Your name" on 127.0.0.1');
    await waitForText(panel, CONSENT, "Sign up — Test Co");
    expect(await texts(panel, PERMISSION)).toEqual([]);
    expect(await form.evaluate(() => document.body.dataset.nameState ?? "")).toBe("");
    // Once or not at all in the row; "Always allow on this site" only behind More.
    const names = await panel.$$eval(`${CONSENT} button`, (els) => els.map((e) => e.getAttribute("aria-label") ?? e.textContent?.trim()));
    expect(names).toEqual(["Allow once", "Deny", "More answers"]);
    // The agent's question was answered allow-once for the user, never with one of its "always" options.
    const typeAsked = asked().at(-1)!;
    expect(answerTo(typeAsked)).toBe(allowOnce);
    await click(panel, `${CONSENT} ${byRole("button", "Allow once")}`);
    await waitForTurnEnd(panel);
    expect(await texts(panel, CONSENT)).toEqual([]);
    expect(await texts(panel, PERMISSION)).toEqual([]);
    expect(await form.evaluate(() => document.body.dataset.nameState)).toBe("Ada");
    await expect.poll(() => cardTarget(type), { timeout: LONG }).toContain('textbox "Your name"');
    expect(await cardTarget(type)).toContain("Sign up — Test Co · 127.0.0.1");

    // Deny: the call is refused before the page is touched.
    await sendPrompt(panel, call("click", { tabId: formTab, ref: submitRef }));
    await waitForText(panel, CONSENT, 'click button "Subscribe" on 127.0.0.1');
    await click(panel, `${CONSENT} ${byRole("button", "Deny")}`);
    await waitForTurnEnd(panel);
    expect(await texts(panel, PERMISSION)).toEqual([]);
    expect(await form.evaluate(() => document.getElementById("result")?.textContent)).toBe("");
    expect(calls("click").at(-1)?.result?.isError).toBe(true);
    await expect.poll(() => cardTarget(clickTitle), { timeout: LONG }).toContain('button "Subscribe"');

    // list_tabs reads no one site, so no consent card judges it: the agent's question stays the user's,
    // as Allow once / Deny only. A Deny there: the agent makes no call.
    await sendPrompt(panel, call("list_tabs"));
    if (asksReads) {
      await find(panel, PERMISSION);
      expect(await panel.$$eval(`${PERMISSION} button`, (els) => els.map((e) => e.textContent?.trim()))).toEqual(["Allow once", "Deny"]);
      await click(panel, `${PERMISSION} ${byRole("button", "Deny")}`);
    }
    await waitForTurnEnd(panel);
    expect(await texts(panel, PERMISSION)).toEqual([]);
    expect(calls("list_tabs")).toHaveLength(asksReads ? 0 : 1);
  });
});
