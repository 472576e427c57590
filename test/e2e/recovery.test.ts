/** The agent dying under the panel: what the user is told, and how Restart brings the session back. */

import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Harness } from "../helpers/chromium/harness";
import {
  agentBubbles,
  LONG,
  screenshot,
  sendPrompt,
  stopButton,
  transcript,
  userBubbles,
  visibleRatio,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

const echoed = (prompt: string) => JSON.stringify({ type: "text", text: prompt });

/** Whether `needle` inside `box` (a scrolling element) is within the box's visible area. */
async function textInView(box: Locator, needle: string): Promise<boolean> {
  return box.evaluate((el, needle) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(needle);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      const r = range.getBoundingClientRect();
      const v = el.getBoundingClientRect();
      return r.bottom > v.top && r.top < v.bottom && r.height > 0;
    }
    return false;
  }, needle);
}

function promptedSession(h: Harness): string {
  const prompt = h.agentMessages().find((m) => m.method === "session/prompt");
  if (!prompt) throw new Error("the agent never got a prompt");
  return (prompt.params as { sessionId: string }).sessionId;
}

describe("agent death", () => {
  it("says the agent crashed mid-turn, ends the turn, and Restart restores the session", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "crash");

    const status = page.getByRole("status");
    await waitForText(status, "goose crashed (an internal error)");
    await waitForText(status, "exit code 101");
    // The panic is shown as evidence.
    await waitForText(status, "scripted crash requested by the prompt");
    // The turn is over: no Stop, and the transcript marks where it ended (the card says why, once).
    await stopButton(page).waitFor({ state: "detached", timeout: LONG });
    await waitForText(transcript(page).locator(".notice"), "The agent stopped before the turn finished.");
    const sessionId = promptedSession(harness);
    await screenshot(page, "recovery-crashed");

    const loadsBefore = harness.agentMessages().filter((m) => m.method === "session/load").length;
    await status.getByRole("button", { name: "Restart" }).click();
    await waitForReady(page);
    await waitForText(page.getByRole("status"), "is running");
    // Restored by session/load in the new agent process: the replay brings back what was said.
    await expect
      .poll(() => harness!.agentMessages().filter((m) => m.method === "session/load").length, { timeout: LONG })
      .toBe(loadsBefore + 1);
    expect(
      harness
        .agentMessages()
        .filter((m) => m.method === "session/load")
        .at(-1)!.params,
    ).toMatchObject({ sessionId });
    await waitForText(userBubbles(page), "crash");
    await waitForText(agentBubbles(page), "Working on it");
    // What the user saw stays as they saw it: the crash notice too, and nothing twice.
    expect(await transcript(page).locator(".notice", { hasText: "stopped before the turn finished" }).count()).toBe(1);
    expect(await userBubbles(page).allInnerTexts()).toEqual(["crash"]);
    expect(await agentBubbles(page).count()).toBe(1);
    await screenshot(page, "recovery-restored");

    await sendPrompt(page, "echo alive again");
    await waitForText(agentBubbles(page), echoed("echo alive again"));
    await waitForTurnEnd(page);
    const prompts = harness.agentMessages().filter((m) => m.method === "session/prompt");
    expect((prompts.at(-1)!.params as { sessionId: string }).sessionId).toBe(sessionId);
  });

  it("says the agent was killed when its process dies by a signal mid-turn", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "slow 30");
    await waitForText(agentBubbles(page), "tick 3");
    expect(harness.killAgent("SIGKILL").length).toBeGreaterThan(0);

    await waitForText(page.getByRole("status"), "goose stopped unexpectedly (it was killed).");
    // The system's own word stays in the facts, for whoever needs it.
    await waitForText(page.getByRole("status"), "signal SIGKILL");
    await stopButton(page).waitFor({ state: "detached", timeout: LONG });
    await screenshot(page, "recovery-killed");
    const stoppedAt = await agentBubbles(page).last().innerText();

    await page.getByRole("button", { name: "Restart" }).click();
    await waitForReady(page);
    // The replay holds what the agent had recorded; the live ticks after the kill never came.
    await waitForText(userBubbles(page), "slow 30");
    expect(stoppedAt).not.toContain("tick 30");
    await sendPrompt(page, "echo after the kill");
    await waitForText(agentBubbles(page), echoed("echo after the kill"));
    await waitForTurnEnd(page);
  });

  it("keeps the conversation on screen next to the crash report", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "crash");
    await waitForText(page.getByRole("status"), "crashed (an internal error)");
    const notice = transcript(page).locator(".notice").last();
    await waitForText(notice, "stopped before the turn finished");
    const sizes = {
      transcriptHeight: (await transcript(page).boundingBox())?.height ?? 0,
      notice: await visibleRatio(notice),
      prompt: await visibleRatio(userBubbles(page).last()),
    };
    if (sizes.notice === 0) await screenshot(page, "recovery-crashed-transcript-hidden");
    // What the user asked and how the turn ended must still be readable, not squeezed away by the card.
    expect.soft(sizes.transcriptHeight, JSON.stringify(sizes)).toBeGreaterThan(80);
    expect.soft(sizes.notice, JSON.stringify(sizes)).toBeGreaterThan(0);
    // The evidence that matters is the panic at the end of the agent's output: it must be in view.
    expect
      .soft(await textInView(page.getByRole("status").locator("pre"), "panicked at"), "the panic line is scrolled out of view")
      .toBe(true);
  });
});
