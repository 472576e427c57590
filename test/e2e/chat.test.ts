/** Chatting in the side panel: sending, streaming, Stop, and approving a tool call. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { LoggedMessage } from "../helpers/chromium/harness";
import {
  agentBubbles,
  composer,
  distanceFromBottom,
  expectInViewport,
  LONG,
  openNewSession,
  screenshot,
  sendButton,
  sendPrompt,
  stopButton,
  toolCard,
  transcript,
  userBubbles,
  visibleRatio,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

/** "tick 1 tick 2 … tick n": the number of the last tick shown. */
function lastTick(text: string): number {
  const ticks = [...text.matchAll(/tick (\d+)/g)].map((m) => Number(m[1]));
  return ticks.length ? Math.max(...ticks) : 0;
}

describe("chat", () => {
  it("sends on Enter, streams the answer while Stop is offered, and gives Send back after", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);

    // Shift+Enter is a new line, not a send.
    const box = composer(page);
    await box.fill("hold");
    await box.press("Shift+Enter");
    await expect.poll(() => box.inputValue()).toBe("hold\n");
    expect(await userBubbles(page).count()).toBe(0);
    await box.pressSequentially("done");
    expect(await sendButton(page).isEnabled()).toBe(true);
    await box.press("Enter");

    // The user's bubble shows what was typed, line break included; the box is cleared.
    await waitForText(userBubbles(page), "hold");
    expect(await userBubbles(page).first().innerText()).toBe("hold\ndone");
    expect(await box.inputValue()).toBe("");
    await stopButton(page).waitFor();
    expect(await sendButton(page).count()).toBe(0);

    // The answer grows across reads while the turn still runs ("hold done" streams until the file
    // "done" appears in the agent's folder, however slow this machine is).
    const reply = agentBubbles(page).last();
    await waitForText(agentBubbles(page), /tick [1-9]\b/);
    const first = lastTick(await reply.innerText());
    await expect.poll(async () => lastTick(await reply.innerText()), { timeout: LONG }).toBeGreaterThan(first);
    expect(await stopButton(page).isVisible()).toBe(true);
    await screenshot(page, "chat-streaming");

    fs.writeFileSync(path.join(harness.workDir, "done"), "");
    await waitForTurnEnd(page);
    await waitForText(agentBubbles(page), "released");
    expect(lastTick(await reply.innerText())).toBeGreaterThan(first);
    // Empty composer: Send is back but has nothing to send.
    expect(await sendButton(page).isDisabled()).toBe(true);
    await box.fill("more");
    expect(await sendButton(page).isEnabled()).toBe(true);
  });

  for (const cancelAsEndTurn of [false, true]) {
    it(`Stop cancels the turn mid-stream${cancelAsEndTurn ? " (agent answers end_turn, goose bug #11788)" : ""}`, async () => {
      const harness = await launch({ agentEnv: cancelAsEndTurn ? { SCRIPTED_AGENT_CANCEL_AS_END_TURN: "1" } : {} });
      const page = await harness.openPanel();
      await waitForReady(page);
      await sendPrompt(page, "hold");
      await waitForText(agentBubbles(page), "tick 3");
      await stopButton(page).click();

      await waitForText(transcript(page).locator(".notice"), "Stopped.");
      await sendButton(page).waitFor();
      expect(await stopButton(page).count()).toBe(0);

      const prompt = harness.agentMessages().find((m) => m.method === "session/prompt");
      expect(prompt).toBeDefined();
      const sessionId = (prompt!.params as { sessionId: string }).sessionId;
      const cancels = harness.agentMessages().filter((m) => m.method === "session/cancel");
      expect(cancels).toHaveLength(1);
      // A notification: no id, and for the session whose turn ran.
      expect(cancels[0]).not.toHaveProperty("id");
      expect(cancels[0]!.params).toEqual({ sessionId });

      // The stopped answer does not grow any more: after a whole second turn it is unchanged.
      const stopped = await agentBubbles(page).first().innerText();
      await sendPrompt(page, "echo after the stop");
      await waitForText(agentBubbles(page), "after the stop");
      await waitForTurnEnd(page);
      expect(await agentBubbles(page).first().innerText()).toBe(stopped);
      // Exactly one "Stopped." notice: the agent's own answer did not add a second ending.
      expect(await transcript(page).locator(".notice", { hasText: "Stopped." }).count()).toBe(1);
    });
  }

  it("asks before running a tool in approve mode, and answers with the option the user chose", async () => {
    const harness = await launch({ captureAgentStdout: true });
    const page = await harness.openPanel();
    await waitForReady(page);
    await openNewSession(page);
    const mode = page.getByRole("combobox", { name: "Mode", exact: true });
    await mode.waitFor({ timeout: LONG });
    // New sessions are switched to approve (goose's own default is auto).
    await expect.poll(() => mode.inputValue(), { timeout: LONG }).toBe("approve");

    await sendPrompt(page, "tool");
    const card = toolCard(page, "developer: shell · ls -la");
    await waitForText(card, "Awaiting approval");
    const request = card.getByRole("group", { name: "Permission request" });
    // The lasting answers are under More (one row that never wraps an option alone).
    await request.getByRole("button", { name: "More answers" }).click();
    for (const name of ["Allow once", "Always allow", "Deny", "Always deny"]) {
      expect(await request.getByRole("button", { name, exact: true }).isVisible(), name).toBe(true);
    }
    // The card waiting for the user must be on screen.
    await expectInViewport(card.getByRole("button", { name: "Allow once" }), 1);
    await screenshot(page, "chat-approval-pending");

    await request.getByRole("button", { name: "Allow once" }).click();
    await waitForText(card.locator(".tool__status"), "Done");
    await waitForTurnEnd(page);
    expect(await request.count()).toBe(0);
    await waitForText(agentBubbles(page), "Everything looks in order.");

    // The agent got exactly the chosen option, as the answer to its own request.
    const asked = harness.agentOutput().filter((m) => m.method === "session/request_permission");
    expect(asked).toHaveLength(1);
    const answer = harness.agentMessages().find((m: LoggedMessage) => m.method === undefined && m.id === asked[0]!.id);
    expect(answer?.result).toEqual({ outcome: { outcome: "selected", optionId: "allow_once" } });

    // The newest content (the agent's closing words, below the card) is scrolled into view.
    await expectInViewport(agentBubbles(page).last());
    // Settles within a frame or two of the last layout change (the turn ending resizes the composer).
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(48);
    await screenshot(page, "chat-tool-done");
  });

  it("keeps the newest tool card in view as queued approvals arrive", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "tools 4");
    const titles = ["ls -la", "git status", "cat package.json", "npm test"];
    for (const command of titles) {
      const card = toolCard(page, `developer: shell · ${command}`);
      await waitForText(card, "Awaiting approval");
      const ratio = await visibleRatio(card.getByRole("button", { name: "Allow once" }));
      if (ratio < 1) await screenshot(page, "chat-approval-offscreen");
      expect(ratio, `the Allow once button of "${command}" is not fully in view`).toBe(1);
      await card.getByRole("button", { name: "Allow once" }).click();
      await waitForText(card.locator(".tool__status"), "Done");
    }
    await waitForTurnEnd(page);
    await expectInViewport(toolCard(page, "developer: shell · npm test"));
    await expectInViewport(agentBubbles(page).last());
  });

  it("lets the browser skip the parts of a long streamed answer out of view, never one in view, and keeps all its text", async () => {
    const harness = await launch({ agentEnv: { SCRIPTED_AGENT_CHUNK_DELAY_MS: "0" } });
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "stream 3000 0");
    await waitForText(agentBubbles(page), "[end of stream]");
    await waitForTurnEnd(page);
    const boxes = () =>
      agentBubbles(page)
        .last()
        .evaluate((bubble) => {
          const view = bubble.closest('[role="log"]')!.getBoundingClientRect();
          return [...bubble.querySelectorAll<HTMLElement>(".md-box")].map((box) => {
            const r = box.getBoundingClientRect();
            return {
              skippable: box.classList.contains("md-box--skippable"),
              inView: r.bottom > view.top && r.top < view.bottom,
              standIn: box.style.containIntrinsicBlockSize,
            };
          });
        });
    // Marked once laid out and scrolled out of view (the browser's intersection report comes after a frame).
    await expect.poll(async () => (await boxes()).filter((b) => b.skippable).length, { timeout: LONG }).toBeGreaterThan(3);
    const all = await boxes();
    // One made skippable while in view would be skipped, then laid out again in the same frame.
    expect(all.filter((b) => b.inView && b.skippable)).toEqual([]);
    for (const b of all.filter((x) => x.skippable)) expect(b.standIn).toMatch(/^auto \d+(\.\d+)?px$/);
    // The whole answer is still in the document and comes back into view when scrolled to.
    const text = (await agentBubbles(page).last().textContent()) ?? "";
    expect(text.startsWith("Markdown rendering check")).toBe(true);
    await transcript(page).evaluate((el) => {
      el.scrollTop = 0;
    });
    await expectInViewport(agentBubbles(page).last().getByRole("heading", { name: "Markdown rendering check" }).first());
  });

  it("writes a long code block line by line, as tall while open as once closed, then highlights it off the main thread", async () => {
    const harness = await launch({ agentEnv: { SCRIPTED_AGENT_CHUNK_DELAY_MS: "0" } });
    const page = await harness.openPanel();
    await waitForReady(page);
    // Each line's height in the code block, from the block's height, its padding and its lines.
    const lineHeight = (pre: HTMLElement) => {
      const style = getComputedStyle(pre);
      const lines = (pre.textContent ?? "").split("\n").length;
      return { lines, each: (pre.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom)) / lines };
    };
    await sendPrompt(page, "code 400 10");
    // While open, the code is in groups of lines (live-code.ts), and only the last one changes.
    const open = agentBubbles(page).last().locator("pre:has(.md-lines)");
    await expect.poll(() => open.locator(".md-lines").count(), { timeout: LONG }).toBeGreaterThan(1);
    const firstGroup = await open.locator(".md-lines").first().elementHandle();
    const groups = await open.locator(".md-lines").count();
    await expect.poll(() => open.locator(".md-lines").count(), { timeout: LONG }).toBeGreaterThan(groups);
    // The block grew by a group and kept the first one, not rebuilt.
    expect(await firstGroup!.evaluate((el) => el.isConnected && el.parentElement!.firstElementChild === el)).toBe(true);
    const whileOpen = await open.evaluate(lineHeight);
    await screenshot(page, "code-block-open");
    await waitForText(agentBubbles(page), "That is the file.");
    await waitForTurnEnd(page);
    const closed = agentBubbles(page).last().locator("pre").last();
    expect(await closed.locator(".md-lines").count()).toBe(0);
    const whenClosed = await closed.evaluate(lineHeight);
    expect(whenClosed.lines).toBeGreaterThan(whileOpen.lines);
    // Within a pixel over the open block's lines (a per-line bound would depend on how many had streamed).
    expect(Math.abs(whileOpen.each - whenClosed.each) * whileOpen.lines).toBeLessThan(1);
    expect((await closed.textContent())?.startsWith('import { readFile, writeFile } from "node:fs/promises";\n')).toBe(true);
    // Closed, it is highlighted, by the worker (a worker that fails is terminated, and the page highlights).
    await closed.locator(".hljs-keyword").first().waitFor({ timeout: LONG });
    expect(await closed.locator("code").getAttribute("class")).toBe("language-typescript hljs");
    expect(page.workers().filter((w) => w.url().includes("/highlight-worker"))).toHaveLength(1);
    await screenshot(page, "code-block-highlighted");
  });

  it("keeps a growing list's earlier items on screen as they were while it streams", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "list 400 10");
    const items = agentBubbles(page).last().locator("li");
    await expect.poll(() => items.count(), { timeout: LONG }).toBeGreaterThan(3);
    const first = await items.first().elementHandle();
    const count = await items.count();
    await expect.poll(() => items.count(), { timeout: LONG }).toBeGreaterThan(count + 3);
    expect(await first!.evaluate((el) => el.isConnected && el.parentElement!.firstElementChild === el)).toBe(true);
    await waitForText(agentBubbles(page), "That is the list.");
    await waitForTurnEnd(page);
    expect(await agentBubbles(page).last().locator("ul").count()).toBe(1);
    expect(await items.first().innerText()).toBe("Step 1: read the inventory file and check each row");
  });

  it("keeps the newest content in view: after a long answer, a reload, History and the user's own send", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "markdown");
    await waitForText(agentBubbles(page), "A quote, to finish.");
    await waitForTurnEnd(page);
    await sendPrompt(page, "markdown");
    await waitForTurnEnd(page);
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(48);
    await expectInViewport(agentBubbles(page).last().getByText("A quote, to finish."));

    // A fresh document (reload) and a remount (History and back) start at the newest message.
    await harness.reloadPanel(page);
    await waitForText(agentBubbles(page), "A quote, to finish.");
    await expectInViewport(agentBubbles(page).last().getByText("A quote, to finish."));
    await page.getByRole("button", { name: "History" }).click();
    await page.getByRole("button", { name: "Back" }).click();
    await expectInViewport(agentBubbles(page).last().getByText("A quote, to finish."));

    // The user scrolls up to reread, then sends: their own message and the answer must come into view.
    await transcript(page).hover();
    await page.mouse.wheel(0, -5000);
    await expect.poll(() => distanceFromBottom(page)).toBeGreaterThan(200);
    await sendPrompt(page, "echo scrolled up");
    await waitForText(agentBubbles(page), "scrolled up");
    await waitForTurnEnd(page);
    const ratio = await visibleRatio(agentBubbles(page).last());
    if (ratio === 0) await screenshot(page, "chat-sent-while-scrolled-up");
    expect(ratio, "the answer to a prompt sent while scrolled up is out of view").toBeGreaterThan(0);
  });

  it("answering an approval while scrolled up to reread brings the rest of the turn into view", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "markdown");
    await waitForTurnEnd(page);
    await sendPrompt(page, "tool");
    const request = page.getByRole("group", { name: "Permission request" });
    await request.waitFor({ timeout: LONG });
    // The request has the focus (Enter allows once); the user scrolls up to reread, then answers.
    await expect.poll(() => request.evaluate((el) => el === document.activeElement)).toBe(true);
    await transcript(page).hover();
    // Just after a send the newest content wins over a scroll (for a second): the user scrolls again.
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, -5000);
        return distanceFromBottom(page);
      })
      .toBeGreaterThan(200);
    await page.keyboard.press("Enter");
    await waitForText(agentBubbles(page), "Everything looks in order.");
    await waitForTurnEnd(page);
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(48);
    await expectInViewport(agentBubbles(page).last().getByText("Everything looks in order."));
  });
});
