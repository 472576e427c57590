/**
 * goose issue #11654: goose 1.50 and 1.52 number a day's sessions `YYYYMMDD_N`, so after the newest is
 * closed (its tab) and deleted (History), the next new session gets its id again, and goose refuses it
 * (-32002) until a session/load. The scripted agent does the same with SCRIPTED_AGENT_GOOSE_IDS; the
 * panel loads the session and retries, or, when goose cannot load it either, sends the message in a
 * new session and says so (background/client/sessions/session-recovery.ts).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Harness } from "../helpers/chromium/harness";
import {
  agentBubbles,
  LONG,
  openNewSession,
  screenshot,
  sendPrompt,
  transcript,
  userBubbles,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();
const echoed = (prompt: string) => JSON.stringify({ type: "text", text: prompt });
const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, "");

/** Two sessions, the second closed and deleted, then a new one: goose hands out the second's id again. */
async function reuseAnId(h: Harness, page: Page): Promise<void> {
  await waitForReady(page);
  await sendPrompt(page, "echo kept");
  await waitForTurnEnd(page);
  await openNewSession(page);
  await sendPrompt(page, "echo doomed");
  await waitForTurnEnd(page);
  await page.getByRole("button", { name: "Close echo doomed" }).click();
  await expect.poll(() => h.agentMessages().filter((m) => m.method === "session/close").length, { timeout: LONG }).toBe(1);
  page.on("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("region", { name: "Session history" });
  await history.getByRole("button", { name: "Delete echo doomed" }).click();
  await expect.poll(() => h.agentMessages().filter((m) => m.method === "session/delete").length, { timeout: 10_000 }).toBe(1);
  await page.getByRole("button", { name: "Back" }).click();
  await openNewSession(page);
  const news = h.agentMessages().filter((m) => m.method === "session/new");
  expect(news).toHaveLength(3);
}

describe("a session id goose hands out again (goose #11654)", () => {
  it("is loaded and the message answered there, with nothing to say about it", async () => {
    const h = await launch({ agentEnv: { SCRIPTED_AGENT_GOOSE_IDS: "reuse" } });
    const page = await h.openPanel();
    await reuseAnId(h, page);
    await sendPrompt(page, "echo again");
    await waitForText(agentBubbles(page), echoed("echo again"));
    await waitForTurnEnd(page);
    const loads = h.agentMessages().filter((m) => m.method === "session/load");
    expect(loads.map((m) => (m.params as { sessionId: string }).sessionId)).toEqual([`${today()}_2`]);
    expect(await userBubbles(page).count()).toBe(1);
    expect(await transcript(page).innerText()).not.toMatch(/lost|not found/i);
    expect(await page.getByRole("alert").count()).toBe(0);
  });

  it("when goose cannot load it either, the message goes to a new session that says why", async () => {
    const h = await launch({ agentEnv: { SCRIPTED_AGENT_GOOSE_IDS: "lost" } });
    const page = await h.openPanel();
    await reuseAnId(h, page);
    await sendPrompt(page, "echo again");
    await waitForText(agentBubbles(page), echoed("echo again"));
    await waitForTurnEnd(page);
    await waitForText(transcript(page), "The agent lost the session this message was sent in, so it was sent here, in a new session.");
    const prompts = h.agentMessages().filter((m) => m.method === "session/prompt");
    expect(prompts.slice(-2).map((m) => (m.params as { sessionId: string }).sessionId)).toEqual([`${today()}_2`, `${today()}_3`]);
    await screenshot(page, "session-reuse-lost");
  });
});
