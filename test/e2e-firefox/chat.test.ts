/** Chatting in Firefox: a streamed answer, Stop, and an approval, through the real host to the scripted agent. */
import { afterEach, describe, expect, it } from "vitest";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import {
  AGENT_BUBBLES,
  byRole,
  click,
  find,
  LONG,
  NOTICES,
  openNewSession,
  SEND,
  STOP,
  screenshot,
  sendPrompt,
  texts,
  toolCard,
  waitForGone,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "./panel";

let harness: FirefoxHarness | undefined;

afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});

/** "tick 1 tick 2 … tick n": the number of the last tick shown. */
function lastTick(text: string | undefined): number {
  return Math.max(0, ...[...(text ?? "").matchAll(/tick (\d+)/g)].map((m) => Number(m[1])));
}

describe("Firefox: chat", () => {
  it("streams the answer while Stop is offered; Stop ends the turn, and the agent receives session/cancel for it", async () => {
    harness = await launchFirefox();
    const page = await harness.openPanel();
    await waitForReady(page);
    // "hold" streams a tick every 100 ms until the file "release" appears in the agent's folder: only Stop ends it here.
    await sendPrompt(page, "hold");
    await find(page, STOP);
    expect(await page.$(SEND)).toBeNull();

    await waitForText(page, AGENT_BUBBLES, /tick [1-9]\b/);
    const reply = async () => lastTick((await texts(page, AGENT_BUBBLES)).at(-1));
    const first = await reply();
    await expect.poll(reply, { timeout: LONG, message: "the answer stopped growing" }).toBeGreaterThan(first);
    expect(await page.$(STOP)).not.toBeNull();
    await screenshot(page, "chat-streaming");

    await click(page, STOP);
    await waitForText(page, NOTICES, "Stopped.");
    await find(page, SEND);
    await waitForGone(page, STOP);
    const prompt = harness.agentMessages().find((m) => m.method === "session/prompt");
    const cancels = harness.agentMessages().filter((m) => m.method === "session/cancel");
    expect(cancels).toHaveLength(1);
    // A notification (no id), for the session whose turn ran.
    expect(cancels[0]).not.toHaveProperty("id");
    expect(cancels[0]!.params).toEqual({ sessionId: prompt?.params?.sessionId });
    // Nothing more streams in after the stop: a whole second turn later the stopped answer is unchanged.
    const stopped = (await texts(page, AGENT_BUBBLES))[0];
    await sendPrompt(page, "echo after the stop");
    await waitForText(page, AGENT_BUBBLES, "after the stop");
    await waitForTurnEnd(page);
    expect((await texts(page, AGENT_BUBBLES))[0]).toBe(stopped);
  });

  it("writes a long code block in groups of lines, as tall while open as once closed, then highlights it", async () => {
    harness = await launchFirefox();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "code 400 10");
    // Each line's height in the agent's last code block, from its height, padding and lines; and its groups (live-code.ts).
    const block = () =>
      page.evaluate(() => {
        const pre = [...document.querySelectorAll<HTMLElement>(".message--agent pre")].at(-1);
        if (!pre) return null;
        const style = getComputedStyle(pre);
        const lines = (pre.textContent ?? "").split("\n").length;
        const height = pre.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
        return {
          groups: pre.querySelectorAll(".md-lines").length,
          lines,
          each: height / lines,
          keywords: pre.querySelectorAll(".hljs-keyword").length,
        };
      });
    await expect
      .poll(async () => (await block())?.groups ?? 0, { timeout: LONG, message: "the open block never grew in groups" })
      .toBeGreaterThan(1);
    const open = (await block())!;
    await waitForText(page, AGENT_BUBBLES, "That is the file.");
    await waitForTurnEnd(page);
    await expect
      .poll(async () => (await block())?.keywords ?? 0, { timeout: LONG, message: "the closed block was never highlighted" })
      .toBeGreaterThan(0);
    const closed = (await block())!;
    expect(closed.groups).toBe(0);
    expect(closed.lines).toBeGreaterThan(open.lines);
    // The open block is as tall as its lines would be once closed, within a pixel in all: per line, a
    // fraction of a pixel spread over the few lines streamed when it was measured (load decides how few).
    expect(Math.abs(open.each - closed.each) * open.lines).toBeLessThan(1);
  });

  it("asks before running a tool, and answers the agent with the option the user chose", async () => {
    harness = await launchFirefox({ captureAgentStdout: true });
    const page = await harness.openPanel();
    await waitForReady(page);
    await openNewSession(page);
    // New sessions are switched to goose's approve mode.
    await expect
      .poll(async () => (await find(page, byRole("combobox", "Mode"))).evaluate((el) => (el as HTMLSelectElement).value), { timeout: LONG })
      .toBe("approve");

    await sendPrompt(page, "tool");
    const card = toolCard("developer: shell · ls -la");
    await waitForText(page, card, "Awaiting approval");
    const request = `${card} [aria-label="Permission request"]`;
    const allow = `${request} ${byRole("button", "Allow once")}`;
    await find(page, allow);
    await screenshot(page, "chat-approval-pending");
    await click(page, allow);

    await waitForText(page, `${card} .tool__status`, "Done");
    await waitForTurnEnd(page);
    await waitForText(page, AGENT_BUBBLES, "Everything looks in order.");
    expect(await page.$(request)).toBeNull();

    // The agent got exactly the chosen option, as the answer to its own request.
    const asked = harness.agentOutput().filter((m) => m.method === "session/request_permission");
    expect(asked).toHaveLength(1);
    const answer = harness.agentMessages().find((m) => m.method === undefined && m.id === asked[0]!.id);
    expect(answer?.result).toEqual({ outcome: { outcome: "selected", optionId: "allow_once" } });
  });
});
