/**
 * Chatting with the real goose from npm (each pinned build, or GOOSE_BINARY), offline with our model
 * server: text and code stream in, the session gets goose's title, approve mode is set before the
 * first prompt and each tool call is asked about, allowed or denied; Stop ends a turn.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useHarness } from "../e2e/fixture";
import {
  agentBubbles,
  LONG,
  sendPrompt,
  stopButton,
  transcript,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { gooseBuilds, launchGoose } from "./real-goose";

const launch = useHarness();

describe.each(gooseBuilds())("goose $version", (build) => {
  it("streams text and code, and names the session with goose's title", async () => {
    const { h, model } = await launchGoose(launch, build);
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hello there goose friend");
    await waitForText(agentBubbles(page), "You said: hello there goose friend");
    await waitForTurnEnd(page);
    // goose wrapped the words in its turn context; the model server read past it.
    const asked = model.requests.find((r) => r.tools?.length);
    expect(JSON.stringify(asked?.messages)).toContain("<turn-context>");
    // goose's own title request, answered with the first four words, names the session tab.
    await waitForText(page.getByRole("tab", { selected: true }), "hello there goose friend");
    // The context meter shows goose's last usage_update (goose 1.50–1.52 report no cost for this model).
    const usage = h
      .agentOutput()
      .map((m) => (m.params?.update ?? {}) as { sessionUpdate?: string; used?: number; size?: number })
      .filter((u) => u.sessionUpdate === "usage_update" && (u.used ?? 0) > 0)
      .at(-1);
    expect(usage?.size).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole("meter", { name: "Context used" }).getAttribute("aria-valuetext"), { timeout: LONG })
      .toMatch(new RegExp(`^Context ${Math.round((100 * usage!.used!) / usage!.size!)}% · `));

    await sendPrompt(page, "code");
    await waitForText(agentBubbles(page), "That is the code.");
    await waitForTurnEnd(page);
    expect(await agentBubbles(page).last().locator("pre code").innerText()).toContain("export function add(a: number, b: number)");
  });

  it("asks before each tool call in approve mode, set before the first prompt; Allow runs it, Deny does not", async () => {
    const { h } = await launchGoose(launch, build);
    const page = await h.openPanel();
    await waitForReady(page);
    const target = path.join(h.workDir, "allowed.txt");
    await sendPrompt(page, `write ${target} written by goose`);
    // The session's mode was switched to approve before this prompt reached goose.
    const sent = h.agentMessages();
    const modeSet = sent.findIndex((m) => m.method === "session/set_config_option" && m.params?.value === "approve");
    expect(modeSet).toBeGreaterThanOrEqual(0);
    expect(modeSet).toBeLessThan(sent.findIndex((m) => m.method === "session/prompt"));

    const request = page.getByRole("group", { name: "Permission request" });
    await request.getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
    await waitForText(agentBubbles(page), `Wrote ${target}.`);
    await waitForTurnEnd(page);
    expect(fs.readFileSync(target, "utf8")).toBe("written by goose\n");

    const denied = path.join(h.workDir, "denied.txt");
    await sendPrompt(page, `write ${denied} never`);
    await request.getByRole("button", { name: "Deny", exact: true }).click({ timeout: LONG });
    await waitForTurnEnd(page);
    expect(fs.existsSync(denied)).toBe(false);
    const asked = h.agentOutput().filter((m) => m.method === "session/request_permission");
    expect(asked).toHaveLength(2);
  });

  it("Stop ends a running turn", async () => {
    const { h } = await launchGoose(launch, build);
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "slow 30");
    await waitForText(agentBubbles(page), "tick 3");
    await stopButton(page).click();
    await waitForText(transcript(page).locator(".notice"), "Stopped.");
    await waitForTurnEnd(page);
    expect(h.agentMessages().filter((m) => m.method === "session/cancel")).toHaveLength(1);
    const stopped = await agentBubbles(page).last().innerText();
    // The turn is over for goose too: the next prompt is answered, and the stopped one never grows.
    await sendPrompt(page, "after the stop");
    await waitForText(agentBubbles(page), "You said: after the stop");
    await waitForTurnEnd(page);
    expect(await agentBubbles(page).filter({ hasText: "tick" }).last().innerText()).toBe(stopped);
  });
});
