/**
 * Edit and resend, fork from here, the agent's questions (form and URL), resume instead of load,
 * and delete with undo, in the built extension in Chromium through the real host. Each feature
 * follows the agent's initialize answer: the scripted agent as claude-agent-acp (fork, resume,
 * close, list) or as goose (list, close, delete; fork served though not advertised), with a
 * capability switched off where the test is about its absence.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  agentBubbles,
  LONG,
  openHistory,
  screenshot,
  sendPrompt,
  transcript,
  userBubbles,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import type { LoggedMessage } from "../helpers/e2e-environment";
import { useHarness } from "./fixture";

const launch = useHarness();

const CLAUDE = { SCRIPTED_AGENT_IDENTITY: "claude" };

async function twoTurns(page: Page): Promise<void> {
  await waitForReady(page);
  for (const text of ["echo one", "echo two"]) {
    await sendPrompt(page, text);
    await waitForTurnEnd(page);
  }
}

/** The actions under the user's message that says `text`. */
function userTurn(page: Page, text: string) {
  return transcript(page).locator(".user-turn", { has: page.locator(".message--user", { hasText: text }) });
}

const prompts = (messages: LoggedMessage[]) => messages.filter((m) => m.method === "session/prompt");
const promptTexts = (m: LoggedMessage) => (m.params?.prompt as { text?: string }[]).map((b) => b.text ?? "");

describe("edit and resend, fork from here", () => {
  it("edits an earlier message: a fork from before it gets the edit, and History shows where the fork came from", async () => {
    const h = await launch({ agentEnv: CLAUDE });
    const page = await h.openPanel();
    await twoTurns(page);
    const parentId = prompts(h.agentMessages())[0]!.params!.sessionId as string;

    const first = userTurn(page, "echo one");
    await first.hover();
    await first.getByRole("button", { name: "Edit" }).click();
    const box = page.getByRole("textbox", { name: "Edited message" });
    await expect.poll(() => box.inputValue()).toBe("echo one");
    await box.fill("echo uno");
    await screenshot(page, "conversation-edit");
    await page.getByRole("button", { name: "Send in a fork" }).click();

    await waitForText(transcript(page), "Forked from “echo one” to edit your message 1.");
    await waitForText(agentBubbles(page), '"text":"echo uno"');
    await waitForTurnEnd(page);
    expect(await userBubbles(page).allInnerTexts()).toEqual(["echo uno"]);
    expect(await transcript(page).innerText()).not.toContain("echo two");

    const fork = h.agentMessages().find((m) => m.method === "session/fork")!;
    expect(fork.params).toMatchObject({ sessionId: parentId, cwd: h.workDir });
    const last = prompts(h.agentMessages()).at(-1)!;
    expect(last.params!.sessionId).not.toBe(parentId);
    expect(promptTexts(last)[0]).toBe("echo uno");
    expect(promptTexts(last)[1]).toContain("Disregard my last 2 messages");

    const history = await openHistory(page);
    await waitForText(history.locator(".history__fork"), "Fork of “echo one” (edited message 1)");
    await screenshot(page, "conversation-fork-in-history");
  });

  it("forks from an earlier message: the new session starts after that turn, and its first prompt says what to disregard", async () => {
    const h = await launch({ agentEnv: CLAUDE });
    const page = await h.openPanel();
    await twoTurns(page);
    const first = userTurn(page, "echo one");
    await first.hover();
    await first.getByRole("button", { name: "Fork from here" }).click();
    await waitForText(transcript(page), "Forked from “echo one” after your message 1.");
    await waitForReady(page);
    expect(await userBubbles(page).allInnerTexts()).toEqual(["echo one"]);
    expect(await transcript(page).innerText()).not.toContain("echo two");

    await sendPrompt(page, "echo three");
    await waitForTurnEnd(page);
    const last = prompts(h.agentMessages()).at(-1)!;
    expect(promptTexts(last)).toEqual(["echo three", expect.stringContaining("Disregard my last message")]);
    expect(h.agentMessages().filter((m) => m.method === "session/fork")).toHaveLength(1);
  });

  it("without session/fork, both actions are shown disabled with the reason, and do nothing", async () => {
    const h = await launch({ agentEnv: { ...CLAUDE, SCRIPTED_AGENT_WITHOUT: "fork" } });
    const page = await h.openPanel();
    await twoTurns(page);
    const first = userTurn(page, "echo one");
    await first.hover();
    for (const name of ["Edit", "Fork from here"]) {
      const button = first.getByRole("button", { name });
      expect(await button.getAttribute("aria-disabled")).toBe("true");
      expect(await button.getAttribute("title")).toContain("does not offer session/fork");
      // aria-disabled keeps the tooltip; Playwright waits for "enabled", so the click is forced to prove it does nothing.
      await button.click({ force: true });
    }
    await waitForText(first, "does not offer session/fork, so sent messages cannot be edited or forked.");
    await screenshot(page, "conversation-fork-off");
    expect(await page.getByRole("textbox", { name: "Edited message" }).count()).toBe(0);
    // Only the probe (background/client/forks/fork-probe.ts), answered -32601: no fork of a session.
    const forks = h.agentMessages().filter((m) => m.method === "session/fork");
    expect(forks.map((m) => m.params?.sessionId)).toEqual(["goose-browser/fork-probe"]);
    expect(await userBubbles(page).count()).toBe(2);
  });
});

describe("a fork out of memory (issue #40)", () => {
  /** "echo one", "echo two", then "echo one" edited to "echo uno" and sent in a fork; resolves once its turn ended. */
  async function editInFork(page: Page): Promise<void> {
    await twoTurns(page);
    const first = userTurn(page, "echo one");
    await first.hover();
    await first.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("textbox", { name: "Edited message" }).fill("echo uno");
    await page.getByRole("button", { name: "Send in a fork" }).click();
    await waitForText(agentBubbles(page), '"text":"echo uno"');
    await waitForTurnEnd(page);
  }

  it("reopened from History after its tab was closed, shows only the edited message: the replay's withdrawn turns and note are hidden", async () => {
    const h = await launch({ agentEnv: CLAUDE });
    const page = await h.openPanel();
    await editInFork(page);
    // The fork's tab is the last; named by the panel, or (before #40) after its parent.
    const forkTitle = (await page.getByRole("tab", { selected: true }).innerText()).trim();
    await page
      .getByRole("button", { name: `Close ${forkTitle}` })
      .last()
      .click();
    await expect.poll(() => page.getByRole("tab").count(), { timeout: LONG }).toBe(1);
    const history = await openHistory(page);
    await history
      .locator("li", { has: page.locator(".history__fork") })
      .locator(".history__open")
      .click();
    await waitForText(agentBubbles(page), '"text":"echo uno"');
    await waitForReady(page);
    // The agent replayed its copy: the parent's two turns, then the edit with the note glued on.
    expect(h.agentMessages().filter((m) => m.method === "session/load")).toHaveLength(1);
    expect(await userBubbles(page).allInnerTexts()).toEqual(["echo uno"]);
    expect(await agentBubbles(page).allInnerTexts()).not.toContainEqual(expect.stringContaining('"text":"echo two"'));
    await screenshot(page, "conversation-fork-reloaded");
  });

  it("is named by the panel, not by the agent's title from its first prompt, which carries the note", async () => {
    const h = await launch({ agentEnv: { ...CLAUDE, SCRIPTED_AGENT_TITLE: "whole-prompt" } });
    const page = await h.openPanel();
    await editInFork(page);
    // The agent titled the fork from the prompt it got: the edit and the note, glued.
    const forkId = prompts(h.agentMessages()).at(-1)!.params!.sessionId as string;
    const stored = JSON.parse(fs.readFileSync(path.join(h.agentStateDir, "sessions", `${forkId}.json`), "utf8"));
    expect(stored.title).toMatch(/^echo uno\(Note from the client/);
    const tabs = () => page.getByRole("tab").allInnerTexts();
    await expect.poll(tabs).toEqual(["echo one", "Fork of “echo one”"]);
    const history = await openHistory(page);
    await history.getByRole("button", { name: "Fork of “echo one”", exact: true }).waitFor({ timeout: LONG });
    expect(await history.locator(".history__title").allInnerTexts()).not.toContainEqual(expect.stringContaining("Note from"));
  });
});

describe("goose: session/fork served though not advertised", () => {
  it("offers Edit and Fork from here by what goose answers, and edits through a fork", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await twoTurns(page);
    const parentId = prompts(h.agentMessages())[0]!.params!.sessionId as string;
    const first = userTurn(page, "echo one");
    await first.hover();
    for (const name of ["Edit", "Fork from here"])
      expect(await first.getByRole("button", { name }).getAttribute("aria-disabled")).not.toBe("true");
    await first.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("textbox", { name: "Edited message" }).fill("echo uno");
    await page.getByRole("button", { name: "Send in a fork" }).click();
    await waitForText(transcript(page), "Forked from “echo one” to edit your message 1.");
    await waitForText(agentBubbles(page), '"text":"echo uno"');
    await waitForTurnEnd(page);
    expect(await userBubbles(page).allInnerTexts()).toEqual(["echo uno"]);
    // The probe once (it forks nothing: goose refuses it), then the fork of the parent.
    const forks = h.agentMessages().filter((m) => m.method === "session/fork");
    expect(forks.map((m) => m.params?.sessionId)).toEqual(["goose-browser/fork-probe", parentId]);
    // goose rewinds its copy to before the edited message (conversationBefore), so no note goes with it.
    expect(typeof (forks[1]!.params?._meta as { conversationBefore?: unknown } | undefined)?.conversationBefore).toBe("number");
    expect(promptTexts(prompts(h.agentMessages()).at(-1)!)).toEqual(["echo uno"]);
    const forkId = prompts(h.agentMessages()).at(-1)!.params!.sessionId as string;
    const stored = fs.readFileSync(path.join(h.agentStateDir, "sessions", `${forkId}.json`), "utf8");
    expect(stored).toContain("echo uno");
    for (const withdrawn of ["echo one", "echo two"]) expect(stored).not.toContain(`"text":"${withdrawn}"`);
    expect(h.agentMessages().some((m) => m.method === "session/resume")).toBe(false);
  });
});

describe("the agent's questions", () => {
  it("a form: invalid input is named and not sent; valid input goes to the agent, typed", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "ask form");
    const form = page.getByRole("form", { name: "Question from goose" });
    await form.waitFor({ timeout: LONG });
    await waitForText(form, "I need a few details before deploying.");
    await form.getByLabel("Your name (required)").fill("A");
    await form.getByLabel("Email (required)").fill("not an email");
    await form.getByRole("button", { name: "Submit" }).click();
    await waitForText(form, "At least 2 characters.");
    await waitForText(form, "Enter an email address.");
    await waitForText(form, "Required.");
    await screenshot(page, "conversation-form-invalid");
    const answered = () => h.agentMessages().filter((m) => m.result && "action" in m.result);
    expect(answered()).toHaveLength(0);

    await form.getByLabel("Your name (required)").fill("Ada");
    await form.getByLabel("Email (required)").fill("ada@example.com");
    await form.getByLabel("Region (required)").selectOption("us");
    await form.getByLabel("Replicas").fill("4");
    await form.getByLabel("Notify me when done").check();
    await form.getByRole("button", { name: "Submit" }).click();
    await waitForText(agentBubbles(page), "form accept");
    await waitForTurnEnd(page);
    expect(await form.count()).toBe(0);
    expect(answered().map((m) => m.result)).toEqual([
      { action: "accept", content: { name: "Ada", email: "ada@example.com", replicas: 4, region: "us", notify: true } },
    ]);
  });

  it("a URL: names the site, links to it, and Done answers accept", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "ask url");
    const card = page.getByRole("region", { name: "Question from goose" });
    await card.waitFor({ timeout: LONG });
    await waitForText(card, "goose asks you to open a page on auth.example.com.");
    const link = card.getByRole("link", { name: "Open auth.example.com" });
    expect(await link.getAttribute("href")).toBe("https://auth.example.com/connect?client=scripted");
    expect(await link.getAttribute("rel")).toContain("noopener");
    await screenshot(page, "conversation-url");
    await card.getByRole("button", { name: "Done" }).click();
    await waitForText(agentBubbles(page), "url accept");
    expect(h.agentMessages().find((m) => m.result && "action" in m.result)?.result).toEqual({ action: "accept" });
  });
});

describe("resume, delete", () => {
  it("reopens a tab parked beyond the ones kept in memory with session/resume, not session/load", async () => {
    const h = await launch({ agentEnv: CLAUDE });
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo alpha");
    await waitForTurnEnd(page);
    // Eight more tabs: alpha, shown longest ago, leaves memory (the agent keeps it).
    for (let i = 0; i < 8; i++) {
      await page.getByRole("button", { name: "New session", exact: true }).click();
      await expect.poll(() => page.getByRole("tab").count(), { timeout: LONG }).toBe(i + 2);
      await waitForReady(page);
    }
    await sendPrompt(page, "echo beta");
    await waitForTurnEnd(page);

    await page.getByRole("tab", { name: "echo alpha" }).click();
    await waitForText(userBubbles(page), "echo alpha");
    await waitForText(agentBubbles(page), '"text":"echo alpha"');
    await waitForReady(page);
    expect(await transcript(page).innerText()).not.toContain("beta");
    const methods = h.agentMessages().map((m) => m.method);
    expect(methods.filter((m) => m === "session/resume")).toHaveLength(1);
    expect(methods).not.toContain("session/load");
    await sendPrompt(page, "echo again");
    await waitForText(agentBubbles(page), '"text":"echo again"');
  });

  it("keeps an empty tab beyond the ones in memory: an agent that knows a session only once prompted (codex-acp) never loses it", async () => {
    const h = await launch({ agentEnv: { ...CLAUDE, SCRIPTED_AGENT_UNPROMPTED_UNKNOWN: "1" } });
    const page = await h.openPanel();
    await waitForReady(page);
    for (let i = 0; i < 8; i++) {
      await page.getByRole("button", { name: "New session", exact: true }).click();
      await expect.poll(() => page.getByRole("tab").count(), { timeout: LONG }).toBe(i + 2);
      await waitForReady(page);
      await sendPrompt(page, `echo tab ${i}`);
      await waitForTurnEnd(page);
    }
    await page.getByRole("tab").first().click();
    await expect.poll(() => page.getByRole("tab").first().getAttribute("aria-selected")).toBe("true");
    await waitForReady(page);
    expect(await page.getByRole("tab").count()).toBe(9);
    // Nothing to restore, so it was never parked: no resume or load, which the agent would refuse with -32002.
    const methods = h.agentMessages().map((m) => m.method);
    expect(methods).not.toContain("session/resume");
    expect(methods).not.toContain("session/load");
    expect(await page.getByRole("alert").count()).toBe(0);
    await sendPrompt(page, "echo still here");
    await waitForText(agentBubbles(page), '"text":"echo still here"');
    // In the tab's own session: none opened in its place.
    expect(methods.filter((m) => m === "session/new")).toHaveLength(9);
    expect(new Set(prompts(h.agentMessages()).map((m) => m.params!.sessionId)).size).toBe(9);
  });

  it("deletes from History after a confirmation, undoable for a few seconds before anything is sent", async () => {
    const h = await launch();
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo doomed");
    await waitForTurnEnd(page);
    page.on("dialog", (d) => void d.accept());
    const history = await openHistory(page);
    const deletes = () => h.agentMessages().filter((m) => m.method === "session/delete");

    await history.getByRole("button", { name: "Delete echo doomed" }).click();
    await waitForText(history, "“echo doomed” will be deleted.");
    await screenshot(page, "conversation-delete-undo");
    await history.getByRole("button", { name: "Undo" }).click();
    await history.getByRole("button", { name: "echo doomed", exact: true }).waitFor();
    await new Promise((r) => setTimeout(r, 6000));
    expect(deletes()).toHaveLength(0);

    await history.getByRole("button", { name: "Delete echo doomed" }).click();
    await waitForText(history, "“echo doomed” will be deleted.");
    await expect.poll(() => deletes().length, { timeout: 10_000 }).toBe(1);
    await history.getByText("No sessions yet.").waitFor({ timeout: LONG });
  });
});
