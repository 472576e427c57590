/**
 * The real goose from npm before `goose configure`: no provider. goose answers session/new with an
 * internal error naming GOOSE_PROVIDER, so the panel opens a session as it opens to learn it, and
 * says what to run before the user has typed anything.
 */
import { describe, expect, it } from "vitest";
import { useHarness } from "../e2e/fixture";
import { composer, LONG, waitForText } from "../helpers/chromium/panel";
import { gooseBuilds, launchGoose } from "./real-goose";

const launch = useHarness();

describe.each(gooseBuilds())("goose $version", (build) => {
  it("without a provider: the panel shows what to run when it opens, and never says goose is running", async () => {
    const { h } = await launchGoose(launch, build, { provider: false });
    const panel = await h.openPanel();
    const card = panel.getByRole("alert");
    await waitForText(card, "goose has no model provider set up", LONG);
    expect(await card.locator("code").allTextContents()).toContain("goose configure");
    const failed = h.agentOutput().find((m) => m.error && /GOOSE_PROVIDER/.test(JSON.stringify(m.error)));
    expect(failed?.error?.code).toBe(-32603);
    expect(await panel.locator("body").innerText()).not.toMatch(/\brunning\b/i);
    // What the user types meanwhile stays theirs.
    await composer(panel).fill("hello");
    await composer(panel).press("Enter");
    expect(await composer(panel).inputValue()).toBe("hello");
  });
});
