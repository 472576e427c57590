/**
 * Conversation control in Firefox, the agent as claude-agent-acp (session/fork) or codex-acp
 * (`_session/steering`): the edit goes out in a fork of the session, and the fork reopened from
 * History shows what it showed live; Steer goes through `_session/steering` and falls back to the queue.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import {
  AGENT_BUBBLES,
  byRole,
  COMPOSER,
  click,
  find,
  LONG,
  STOP,
  screenshot,
  sendPrompt,
  TRANSCRIPT,
  texts,
  USER_BUBBLES,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "./panel";

let harness: FirefoxHarness | undefined;

afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});

describe("Firefox: edit and resend", () => {
  it("edits an earlier message and sends it in a fork of the session", async () => {
    harness = await launchFirefox({ agentEnv: { SCRIPTED_AGENT_IDENTITY: "claude" } });
    const page = await harness.openPanel();
    await waitForReady(page);
    for (const text of ["echo one", "echo two"]) {
      await sendPrompt(page, text);
      await waitForTurnEnd(page);
    }
    const parentId = harness.agentMessages().find((m) => m.method === "session/prompt")!.params!.sessionId;

    const first = (await page.$$(`${TRANSCRIPT} .user-turn`))[0]!;
    await first.hover();
    const edit = await first.waitForSelector(byRole("button", "Edit"));
    await edit!.click();
    const box = await find(page, byRole("textbox", "Edited message"));
    await box.click();
    await page.keyboard.down("Control");
    await page.keyboard.press("a");
    await page.keyboard.up("Control");
    await box.type("echo uno");
    await screenshot(page, "firefox-edit");
    await click(page, byRole("button", "Send in a fork"));

    await waitForText(page, `${TRANSCRIPT} .notice`, "Forked from “echo one” to edit your message 1.");
    await waitForText(page, AGENT_BUBBLES, JSON.stringify({ type: "text", text: "echo uno" }));
    await waitForTurnEnd(page);
    expect(await texts(page, USER_BUBBLES)).toEqual(["echo uno"]);
    expect((await texts(page, TRANSCRIPT)).join("")).not.toContain("echo two");
    const fork = harness.agentMessages().find((m) => m.method === "session/fork");
    expect(fork?.params?.sessionId).toBe(parentId);
    const last = harness.agentMessages().findLast((m) => m.method === "session/prompt")!;
    expect(last.params!.sessionId).not.toBe(parentId);
    expect((last.params!.prompt as { text: string }[])[0]).toEqual({ type: "text", text: "echo uno" });

    // Its tab closed and the fork reopened from History: the agent replays its copy (the parent's two
    // turns, then the edit with the note), and the panel hides what the fork withdrew.
    // The fork's tab is the last.
    await (await page.$$(".session-tab__close")).at(-1)!.click();
    await expect.poll(async () => (await page.$$('[role="tab"]')).length, { timeout: LONG }).toBe(1);
    await click(page, byRole("button", "History"));
    const history = '[aria-label="Session history"]';
    await find(page, history);
    await click(page, `${history} li:has(.history__fork) .history__open`);
    await waitForText(page, AGENT_BUBBLES, JSON.stringify({ type: "text", text: "echo uno" }));
    await waitForReady(page);
    expect(harness.agentMessages().filter((m) => m.method === "session/load")).toHaveLength(1);
    expect(await texts(page, USER_BUBBLES)).toEqual(["echo uno"]);
    expect((await texts(page, AGENT_BUBBLES)).join("")).not.toContain('"text":"echo two"');
  });
});

describe("Firefox: steering through _session/steering", () => {
  it("adds an injected message to the running turn and queues one the agent answers promptRequired", async () => {
    harness = await launchFirefox({ agentEnv: { SCRIPTED_AGENT_IDENTITY: "other", SCRIPTED_AGENT_STEER: "session-steering" } });
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hold");
    await find(page, STOP);
    await waitForText(page, AGENT_BUBBLES, /tick [1-9]/);
    const steering = () => harness!.agentMessages().filter((m) => m.method === "_session/steering");
    for (const [i, text] of ["look at the tests too", "promptRequired echo later"].entries()) {
      const box = await find(page, COMPOSER);
      await box.type(text);
      await click(page, byRole("button", "Steer"));
      await expect.poll(() => steering().length, { timeout: LONG }).toBe(i + 1);
    }
    await waitForText(page, USER_BUBBLES, "Added to the running turn");
    await waitForText(page, AGENT_BUBBLES, "steered: look at the tests too");
    const queued = async () => (await texts(page, ".queue .queue__item .queue__chip")).map((t) => t.trim());
    await expect.poll(queued, { timeout: LONG }).toEqual(["promptRequired echo later"]);
    expect(steering()[0]!.params).toMatchObject({ _meta: { steering: { idleBehavior: "promptRequired" } } });

    fs.writeFileSync(path.join(harness.workDir, "release"), "");
    const prompts = () =>
      harness!
        .agentMessages()
        .filter((m) => m.method === "session/prompt")
        .map((m) => (m.params!.prompt as { text: string }[])[0]!.text);
    await expect.poll(prompts, { timeout: LONG }).toEqual(["hold", "promptRequired echo later"]);
    await waitForTurnEnd(page);
  });
});
