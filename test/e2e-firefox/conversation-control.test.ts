/** Edit and resend in Firefox: the edit goes out in a fork of the session (agent as claude-agent-acp, which offers session/fork). */
import { afterEach, describe, expect, it } from "vitest";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import {
  AGENT_BUBBLES,
  byRole,
  click,
  find,
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

describe("Firefox: edit and resend", () => {
  it("edits an earlier message and sends it in a fork of the session", async () => {
    harness = await launchFirefox({ agentEnv: { SCRIPTED_AGENT_IDENTITY: "claude" } });
    const page = await harness.openPanel();
    await waitForReady(page);
    for (const text of ["echo one", "echo two"]) {
      await sendPrompt(page, text);
      await waitForTurnEnd(page);
    }
    const parentId = harness.agentMessages().find((m) => m.method === "session/prompt")!.params!.sessionId;

    const first = (await page.$$(`${TRANSCRIPT} .user-turn`))[0]!;
    await first.hover();
    const edit = await first.waitForSelector(byRole("button", "Edit"));
    await edit!.click();
    const box = await find(page, byRole("textbox", "Edited message"));
    await box.click();
    await page.keyboard.down("Control");
    await page.keyboard.press("a");
    await page.keyboard.up("Control");
    await box.type("echo uno");
    await screenshot(page, "firefox-edit");
    await click(page, byRole("button", "Send in a fork"));

    await waitForText(page, `${TRANSCRIPT} .notice`, "Forked from “echo one” to edit your message 1.");
    await waitForText(page, AGENT_BUBBLES, JSON.stringify({ type: "text", text: "echo uno" }));
    await waitForTurnEnd(page);
    expect(await texts(page, USER_BUBBLES)).toEqual(["echo uno"]);
    expect((await texts(page, TRANSCRIPT)).join("")).not.toContain("echo two");
    const fork = harness.agentMessages().find((m) => m.method === "session/fork");
    expect(fork?.params?.sessionId).toBe(parentId);
    const last = harness.agentMessages().findLast((m) => m.method === "session/prompt")!;
    expect(last.params!.sessionId).not.toBe(parentId);
    expect((last.params!.prompt as { text: string }[])[0]).toEqual({ type: "text", text: "echo uno" });
  });
});
