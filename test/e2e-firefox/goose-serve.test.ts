/**
 * Firefox on a goose serve profile: the host connects to the real `goose serve` from npm (the newest
 * pin, or GOOSE_BINARY; test/e2e-goose/ runs both pins in Chromium) with our model server as its
 * provider, and the sidebar chats as with any agent; the server killed and started again, it goes on
 * by itself. In approve mode goose asks before a tool call and runs it once allowed; History lists a
 * session another client of the server made (as goose Desktop would) and opens it; the browser tools
 * the host serves over MCP are goose serve's to call, the user answering goose's question.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "puppeteer-core";
import { afterEach, describe, expect, it } from "vitest";
import { type GooseServe, sessionElsewhere, startGooseServe } from "../helpers/goose-serve";
import { startTestSite, type TestSite } from "../helpers/test-site";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import {
  AGENT_BUBBLES,
  byRole,
  click,
  find,
  LONG,
  screenshot,
  sendPrompt,
  texts,
  USER_BUBBLES,
  waitForGone,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "./panel";

const GOOSE = process.env.GOOSE_BINARY ?? path.resolve(import.meta.dirname, "../goose/node_modules/goose-newest/bin/goose");

let harness: FirefoxHarness | undefined;
let serve: GooseServe | undefined;
let site: TestSite | undefined;
afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  await serve?.close();
  await site?.close();
  harness = undefined;
  serve = undefined;
  site = undefined;
});

const PERMISSION = '[aria-label="Permission request"]';
const HISTORY = '[aria-label="Session history"]';

/** The sidebar on a goose serve profile of the host, the server started first (with `before` done on it). */
async function panelOnServe(before?: (s: GooseServe) => Promise<void>): Promise<Page> {
  if (!fs.existsSync(GOOSE)) throw new Error(`${GOOSE} is missing: run \`npm ci --prefix test/goose\` (or set GOOSE_BINARY)`);
  serve = await startGooseServe(GOOSE);
  await before?.(serve);
  harness = await launchFirefox({ extraProfiles: { desktop: { url: serve.url, token: serve.token } }, defaultProfile: "desktop" });
  const page = await harness.openPanel();
  await waitForReady(page);
  return page;
}

/** Answers goose's question about the pending tool call with Allow once; returns what the question said. */
async function allowOnce(page: Page): Promise<string> {
  const allow = `${PERMISSION} ${byRole("button", "Allow once")}`;
  await find(page, allow);
  const asked = (await texts(page, PERMISSION)).join("\n");
  await click(page, allow);
  await waitForGone(page, PERMISSION);
  return asked;
}

describe("Firefox: goose serve", () => {
  it("chats through the server the host connects to, and goes on after the server restarts", async () => {
    if (!fs.existsSync(GOOSE)) throw new Error(`${GOOSE} is missing: run \`npm ci --prefix test/goose\` (or set GOOSE_BINARY)`);
    serve = await startGooseServe(GOOSE);
    harness = await launchFirefox({ extraProfiles: { desktop: { url: serve.url, token: serve.token } }, defaultProfile: "desktop" });
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hello from firefox");
    await waitForText(page, AGENT_BUBBLES, "You said: hello from firefox");
    await waitForTurnEnd(page);

    await serve.kill();
    await expect.poll(() => fs.readFileSync(harness!.hostLog, "utf8"), { timeout: LONG }).toContain("closed the connection");
    await serve.start();
    await expect
      .poll(() => fs.readFileSync(harness!.hostLog, "utf8").match(/connected to goose serve/g)?.length, { timeout: LONG })
      .toBe(2);
    await waitForReady(page);
    await sendPrompt(page, "after the restart");
    await waitForText(page, AGENT_BUBBLES, "You said: after the restart");
    await waitForTurnEnd(page);
    expect(fs.readFileSync(harness.hostLog, "utf8")).not.toContain(serve.token);
  });

  it("asks before a tool call in approve mode and runs it once allowed; History lists another client's session and opens it", async () => {
    const page = await panelOnServe((s) => sessionElsewhere(s, "made in goose desktop"));
    // New sessions are switched to goose's approve mode.
    await expect
      .poll(async () => (await find(page, byRole("combobox", "Mode"))).evaluate((el) => (el as HTMLSelectElement).value), { timeout: LONG })
      .toBe("approve");
    const target = path.join(harness!.workDir, "allowed.txt");
    await sendPrompt(page, `write ${target} written through goose serve`);
    await find(page, PERMISSION);
    await screenshot(page, "firefox-serve-approval");
    // Not written before the user answers.
    expect(fs.existsSync(target)).toBe(false);
    expect(await allowOnce(page)).toContain("Allow goose to write allowed.txt?");
    await waitForText(page, AGENT_BUBBLES, `Wrote ${target}.`);
    await waitForTurnEnd(page);
    expect(fs.readFileSync(target, "utf8")).toBe("written through goose serve\n");

    await click(page, byRole("button", "History"));
    await click(page, `${HISTORY} ${byRole("button", "made in goose desktop")}`);
    await waitForText(page, USER_BUBBLES, "made in goose desktop");
    await waitForText(page, AGENT_BUBBLES, "You said: made in goose desktop");
    expect(await texts(page, USER_BUBBLES)).toEqual(["made in goose desktop"]);
  });

  it("lets goose serve call the browser tools the host serves: list_tabs once the user allows it, a page read without a question", async () => {
    site = await startTestSite();
    const page = await panelOnServe();
    const url = site.url("form.html");
    await harness!.openPage(url);
    const tabId = await page.evaluate(async (u) => {
      const api = (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } } })
        .browser;
      return (await api.tabs.query({})).find((t) => t.url === u)?.id;
    }, url);
    expect(tabId).toBeTypeOf("number");
    await click(page, byRole("button", "Browser: off"));
    await find(page, byRole("button", "Browser: on"));
    await sendPrompt(page, "browser list_tabs");
    // list_tabs reads no one site: goose's own question, the user's to answer.
    expect(await allowOnce(page)).toContain("list tabs");
    await waitForText(page, AGENT_BUBBLES, /^The browser said: \d+ open tabs/);
    await waitForTurnEnd(page);
    // What goose read back from the host's tool (the answer above shows only its start).
    const toolResults = JSON.stringify(serve!.model.requests.at(-1)?.messages?.filter((m) => m.role === "tool"));
    expect(toolResults).toContain("Sign up — Test Co");
    expect(toolResults).toContain(url);

    // A read of a site goose-browser may already read: goose asks, goose-browser answers allow-once for
    // the user, and the user is asked nothing (docs/ARCHITECTURE.md, "One question per action").
    await sendPrompt(page, `browser page_snapshot ${JSON.stringify({ tabId })}`);
    await waitForTurnEnd(page);
    expect(await texts(page, PERMISSION)).toEqual([]);
    await waitForText(page, 'article.tool [role="note"]', "Allowed without asking: you already let goose-browser read 127.0.0.1.");
    expect(JSON.stringify(serve!.model.requests.at(-1)?.messages?.filter((m) => m.role === "tool"))).toContain("Your name");
    expect(fs.readFileSync(harness!.hostLog, "utf8")).not.toContain(serve!.token);
  });
});
