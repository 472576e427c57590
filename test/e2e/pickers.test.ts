/**
 * Mode and model pickers before the first prompt: the panel opens a session as it opens (goose tells
 * only at session/new whether it can work), so they are that session's, and a pick made there is
 * applied before the first prompt, which goes to that same session.
 */
import { describe, expect, it } from "vitest";
import { LONG, sendPrompt, userBubbles, waitForReady, waitForTurnEnd } from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

describe("pickers before the first prompt", () => {
  it("offers the settings before the first prompt, and a pick applies to the session that prompt goes to", async () => {
    let harness = await launch();
    let page = await harness.openPanel();
    await waitForReady(page);
    // The panel opened a session as it opened: its settings are offered before anything is sent.
    await page.getByRole("combobox", { name: "Model", exact: true }).waitFor({ timeout: LONG });
    await sendPrompt(page, "echo first");
    await waitForTurnEnd(page);

    // Next time with no session open (as after a new install of the extension for this agent):
    // forget which session was open, and come back.
    await harness.worker.evaluate(() => chrome.storage.local.remove("goose.sessionMeta"));
    await harness.closeBrowser();
    const dir = harness.dir;
    const sessionsBefore = harness.agentMessages().filter((m) => m.method === "session/new").length;
    harness = await launch({ reuseDir: dir });
    page = await harness.openPanel();
    await waitForReady(page);

    const mode = page.getByRole("combobox", { name: "Mode", exact: true });
    const model = page.getByRole("combobox", { name: "Model", exact: true });
    await model.waitFor({ timeout: LONG });
    expect(await userBubbles(page).count()).toBe(0);
    // A new session starts in approve mode, and that is what is shown.
    expect(await mode.inputValue()).toBe("approve");
    // The one session opened with the panel, which the first message goes to.
    await expect.poll(() => harness.agentMessages().filter((m) => m.method === "session/new").length).toBe(sessionsBefore + 1);

    const current = await model.inputValue();
    const values = await model.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const wanted = values.find((v) => v !== current);
    expect(wanted, `only one model offered: ${values.join(", ")}`).toBeDefined();
    await model.selectOption(wanted!);
    await expect.poll(() => model.inputValue()).toBe(wanted);

    await sendPrompt(page, "echo second");
    await waitForTurnEnd(page);
    const log = harness.agentMessages();
    const created = log.filter((m) => m.method === "session/new");
    expect(created.length).toBe(sessionsBefore + 1);
    const prompt = log.findIndex((m) => m.method === "session/prompt" && JSON.stringify(m.params).includes("echo second"));
    const sessionId = (log[prompt]!.params as { sessionId: string }).sessionId;
    const set = log.findIndex(
      (m) =>
        m.method === "session/set_config_option" &&
        (m.params as { sessionId: string; configId: string; value: unknown }).sessionId === sessionId &&
        (m.params as { configId: string }).configId === "model" &&
        (m.params as { value: unknown }).value === wanted,
    );
    expect(set, "the pick was never applied to the new session").toBeGreaterThanOrEqual(0);
    expect(set, "the pick was applied after the prompt had started").toBeLessThan(prompt);
    expect(await model.inputValue()).toBe(wanted);
  });
});
