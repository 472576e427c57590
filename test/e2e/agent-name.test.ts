/**
 * The panel speaks of the agent that runs, by its own name, and a Deny reads "Denied" whichever way
 * the agent ends the turn: the scripted agent as goose, and as another agent that (like Codex) ends
 * a denied turn `cancelled`.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { FAKE_GOOSE, type Harness, type HarnessOptions } from "../helpers/chromium/harness";
import {
  composer,
  LONG,
  openNewSession,
  screenshot,
  sendPrompt,
  toolCard,
  transcript,
  userBubbles,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();
/** The current test's harness. */
let h: Harness;

async function start(options: HarnessOptions = {}): Promise<Page> {
  h = await launch(options);
  const page = await h.openPanel();
  await waitForReady(page);
  return page;
}

const approval = (page: Page) => page.getByRole("group", { name: "Permission request" });
const agentLine = (page: Page) => page.locator(".agent-line");
const denyOutcomes = (harness: Harness) =>
  harness.agentMessages().filter((m) => (m.result as { outcome?: { optionId?: string } } | undefined)?.outcome?.optionId === "reject_once");

/** Allowed, then denied: the card reads Denied, the turn ends, and nothing says Stopped. */
async function denyOneCall(page: Page): Promise<void> {
  await sendPrompt(page, "tool");
  const card = toolCard(page).last();
  await waitForText(card, "Awaiting approval");
  await approval(page).getByRole("button", { name: "Deny", exact: true }).click();
  await waitForTurnEnd(page);
  await waitForText(card, "Denied");
  expect(await card.getAttribute("data-status")).toBe("denied");
  expect(await transcript(page).locator(".notice", { hasText: "Stopped." }).count()).toBe(0);
  expect(denyOutcomes(h)).toHaveLength(1);
}

describe("the agent's name and a Deny", () => {
  it("goose: the panel says goose, and a Deny reads Denied", async () => {
    const page = await start();
    await waitForText(agentLine(page), "goose 1.50.0 is running");
    expect(await composer(page).getAttribute("aria-label")).toBe("Message goose");
    // A new, empty session says which mode the agent reports ("goose · approve mode"), not an assumed one.
    await openNewSession(page);
    await waitForText(page.locator(".empty"), /approve mode/);
    await denyOneCall(page);
  });

  it("a denied call still reads Denied after the browser is relaunched and the agent replays it as failed", async () => {
    let page = await start();
    await denyOneCall(page);
    await h.closeBrowser();
    h = await launch({ reuseDir: h.dir });
    page = await h.openPanel();
    // A new background and a new agent process: the card comes back from the replay alone.
    await waitForText(userBubbles(page), "tool", LONG);
    const card = toolCard(page).last();
    await waitForText(card, "Denied");
    expect(await card.getAttribute("data-status")).toBe("denied");
    expect(h.agentMessages().some((m) => m.method === "session/load")).toBe(true);
  });

  it("another agent that ends a denied turn cancelled: its own name everywhere, Denied, no Stopped.", async () => {
    // The profile is still called "goose": the name must come from the agent's initialize answer.
    const page = await start({
      agentEnv: { SCRIPTED_AGENT_IDENTITY: "other", SCRIPTED_AGENT_DENY_ENDS_TURN_CANCELLED: "1", GOOSE_MODE: "approve" },
    });
    await waitForText(agentLine(page), "scripted-other-agent 1.50.0 is running");
    expect(await composer(page).getAttribute("aria-label")).toBe("Message scripted-other-agent");
    await sendPrompt(page, "tool");
    await waitForText(approval(page), "Allow scripted-other-agent to run");
    await screenshot(page, "approval-other-agent");
    await approval(page).getByRole("button", { name: "Deny", exact: true }).click();
    await waitForTurnEnd(page);
    const card = toolCard(page).last();
    await waitForText(card, "Denied");
    expect(await card.getAttribute("data-status")).toBe("denied");
    // The agent really did end the turn as cancelled, without any Stop from the panel.
    const answers = h.agentMessages();
    expect(answers.some((m) => m.method === "session/cancel")).toBe(false);
    expect(denyOutcomes(h)).toHaveLength(1);
    expect(await transcript(page).locator(".notice").allInnerTexts()).toEqual([]);
    expect(await composer(page).getAttribute("placeholder")).toMatch(/^Ask scripted-other-agent…/);
    await screenshot(page, "denied-other-agent");
  });

  it("without goose, offers the other configured agent, and switching to it names it", async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "goose-browser-other-agent-"));
    onTestFinished(() => fs.rmSync(scratch, { recursive: true, force: true }));
    h = await launch({
      gooseCommand: "/nonexistent/bin/goose",
      extraProfiles: {
        "other-acp": { command: FAKE_GOOSE, args: ["acp"], env: { SCRIPTED_AGENT_IDENTITY: "other", SCRIPTED_AGENT_STATE_DIR: scratch } },
      },
    });
    // A folder chosen in the options page for the default profile stays when the panel switches agents.
    const folder = path.join(h.dir, "project");
    fs.mkdirSync(folder);
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    const picker = options.getByRole("region", { name: "Agent" });
    await picker.getByRole("textbox", { name: "Working folder" }).fill(folder, { timeout: LONG });
    await picker.getByRole("button", { name: "Use this agent" }).click();
    await expect
      .poll(() => h.worker.evaluate(() => chrome.storage.local.get("goose.agentChoice")))
      .toEqual({ "goose.agentChoice": { cwd: folder } });
    await options.close();
    const page = await h.openPanel();
    const status = page.getByRole("status").filter({ hasText: "goose was not found." });
    await status.waitFor({ timeout: LONG });
    // The install address is a link; the searched folders wait, folded, behind "Looked in".
    const link = status.getByRole("link", { name: /^https:\/\// });
    expect(await link.getAttribute("href")).toMatch(/^https:\/\/block\.github\.io\/goose\//);
    expect(await status.locator("details").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await screenshot(page, "not-found-alternatives");
    await status.getByRole("button", { name: "Use other-acp instead" }).click();
    await waitForReady(page);
    await waitForText(agentLine(page), "scripted-other-agent 1.50.0 is running");
    expect(await composer(page).getAttribute("aria-label")).toBe("Message scripted-other-agent");
    expect(await h.worker.evaluate(() => chrome.storage.local.get("goose.agentChoice"))).toEqual({
      "goose.agentChoice": { profile: "other-acp", cwd: folder },
    });
    await expect.poll(() => fs.readFileSync(h.hostLog, "utf8")).toMatch(new RegExp(`starting agent other-acp: .* in ${folder}`));
  });
});
