/**
 * goose without a model provider: goose 1.50 answers session/new with an internal error naming the
 * provider it could not resolve, an agent may answer with an auth error (-32000); either way the panel
 * says what to run (`goose configure`) instead of "Internal error" as soon as it opens (it asks for a
 * session then), never calls the agent running, and a message sent anyway stays in the box.
 */
import { describe, expect, it } from "vitest";
import { composer, LONG, screenshot, waitForReady, waitForText } from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

describe("goose without a model provider", () => {
  it.each([
    ["internal", { SCRIPTED_AGENT_NO_PROVIDER: "1" }, "goose has no model provider set up"],
    ["auth", { SCRIPTED_AGENT_AUTH_REQUIRED: "1" }, "The agent needs to be set up"],
  ] as Array<
    [string, Record<string, string>, string]
  >)("session/new fails (%s): the panel shows what to run", async (kind, agentEnv, title) => {
    const h = await launch({ agentEnv });
    const panel = await h.openPanel();
    // The panel asks for a session as it opens: the card is there before anything is typed.
    const card = panel.getByRole("alert");
    await waitForText(card, title, LONG);
    await waitForText(card, "goose configure");
    expect(await card.locator("code").allTextContents()).toContain("goose configure");
    expect(await card.textContent()).not.toMatch(/^Internal error$/m);
    // The agent itself runs: it is its provider that is missing, so Restart after `goose configure` is the fix.
    expect(h.agentMessages().filter((m) => m.method === "session/new")).toHaveLength(1);
    // Not "running": nothing works until it is set up.
    expect(await panel.locator(".agent-line").count()).toBe(0);
    // A message sent anyway asks again, and stays in the box when that fails too.
    await waitForReady(panel);
    await composer(panel).fill("hello");
    await composer(panel).press("Enter");
    await expect.poll(() => h.agentMessages().filter((m) => m.method === "session/new").length, { timeout: LONG }).toBe(2);
    await waitForText(card, title, LONG);
    // The message that asked for the session is still in the box, to send once it is set up.
    expect(await composer(panel).inputValue()).toBe("hello");
    expect(await panel.getByRole("status").filter({ hasText: "Sends when" }).count()).toBe(0);
    await screenshot(panel, `panel-no-provider-${kind}`);
  });
});
