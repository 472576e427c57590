/**
 * The transcript outlives the panel's document (reload, two panels), and sessions outlive the
 * browser: History reopens them through session/load, and a relaunch restores the active one.
 */

import { describe, expect, it } from "vitest";
import {
  agentBubbles,
  LONG,
  openHistory,
  openNewSession,
  screenshot,
  sendPrompt,
  stopButton,
  transcript,
  userBubbles,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

function lastTick(text: string): number {
  return Math.max(0, ...[...text.matchAll(/tick (\d+)/g)].map((m) => Number(m[1])));
}

/** The text `echo` answers for a one-block prompt: the block as JSON. */
const echoed = (prompt: string) => JSON.stringify({ type: "text", text: prompt });

describe("the transcript across panel documents", () => {
  it("survives a reload mid-turn, and the turn finishes in the reloaded panel", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "slow 3");
    await waitForText(agentBubbles(page), "tick 5");

    await h.reloadPanel(page);
    // Straight from the background's snapshot: the prompt, the ticks so far, and the running turn.
    await waitForText(userBubbles(page), "slow 3");
    await waitForText(agentBubbles(page), "tick 5");
    await stopButton(page).waitFor();
    const afterReload = lastTick(await agentBubbles(page).last().innerText());
    expect(afterReload).toBeLessThan(30);
    await screenshot(page, "sessions-reloaded-mid-turn");

    await waitForTurnEnd(page);
    // The message's text only (the bubble also holds its Copy button).
    const final = await agentBubbles(page).last().locator(".md").innerText();
    expect(lastTick(final)).toBe(30);
    // Every tick exactly once: nothing lost or doubled around the reload.
    expect(final.trim()).toBe(Array.from({ length: 30 }, (_, i) => `tick ${i + 1}`).join(" "));
    expect(await userBubbles(page).count()).toBe(1);
  });

  it("shows the same live text in two panels at once", async () => {
    const h = await launch();
    const one = await h.openPanel();
    await waitForReady(one);
    await sendPrompt(one, "slow 3");
    await waitForText(agentBubbles(one), "tick 2");
    const two = await h.openPanel();
    // The second panel joins mid-turn and follows along while the turn still runs.
    await waitForText(agentBubbles(two), "tick 2");
    await stopButton(two).waitFor();
    await waitForText(agentBubbles(two), "tick 15");
    await waitForText(agentBubbles(one), "tick 15");
    expect(await stopButton(one).isVisible()).toBe(true);
    expect(await stopButton(two).isVisible()).toBe(true);

    await waitForTurnEnd(one);
    await waitForTurnEnd(two);
    const [a, b] = [await transcript(one).innerText(), await transcript(two).innerText()];
    expect(lastTick(a)).toBe(30);
    expect(b).toBe(a);
  });
});

describe("sessions", () => {
  it("lists both sessions in History, and opening one shows its tab", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await waitForReady(page);

    await sendPrompt(page, "echo alpha first session");
    await waitForText(agentBubbles(page), "alpha first session");
    await waitForTurnEnd(page);
    await openNewSession(page);
    await transcript(page).waitFor({ state: "detached", timeout: LONG });
    await waitForReady(page);
    await sendPrompt(page, "echo beta second session");
    await waitForText(agentBubbles(page), "beta second session");
    await waitForTurnEnd(page);
    expect(await transcript(page).innerText()).not.toContain("alpha");

    await openHistory(page);
    const history = page.getByRole("region", { name: "Session history" });
    const alpha = history.getByRole("button", { name: "echo alpha first session", exact: true });
    const beta = history.getByRole("button", { name: "echo beta second session", exact: true });
    await alpha.waitFor({ timeout: LONG });
    await beta.waitFor({ timeout: LONG });
    // Newest first.
    const titles = await history.locator(".history__title").allInnerTexts();
    expect(titles).toEqual(["echo beta second session", "echo alpha first session"]);
    await screenshot(page, "sessions-history");

    await alpha.click();
    await waitForText(userBubbles(page), "echo alpha first session");
    await waitForText(agentBubbles(page), echoed("echo alpha first session"));
    expect(await transcript(page).innerText()).not.toContain("beta");
    expect(await userBubbles(page).count()).toBe(1);
    expect(await agentBubbles(page).count()).toBe(1);
    // Both are open tabs, so the session is still in memory: shown without a replay.
    expect(h.agentMessages().filter((m) => m.method === "session/load")).toHaveLength(0);
    await screenshot(page, "sessions-reopened");

    await openHistory(page);
    await page
      .getByRole("region", { name: "Session history" })
      .getByRole("button", { name: "echo beta second session", exact: true })
      .click();
    await waitForText(agentBubbles(page), echoed("echo beta second session"));
    expect(await transcript(page).innerText()).not.toContain("alpha");
    expect(await userBubbles(page).count()).toBe(1);

    // The reopened session takes new prompts.
    await sendPrompt(page, "echo beta again");
    await waitForText(agentBubbles(page), echoed("echo beta again"));
    await waitForTurnEnd(page);
    expect(await userBubbles(page).count()).toBe(2);
  });

  it("restores the active session after the browser is closed and relaunched", async () => {
    const first = await launch();
    let page = await first.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo remember me");
    await waitForText(agentBubbles(page), echoed("echo remember me"));
    await waitForTurnEnd(page);
    const sessionId = (first.agentMessages().find((m) => m.method === "session/prompt")!.params as { sessionId: string }).sessionId;

    await first.closeBrowser();
    const second = await launch({ reuseDir: first.dir });
    const loadsBefore = second.agentMessages().filter((m) => m.method === "session/load").length;
    page = await second.openPanel();
    // No click: the panel comes back with the transcript, replayed by a new agent process.
    await waitForText(userBubbles(page), "echo remember me", LONG);
    await waitForText(agentBubbles(page), echoed("echo remember me"));
    await waitForReady(page);
    const loads = second.agentMessages().filter((m) => m.method === "session/load");
    expect(loads.length).toBe(loadsBefore + 1);
    expect(loads.at(-1)!.params).toMatchObject({ sessionId, cwd: second.workDir });
    await screenshot(page, "sessions-restored");

    await sendPrompt(page, "echo still here");
    await waitForText(agentBubbles(page), echoed("echo still here"));
    await waitForTurnEnd(page);
    const prompts = second.agentMessages().filter((m) => m.method === "session/prompt");
    expect((prompts.at(-1)!.params as { sessionId: string }).sessionId).toBe(sessionId);
  });
});

describe("long sessions", () => {
  it("opens a 300-message session showing its newest entries, and brings older ones in as the user scrolls up", async () => {
    const { writeLongSession } = await import("../helpers/chromium/long-session");
    const h = await launch();
    const sessionId = writeLongSession(h, "Long one", 300);
    const page = await h.openPanel();
    await waitForReady(page);
    await page.getByRole("button", { name: "History" }).click();
    await page.getByRole("button", { name: "Long one", exact: true }).click();
    const log = page.getByRole("log", { name: "Conversation" });
    await waitForText(log, "This is message 300.");
    const rendered = () => log.locator(".message").count();
    expect(await rendered()).toBe(60);
    expect(await log.innerText()).not.toContain("Question 1:");
    // Scrolling to the top adds a page above, and the entry the user was looking at stays put.
    const oldest = await log.locator(".message").first().innerText();
    await log.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(rendered).toBeGreaterThanOrEqual(120);
    const same = log.locator(".message", { hasText: oldest }).first();
    const box = await same.boundingBox();
    const logBox = await log.boundingBox();
    expect(box!.y - logBox!.y).toBeGreaterThan(-5);
    expect(box!.y - logBox!.y).toBeLessThan(120);
    expect(await log.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await page
      .getByRole("button", { name: /^Show \d+ earlier of/ })
      .first()
      .waitFor();
    expect(
      h
        .agentMessages()
        .filter((m) => m.method === "session/load")
        .map((m) => m.params?.sessionId),
    ).toEqual([sessionId]);
  });
});
