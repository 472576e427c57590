/**
 * goose's sessions from the panel, with the real goose from npm: History lists what goose keeps
 * (newest first, by goose's titles), a closed tab's session loads back from goose, a deleted one is
 * gone from goose too, and a restarted browser gets its session back. Steer joins a running turn
 * through goose's own method.
 */
import { describe, expect, it } from "vitest";
import { useHarness } from "../e2e/fixture";
import {
  agentBubbles,
  composer,
  LONG,
  openHistory,
  openNewSession,
  sendPrompt,
  transcript,
  userBubbles,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { chat, gooseBuilds, launchGoose } from "./real-goose";

const launch = useHarness();

describe.each(gooseBuilds())("goose $version", (build) => {
  it("History lists goose's sessions; a closed one loads back, a deleted one is gone from goose", async () => {
    const { h } = await launchGoose(launch, build);
    const page = await h.openPanel();
    page.on("dialog", (d) => void d.accept());
    await waitForReady(page);
    await chat(page, "alpha first session here");
    await openNewSession(page);
    await chat(page, "beta second session here");

    let history = await openHistory(page);
    await history.getByRole("button", { name: "beta second session here", exact: true }).waitFor({ timeout: LONG });
    expect(await history.locator(".history__title").allInnerTexts()).toEqual(["beta second session here", "alpha first session here"]);

    // Closed: goose is told, and the session comes back from goose's own store.
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("tab", { name: /alpha first session here/ }).waitFor({ timeout: LONG });
    await page.getByRole("button", { name: "Close alpha first session here" }).click();
    await expect.poll(() => h.agentMessages().filter((m) => m.method === "session/close").length, { timeout: LONG }).toBe(1);
    history = await openHistory(page);
    await history.getByRole("button", { name: "alpha first session here", exact: true }).click();
    await waitForText(userBubbles(page), "alpha first session here");
    await waitForText(agentBubbles(page), "You said: alpha first session here");
    expect(h.agentMessages().filter((m) => m.method === "session/load")).toHaveLength(1);
    expect(await userBubbles(page).count()).toBe(1);
    await chat(page, "alpha goes on");

    // Deleted: goose no longer lists it.
    history = await openHistory(page);
    await history.getByRole("button", { name: "Delete beta second session here" }).click();
    await expect.poll(() => h.agentMessages().filter((m) => m.method === "session/delete").length, { timeout: 15_000 }).toBe(1);
    await page.getByRole("button", { name: "Back" }).click();
    history = await openHistory(page);
    await history.getByRole("button", { name: "alpha first session here", exact: true }).waitFor({ timeout: LONG });
    expect(await history.locator(".history__title").allInnerTexts()).toEqual(["alpha first session here"]);
  });

  it("restores the session after the browser is closed and relaunched", async () => {
    const first = await launchGoose(launch, build);
    const page = await first.h.openPanel();
    await waitForReady(page);
    await chat(page, "remember this one please");
    await first.h.closeBrowser();

    const again = await launchGoose(launch, build, { reuseDir: first.h.dir });
    const reopened = await again.h.openPanel();
    await waitForText(userBubbles(reopened), "remember this one please");
    await waitForText(agentBubbles(reopened), "You said: remember this one please");
    await waitForReady(reopened);
    await chat(reopened, "and this too");
    expect(await userBubbles(reopened).count()).toBe(2);
  });

  it("Steer adds a message to the running turn through goose's steer method", async () => {
    const { h, model } = await launchGoose(launch, build);
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "slow 4");
    await waitForText(agentBubbles(page), "tick 2");
    const steer = page.getByRole("button", { name: "Steer", exact: true });
    await steer.waitFor({ timeout: LONG });
    await composer(page).fill("look at the tests too");
    await steer.click();
    await waitForText(userBubbles(page).filter({ hasText: "look at the tests too" }), "Added to the running turn");
    const sent = h.agentMessages().find((m) => m.method === "_goose/unstable/session/steer");
    expect(sent?.params).toMatchObject({ prompt: [{ type: "text", text: "look at the tests too" }] });
    // goose gives the model the steered message within the same turn, and the answer to it shows.
    await waitForText(agentBubbles(page), "You said: look at the tests too", LONG);
    await waitForTurnEnd(page);
    expect(h.agentMessages().filter((m) => m.method === "session/prompt")).toHaveLength(1);
    expect(model.requests.some((r) => JSON.stringify(r.messages).includes("look at the tests too"))).toBe(true);
    expect(await transcript(page).innerText()).toContain("tick 40");
  });
});

describe.each(gooseBuilds())("goose $version forks", (build) => {
  it("offers Edit on goose, which serves session/fork without advertising it; the fork is rewound to the edit, also when reopened", async () => {
    const { h, model } = await launchGoose(launch, build);
    const page = await h.openPanel();
    await waitForReady(page);
    await chat(page, "first words here");
    await chat(page, "second words here");
    const parentId = h.agentMessages().find((m) => m.method === "session/prompt")!.params!.sessionId as string;
    expect(h.agentOutput().find((m) => m.result && "agentCapabilities" in m.result)?.result).not.toHaveProperty(
      "agentCapabilities.sessionCapabilities.fork",
    );

    const first = transcript(page).locator(".user-turn", { has: page.locator(".message--user", { hasText: "first words here" }) });
    await first.hover();
    await first.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("textbox", { name: "Edited message" }).fill("first words edited");
    await page.getByRole("button", { name: "Send in a fork" }).click();
    await waitForText(transcript(page), "to edit your message 1.");
    await waitForText(agentBubbles(page), "You said: first words edited");
    await waitForTurnEnd(page);
    expect(await userBubbles(page).allInnerTexts()).toEqual(["first words edited"]);

    const fork = h.agentMessages().find((m) => m.method === "session/fork" && m.params?.sessionId === parentId);
    expect(fork?.params).toMatchObject({ sessionId: parentId, cwd: h.workDir });
    const forkPrompt = h
      .agentMessages()
      .filter((m) => m.method === "session/prompt")
      .at(-1)!;
    expect(forkPrompt.params!.sessionId).not.toBe(parentId);
    // goose's true rewind: the fork keeps only what goose created before the edited message, so the
    // model gets neither the withdrawn turns nor a note, and the prompt carries the edit alone.
    expect(typeof (fork?.params?._meta as { conversationBefore?: unknown } | undefined)?.conversationBefore).toBe("number");
    expect(forkPrompt.params!.prompt).toEqual([{ type: "text", text: "first words edited" }]);
    const sent = JSON.stringify(model.requests.at(-1)?.messages);
    expect(sent).toContain("first words edited");
    for (const withdrawn of ["first words here", "second words here", "Disregard"]) expect(sent).not.toContain(withdrawn);

    // Reopened from History after its tab was closed, goose's copy replays the edited message only.
    // Named by the panel (goose titles a fork "<title> (copy)"), after the parent's title when it has one by then.
    const forkTab = page.getByRole("tab", { selected: true });
    await expect.poll(() => forkTab.innerText()).toMatch(/^Fork of /);
    const forkTitle = (await forkTab.innerText()).trim();
    await page.getByRole("button", { name: `Close ${forkTitle}` }).click();
    await expect.poll(() => page.getByRole("tab").count(), { timeout: LONG }).toBe(1);
    const history = await openHistory(page);
    await history.getByRole("button", { name: forkTitle, exact: true }).click();
    await waitForText(agentBubbles(page), "You said: first words edited");
    await waitForReady(page);
    expect(await userBubbles(page).allInnerTexts()).toEqual(["first words edited"]);
    expect(await transcript(page).innerText()).not.toContain("second words here");
  });
});

describe.each(gooseBuilds())("goose $version reusing a deleted session's id", (build) => {
  it("a new session that gets the id of the one just deleted (goose #11654) still takes the message", async () => {
    const { h } = await launchGoose(launch, build);
    const page = await h.openPanel();
    page.on("dialog", (d) => void d.accept());
    await waitForReady(page);
    await chat(page, "soon to be deleted");
    const firstId = h.agentMessages().find((m) => m.method === "session/prompt")!.params!.sessionId as string;
    await page.getByRole("button", { name: "Close soon to be deleted" }).click();
    await expect.poll(() => h.agentMessages().filter((m) => m.method === "session/close").length, { timeout: LONG }).toBe(1);
    const history = await openHistory(page);
    await history.getByRole("button", { name: "Delete soon to be deleted" }).click();
    await expect.poll(() => h.agentMessages().filter((m) => m.method === "session/delete").length, { timeout: 15_000 }).toBe(1);
    await page.getByRole("button", { name: "Back" }).click();

    // goose numbers a day's sessions, so the next new session gets the deleted one's id, which it then refuses.
    await sendPrompt(page, "a fresh start");
    await waitForText(agentBubbles(page), "You said: a fresh start");
    await waitForTurnEnd(page);
    const created = h.agentOutput().filter((m) => (m.result as { sessionId?: string } | undefined)?.sessionId !== undefined);
    expect((created.at(-1)!.result as { sessionId: string }).sessionId).toBe(firstId);
    expect(h.agentOutput().some((m) => m.error?.code === -32002)).toBe(true);
    expect(await page.getByRole("alert").count()).toBe(0);
    await chat(page, "and it goes on");
  });
});
