/**
 * A working folder that does not exist: Options refuses it before saving (the host checks it), and an
 * agent that cannot start because its saved folder has gone says so in the panel, with a way to
 * Options, until a folder that exists is chosen. A goose that moves sessions (its working-dir/update)
 * takes a new folder without a restart: the open session moves, a refused folder is not saved.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Harness, processesIn } from "../helpers/chromium/harness";
import { LONG, screenshot, waitForReady, waitForText } from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

const storedChoice = (harness: Harness) => harness.worker.evaluate(() => chrome.storage.local.get("goose.agentChoice"));
/** An agent that cannot move a session (goose before 1.50, or another agent): a new folder restarts it, checked by the host. */
const RESTARTS = { agentEnv: { SCRIPTED_AGENT_WITHOUT: "goose-sessions" } };

describe("the agent's working folder", () => {
  it("is refused in Options before it is saved, and the running agent carries on", async () => {
    const h = await launch(RESTARTS);
    const panel = await h.openPanel();
    await waitForReady(panel);
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    const agent = options.getByRole("region", { name: "Agent" });
    await agent.getByRole("textbox", { name: "Working folder" }).fill("/no/such/folder", { timeout: LONG });
    await agent.getByRole("button", { name: "Use this agent" }).click();
    await waitForText(agent, "is not an existing absolute folder");
    const outcome = agent.getByRole("status").filter({ hasText: "Not saved" });
    await waitForText(outcome, "Not saved: the host refused it");
    expect(await agent.innerText()).not.toContain("Saved;");
    expect(await storedChoice(h)).toEqual({});
    // Nothing restarted: the same agent still runs in the host's folder.
    await waitForText(options.getByRole("region", { name: "Diagnostics" }), `is running in ${h.workDir}`);
    expect(h.agentPids().length).toBeGreaterThan(0);
    await screenshot(options, "options-folder-refused");

    // Pressing it again with the same folder is refused again, not left "Checking…".
    await agent.getByRole("button", { name: "Use this agent" }).click();
    await waitForText(agent.getByRole("status"), "Not saved: the host refused it");
  });

  it("a saved folder that has gone: the panel says so with a way to Options, and clears once fixed", async () => {
    const h = await launch(RESTARTS);
    const harness = h;
    const folder = path.join(h.dir, "project");
    fs.mkdirSync(folder);
    const panel = await h.openPanel();
    await waitForReady(panel);
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    const agent = options.getByRole("region", { name: "Agent" });
    await agent.getByRole("textbox", { name: "Working folder" }).fill(folder, { timeout: LONG });
    await agent.getByRole("button", { name: "Use this agent" }).click();
    await waitForText(agent.getByRole("status"), "Saved; the agent restarts.");
    await waitForText(panel.locator("body"), `running in ${folder}`);
    expect(await storedChoice(h)).toEqual({ "goose.agentChoice": { cwd: folder } });
    await options.close();

    // The folder goes away and the agent stops; starting it again is refused by the host.
    const pids = processesIn(folder);
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, "SIGKILL");
    fs.rmSync(folder, { recursive: true });
    const card = panel.getByRole("status").filter({ hasText: "Restart" });
    await card.getByRole("button", { name: "Restart" }).click({ timeout: LONG });
    await waitForText(card, "The agent did not start: its working folder does not exist.");
    await waitForText(card, "Choose an existing folder in Options");
    await screenshot(panel, "panel-folder-gone");

    // Its button opens the options page, where an empty folder means the host's own.
    const [opened] = await Promise.all([
      h.context.waitForEvent("page", { predicate: (p) => p.url().endsWith("/options.html"), timeout: LONG }),
      card.getByRole("button", { name: "Open Options" }).click(),
    ]);
    const agent2 = opened.getByRole("region", { name: "Agent" });
    await waitForText(agent2, "is not an existing absolute folder");
    await agent2.getByRole("textbox", { name: "Working folder" }).fill("", { timeout: LONG });
    await agent2.getByRole("button", { name: "Use this agent" }).click();
    await waitForText(agent2.getByRole("status"), "Saved; the agent restarts.");
    // The error is gone from both pages, and the agent runs in the host's folder.
    await waitForText(panel.locator("body"), `running in ${harness.workDir}`);
    await expect.poll(() => panel.getByText("its working folder does not exist").count(), { timeout: LONG }).toBe(0);
    await expect.poll(() => agent2.getByText("is not an existing absolute folder").count(), { timeout: LONG }).toBe(0);
    expect(await storedChoice(h)).toEqual({ "goose.agentChoice": {} });
  });

  it("goose that moves sessions: the open session moves to the new folder, no restart; new sessions start there; a folder goose refuses is not saved", async () => {
    const h = await launch();
    const panel = await h.openPanel();
    await waitForReady(panel);
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    const agent = options.getByRole("region", { name: "Agent" });
    await waitForText(agent, `The open session works in ${h.workDir}`);

    await agent.getByRole("textbox", { name: "Working folder" }).fill("/no/such/folder", { timeout: LONG });
    await agent.getByRole("button", { name: "Use this agent" }).click();
    await waitForText(agent.getByRole("status"), "Not saved: goose refused the folder: Invalid params: invalid directory path");
    expect(await storedChoice(h)).toEqual({});

    const folder = path.join(h.dir, "moved");
    fs.mkdirSync(folder);
    const pids = h.agentPids();
    await agent.getByRole("textbox", { name: "Working folder" }).fill(folder);
    await agent.getByRole("button", { name: "Use this agent" }).click();
    await waitForText(agent.getByRole("status"), "Saved; goose moved the open sessions there, without a restart.");
    expect(await storedChoice(h)).toEqual({ "goose.agentChoice": { cwd: folder } });
    expect(h.agentPids()).toEqual(pids);
    expect(h.agentMessages().filter((m) => m.method === "initialize")).toHaveLength(1);
    const moved = h.agentMessages().filter((m) => m.method === "_goose/unstable/session/working-dir/update" && m.params?.sessionId);
    expect(moved.at(-1)?.params?.workingDir).toBe(folder);
    await waitForText(panel.locator(".agent-line__folder"), "moved");

    // A new session starts in the chosen folder, from the same agent.
    await panel.getByRole("button", { name: "New session" }).click();
    await expect
      .poll(
        () =>
          h
            .agentMessages()
            .filter((m) => m.method === "session/new")
            .at(-1)?.params?.cwd,
        { timeout: LONG },
      )
      .toBe(folder);
  });
});
