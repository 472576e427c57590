/**
 * What the agent tells the user beside its answers: session notices and context compactions, shown
 * in the transcript for an agent that sends them (the client opted in), and the same news as text
 * from an agent that has them off.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { COMPACTION_SUMMARY, CONTEXT_AFTER, CONTEXT_BEFORE, NOTICE } from "../fixtures/scripted-agent/conversation-events";
import { agentBubbles, screenshot, sendPrompt, transcript, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

const notices = (page: Page) => transcript(page).locator(".notice");
const compactions = (page: Page) => transcript(page).getByRole("region", { name: "Context compaction" });
const thousands = (n: number) => `${Math.round(n / 1000)}k`;

describe("session notices and compaction", () => {
  it("shows the agent's notice and its compaction: what was summarised, the context before and after", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    const init = harness.agentMessages().find((m) => m.method === "initialize");
    expect(init?.params?.clientCapabilities).toMatchObject({ session: { notices: {}, compaction: {} } });

    await sendPrompt(page, "notice");
    await waitForTurnEnd(page);
    await waitForText(notices(page), `${NOTICE.title}: ${NOTICE.description}`);
    expect(await notices(page).filter({ hasText: NOTICE.title }).getAttribute("class")).toContain("notice--warning");
    expect((await agentBubbles(page).allInnerTexts()).some((t) => t.includes(NOTICE.title))).toBe(false);

    await sendPrompt(page, "compact");
    await waitForTurnEnd(page);
    const card = compactions(page);
    await waitForText(card, "Conversation compacted");
    await waitForText(card, `context ${thousands(CONTEXT_BEFORE)} → ${thousands(CONTEXT_AFTER)} tokens`);
    await card.getByText("What was summarised").click();
    await waitForText(card, COMPACTION_SUMMARY.join("").trim());
    await waitForText(agentBubbles(page), "Answered after compacting.");
    await screenshot(page, "notice-and-compaction");
  });

  it("an agent with notices and compaction off says the same in its text: nothing else is shown", async () => {
    const harness = await launch({ agentEnv: { SCRIPTED_AGENT_NOTICES: "0", SCRIPTED_AGENT_COMPACTION: "0" } });
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "notice");
    await waitForTurnEnd(page);
    await waitForText(agentBubbles(page), `${NOTICE.title}: ${NOTICE.description}`);
    expect(await notices(page).filter({ hasText: NOTICE.title }).count()).toBe(0);
    await sendPrompt(page, "compact");
    await waitForTurnEnd(page);
    await waitForText(agentBubbles(page), "The conversation was compacted.");
    expect(await compactions(page).count()).toBe(0);
  });
});
