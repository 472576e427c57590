/** Session tabs in Firefox's sidebar: a new tab opens, tabs switch with their own transcripts, closing one sends session/close. */
import { afterEach, describe, expect, it } from "vitest";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import {
  AGENT_BUBBLES,
  byRole,
  click,
  LONG,
  screenshot,
  sendPrompt,
  TRANSCRIPT,
  texts,
  USER_BUBBLES,
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

const TABS = '[role="tablist"][aria-label="Sessions"] [role="tab"]';
const echoed = (prompt: string) => JSON.stringify({ type: "text", text: prompt });

describe("Firefox: session tabs", () => {
  it("opens a second tab, switches between the two transcripts, and closing one sends session/close", async () => {
    harness = await launchFirefox();
    const h = harness;
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "echo first tab");
    await waitForText(page, AGENT_BUBBLES, echoed("echo first tab"));
    await waitForTurnEnd(page);

    await click(page, byRole("button", "New session"));
    await waitForGone(page, TRANSCRIPT);
    await waitForReady(page);
    await sendPrompt(page, "echo second tab");
    await waitForText(page, AGENT_BUBBLES, echoed("echo second tab"));
    await waitForTurnEnd(page);
    await expect.poll(() => texts(page, TABS), { timeout: LONG }).toEqual(["echo first tab", "echo second tab"]);
    await screenshot(page, "session-tabs");

    await click(page, byRole("tab", "echo first tab"));
    await waitForText(page, USER_BUBBLES, "echo first tab");
    expect((await texts(page, TRANSCRIPT)).join("")).not.toContain("second");
    await click(page, byRole("tab", "echo second tab"));
    await waitForText(page, USER_BUBBLES, "echo second tab");
    expect((await texts(page, TRANSCRIPT)).join("")).not.toContain("first tab");

    const prompts = h.agentMessages().filter((m) => m.method === "session/prompt");
    const second = prompts.at(-1)?.params?.sessionId;
    await click(page, byRole("button", "Close echo second tab"));
    await expect.poll(() => texts(page, TABS), { timeout: LONG }).toEqual(["echo first tab"]);
    await waitForText(page, USER_BUBBLES, "echo first tab");
    await expect
      .poll(
        () =>
          h
            .agentMessages()
            .filter((m) => m.method === "session/close")
            .map((m) => m.params?.sessionId),
        { timeout: LONG },
      )
      .toEqual([second]);
  });
});
