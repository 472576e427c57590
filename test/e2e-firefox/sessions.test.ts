/** Sessions in Firefox: History shows another session (its tab); a reopened sidebar shows it again. */
import { afterEach, describe, expect, it } from "vitest";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import {
  AGENT_BUBBLES,
  byRole,
  click,
  find,
  openNewSession,
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

const HISTORY = '[aria-label="Session history"]';

describe("Firefox: sessions", () => {
  it("switches to the other session from History; a reopened sidebar shows it again", async () => {
    harness = await launchFirefox();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo alpha first session");
    await waitForText(page, AGENT_BUBBLES, "alpha first session");
    await waitForTurnEnd(page);

    await openNewSession(page);
    await sendPrompt(page, "echo beta second session");
    await waitForText(page, AGENT_BUBBLES, "beta second session");
    await waitForTurnEnd(page);
    expect((await texts(page, TRANSCRIPT)).join("")).not.toContain("alpha");

    await click(page, byRole("button", "History"));
    await find(page, HISTORY);
    await waitForText(page, `${HISTORY} .history__title`, "echo beta second session");
    // Newest first.
    expect(await texts(page, `${HISTORY} .history__title`)).toEqual(["echo beta second session", "echo alpha first session"]);
    await screenshot(page, "sessions-history");
    await click(page, `${HISTORY} ${byRole("button", "echo alpha first session")}`);

    await waitForText(page, USER_BUBBLES, "echo alpha first session");
    await waitForText(page, AGENT_BUBBLES, JSON.stringify({ type: "text", text: "echo alpha first session" }));
    expect(await texts(page, USER_BUBBLES)).toHaveLength(1);
    expect((await texts(page, TRANSCRIPT)).join("")).not.toContain("beta");
    // Both are open tabs: the session is still in memory, shown without a replay.
    expect(harness.agentMessages().filter((m) => m.method === "session/load")).toHaveLength(0);

    // Closing and reopening the sidebar (a fresh document) shows the session it left, from the background's state.
    await harness.reloadPanel(page);
    await waitForText(page, AGENT_BUBBLES, JSON.stringify({ type: "text", text: "echo alpha first session" }));
    expect(await texts(page, USER_BUBBLES)).toEqual(["echo alpha first session"]);
    expect(harness.agentMessages().filter((m) => m.method === "session/load")).toHaveLength(0);
  });
});
