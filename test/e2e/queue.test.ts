/**
 * Typing while the agent works: the queue (edit, remove, a panel reload mid-turn, each message out
 * once and in order), steering into the running turn (goose's steer method, claude-agent-acp's
 * prompt queueing, the adapters' `_session/steering`) and its absence, "Send now", and a held queue after Stop.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Harness } from "../helpers/chromium/harness";
import {
  agentBubbles,
  composer,
  LONG,
  screenshot,
  sendPrompt,
  stopButton,
  userBubbles,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

const queueList = (page: Page) => page.getByRole("region", { name: "Queued messages" });
const queuedItems = (page: Page) => queueList(page).locator(".queue__item");
const queuedTexts = async (page: Page) => (await queuedItems(page).locator(".queue__chip").allInnerTexts()).map((t) => t.trim());
/** Runs an action from the menu of the queued message at `index` (its chip). */
async function queuedAction(page: Page, index: number, action: string): Promise<void> {
  await queuedItems(page)
    .nth(index)
    .getByRole("button", { name: /^Queued \d+:/ })
    .click();
  await page.getByRole("menu").getByRole("menuitem", { name: action, exact: true }).click();
}
const steerButton = (page: Page) => page.getByRole("button", { name: "Steer", exact: true });

/** Types `text` and presses Enter while a turn runs: the message joins the queue. */
async function queue(page: Page, text: string): Promise<void> {
  const before = await queuedItems(page).count();
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect.poll(() => queuedItems(page).count(), { timeout: LONG }).toBe(before + 1);
}

/** The first text of every session/prompt the agent received, in order. */
function promptsSent(harness: Harness): string[] {
  return harness
    .agentMessages()
    .filter((m) => m.method === "session/prompt")
    .map((m) => {
      const prompt = (m.params?.prompt ?? []) as Array<{ type: string; text?: string }>;
      return prompt.find((b) => b.type === "text")?.text ?? "";
    });
}

function release(harness: Harness, name = "release"): void {
  fs.writeFileSync(path.join(harness.workDir, name), "");
}

describe("queue", () => {
  it("queues three messages during a long turn; one edited, one removed, the panel reloaded mid-turn: the other two go out in order after the turn, once each", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hold");
    await stopButton(page).waitFor();
    await waitForText(agentBubbles(page), /tick [1-9]/);

    await queue(page, "echo first");
    await queue(page, "echo second");
    await queue(page, "echo third");
    expect(await queuedTexts(page)).toEqual(["echo first", "echo second", "echo third"]);
    // Nothing went out yet: the turn still runs.
    expect(promptsSent(harness)).toEqual(["hold"]);

    await queuedAction(page, 1, "Edit");
    const editor = queuedItems(page).nth(1).getByRole("textbox", { name: "Edit queued message" });
    await editor.fill("echo second, edited");
    await editor.press("Enter");
    await expect.poll(() => queuedTexts(page)).toEqual(["echo first", "echo second, edited", "echo third"]);
    await queuedAction(page, 0, "Remove");
    await expect.poll(() => queuedTexts(page)).toEqual(["echo second, edited", "echo third"]);
    await screenshot(page, "queue-edited");

    // The queue lives in the background: a reloaded panel shows it, the turn still running.
    await harness.reloadPanel(page);
    await stopButton(page).waitFor({ timeout: LONG });
    await expect.poll(() => queuedTexts(page), { timeout: LONG }).toEqual(["echo second, edited", "echo third"]);

    release(harness);
    await expect.poll(() => promptsSent(harness), { timeout: LONG }).toEqual(["hold", "echo second, edited", "echo third"]);
    await waitForTurnEnd(page);
    await expect.poll(() => queuedItems(page).count()).toBe(0);
    await waitForText(agentBubbles(page), "echo third");
    expect(await userBubbles(page).allInnerTexts()).toEqual(["hold", "echo second, edited", "echo third"]);
    // Once each: nothing more goes out later.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(promptsSent(harness)).toEqual(["hold", "echo second, edited", "echo third"]);
  });

  it("keeps the queue over a browser restart (a new background and agent): held, it says why, and its Send sends each message once", async () => {
    const first = await launch();
    let page = await first.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hold");
    await stopButton(page).waitFor();
    await queue(page, "echo kept one");
    await queue(page, "echo kept two");
    await first.closeBrowser();

    const second = await launch({ reuseDir: first.dir });
    page = await second.openPanel();
    await waitForText(userBubbles(page), "hold", LONG);
    await waitForReady(page);
    const held = queueList(page).getByRole("status");
    await waitForText(held, "The agent restarted: 2 queued messages wait.");
    expect(await queuedTexts(page)).toEqual(["echo kept one", "echo kept two"]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(promptsSent(second)).toEqual(["hold"]);

    await held.getByRole("button", { name: "Send the queued messages" }).click();
    await expect.poll(() => promptsSent(second), { timeout: LONG }).toEqual(["hold", "echo kept one", "echo kept two"]);
    await waitForText(agentBubbles(page), "echo kept two");
    await waitForTurnEnd(page);
    expect(await queuedItems(page).count()).toBe(0);
  });

  it("holds the queue after Stop and says so; its Send sends the next message", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hold");
    await stopButton(page).waitFor();
    await queue(page, "echo after stop");
    await stopButton(page).click();
    await waitForTurnEnd(page);
    const held = queueList(page).getByRole("status");
    await waitForText(held, "The turn was stopped: 1 queued message waits.");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(promptsSent(harness)).toEqual(["hold"]);

    await held.getByRole("button", { name: "Send the queued messages" }).click();
    await expect.poll(() => promptsSent(harness), { timeout: LONG }).toEqual(["hold", "echo after stop"]);
    await waitForText(agentBubbles(page), "echo after stop");
    await expect.poll(() => queuedItems(page).count()).toBe(0);
  });

  it("Send now, with an agent that cannot take a message mid-turn, stops the turn and sends that message", async () => {
    const harness = await launch({ agentEnv: { SCRIPTED_AGENT_STEER: "off", SCRIPTED_AGENT_IDENTITY: "other" } });
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hold");
    await stopButton(page).waitFor();
    await queue(page, "echo later");
    await queue(page, "echo now");
    await queuedAction(page, 1, "Send now");
    await expect.poll(() => promptsSent(harness), { timeout: LONG }).toEqual(["hold", "echo now", "echo later"]);
    expect(harness.agentMessages().some((m) => m.method === "session/cancel")).toBe(true);
    await waitForText(agentBubbles(page), "echo later");
    expect(await userBubbles(page).allInnerTexts()).toEqual(["hold", "echo now", "echo later"]);
  });
});

describe("steer", () => {
  it("goose: Steer adds the message to the running turn through goose's steer method, shown where it went in", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hold");
    await waitForText(agentBubbles(page), /tick [1-9]/);
    await steerButton(page).waitFor({ timeout: LONG });
    await composer(page).fill("look at the tests too");
    await steerButton(page).click();

    const steered = userBubbles(page).filter({ hasText: "look at the tests too" });
    await waitForText(steered, "Added to the running turn");
    await waitForText(agentBubbles(page), "steered: look at the tests too");
    const steer = harness.agentMessages().find((m) => m.method === "_goose/unstable/session/steer");
    expect(steer?.params).toMatchObject({ prompt: [{ type: "text", text: "look at the tests too" }] });
    expect(typeof steer?.params?.expectedRunId).toBe("string");
    await screenshot(page, "steer-goose");

    release(harness);
    await waitForTurnEnd(page);
    await waitForText(agentBubbles(page), "released");
    // One turn, one prompt; goose's echo of the message is not shown a second time.
    expect(promptsSent(harness)).toEqual(["hold"]);
    expect(await steered.count()).toBe(1);
    // The steered message sits between the ticks before it and the agent's answer to it.
    const texts = await page.locator(".message").allInnerTexts();
    const at = texts.findIndex((t) => t.includes("look at the tests too") && t.includes("Added to the running turn"));
    expect(texts.slice(0, at).some((t) => /tick \d/.test(t))).toBe(true);
    expect(texts.slice(at + 1).some((t) => t.includes("steered: look at the tests too"))).toBe(true);
  });

  it("claude-agent-acp's prompt queueing: Steer sends a second session/prompt that joins the turn, which ends once both answered", async () => {
    const harness = await launch({ agentEnv: { SCRIPTED_AGENT_IDENTITY: "other", SCRIPTED_AGENT_STEER: "prompt-queueing" } });
    const page = await harness.openPanel();
    await waitForReady(page);
    const init = harness.agentMessages().find((m) => m.method === "initialize");
    expect(init?.params?.clientCapabilities).toMatchObject({ session: { notices: {}, compaction: {} } });
    await sendPrompt(page, "hold");
    await steerButton(page).waitFor({ timeout: LONG });
    await composer(page).fill("and the docs");
    await steerButton(page).click();
    await waitForText(userBubbles(page).filter({ hasText: "and the docs" }), "Added to the running turn");
    await waitForText(agentBubbles(page), "steered: and the docs");
    expect(promptsSent(harness)).toEqual(["hold", "and the docs"]);
    expect(await stopButton(page).isVisible()).toBe(true);
    release(harness);
    await waitForTurnEnd(page);
    expect(await queuedItems(page).count()).toBe(0);
  });

  it("without steering there is no Steer, and Send queues; a goose that refuses the steer method gets the message queued instead", async () => {
    const other = await launch({ agentEnv: { SCRIPTED_AGENT_IDENTITY: "other" } });
    let page = await other.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hold");
    await stopButton(page).waitFor();
    await waitForText(agentBubbles(page), /tick [1-9]/);
    expect(await steerButton(page).count()).toBe(0);
    await queue(page, "echo queued");
    release(other);
    await expect.poll(() => promptsSent(other), { timeout: LONG }).toEqual(["hold", "echo queued"]);
    await other.closeBrowser();

    const goose = await launch({ agentEnv: { SCRIPTED_AGENT_STEER: "off" } });
    page = await goose.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hold");
    // goose announces its run, so Steer is offered; this goose answers the method "not found".
    await steerButton(page).waitFor({ timeout: LONG });
    await composer(page).fill("echo fallback");
    await steerButton(page).click();
    await expect.poll(() => queuedTexts(page), { timeout: LONG }).toEqual(["echo fallback"]);
    await steerButton(page).waitFor({ state: "detached" });
    release(goose);
    await expect.poll(() => promptsSent(goose), { timeout: LONG }).toEqual(["hold", "echo fallback"]);
  });

  it("codex-acp and claude-agent-acp's _session/steering, where advertised: injected goes in, promptRequired and failed queue, startedNewTurn went in", async () => {
    const harness = await launch({ agentEnv: { SCRIPTED_AGENT_IDENTITY: "other", SCRIPTED_AGENT_STEER: "session-steering" } });
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hold");
    await steerButton(page).waitFor({ timeout: LONG });
    const steered = ["look at the tests too", "startedNewTurn and the docs", "promptRequired echo later", "failed echo last"];
    for (const [i, text] of steered.entries()) {
      await composer(page).fill(text);
      await steerButton(page).click();
      await expect
        .poll(() => harness.agentMessages().filter((m) => m.method === "_session/steering").length, { timeout: LONG })
        .toBe(i + 1);
    }
    await waitForText(userBubbles(page).filter({ hasText: "look at the tests too" }), "Added to the running turn");
    await waitForText(userBubbles(page).filter({ hasText: "startedNewTurn and the docs" }), "Added to the running turn");
    await waitForText(agentBubbles(page), "steered: look at the tests too");
    // The two the agent did not take wait in the queue for the turn's end.
    await expect.poll(() => queuedTexts(page), { timeout: LONG }).toEqual(["promptRequired echo later", "failed echo last"]);
    const steering = harness.agentMessages().filter((m) => m.method === "_session/steering");
    expect(steering.map((m) => (m.params?.prompt as { text: string }[])[0]!.text)).toEqual(steered);
    expect(steering[0]!.params).toMatchObject({
      prompt: [{ type: "text", text: "look at the tests too" }],
      _meta: { steering: { idleBehavior: "promptRequired" } },
    });
    expect(promptsSent(harness)).toEqual(["hold"]);
    await screenshot(page, "steer-session-steering");

    release(harness);
    await expect.poll(() => promptsSent(harness), { timeout: LONG }).toEqual(["hold", "promptRequired echo later", "failed echo last"]);
    await waitForText(userBubbles(page), "failed echo last");
    await waitForTurnEnd(page);
    expect(await userBubbles(page).filter({ hasText: "look at the tests too" }).count()).toBe(1);
  });
});
