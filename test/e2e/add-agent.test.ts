/**
 * An agent added with `goose-browser add` while the browser runs: Options lists it without a browser
 * restart, and the panel runs a turn with it. The extension only shows the command; the test runs
 * it, as a user would in a terminal.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryRegistry } from "../../install-scripts/browsers/registry";
import { runCli } from "../../install-scripts/cli";
import { type CliContext, checkoutSource } from "../../install-scripts/cli-context";
import { type Harness, ROOT } from "../helpers/chromium/harness";
import { agentBubbles, LONG, screenshot, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { agentFiles, readNdjson } from "../helpers/e2e-environment";
import { writeRegistryCopy } from "../helpers/registry-copy";
import { useHarness } from "./fixture";

const launch = useHarness();

/** `goose-browser add <id>` in a terminal of the browser's user (the harness's XDG folders and host config). */
async function addAgent(harness: Harness, id: string, registryUrl: string): Promise<string> {
  const out: string[] = [];
  const env = {
    HOME: harness.dir,
    PATH: "/usr/bin:/bin",
    XDG_DATA_HOME: path.join(harness.dir, "data"),
    XDG_CACHE_HOME: path.join(harness.dir, "cache"),
    GOOSE_BROWSER_HOST_CONFIG: agentFiles(harness.dir).hostConfig,
  };
  const ctx: CliContext = {
    p: { platform: process.platform, home: harness.dir, env },
    execPath: process.execPath,
    nodeVersion: process.version,
    source: checkoutSource(ROOT),
    registry: new MemoryRegistry(),
    policyRoot: harness.dir,
    systemRoot: harness.dir,
    out: (t) => void out.push(t),
    err: (t) => void out.push(t),
  };
  const code = await runCli(["add", id, "--registry", registryUrl], ctx);
  expect(code, out.join("")).toBe(0);
  return out.join("");
}

describe("adding an agent while the browser runs", () => {
  it("appears in Options and runs in the panel without a browser restart", async () => {
    const h = await launch();
    const addedLog = path.join(h.dir, "added-agent.ndjson");
    const copy = writeRegistryCopy(h.dir, { SCRIPTED_AGENT_STATE_DIR: h.agentStateDir, SCRIPTED_AGENT_LOG: addedLog });

    const options = await h.context.newPage();
    await options.setViewportSize({ width: 900, height: 1000 });
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    const agent = options.getByRole("region", { name: "Agent" });
    await agent.getByRole("radio", { name: /^goose/ }).waitFor({ timeout: LONG });
    expect(await agent.getByRole("radio").count()).toBe(1);
    // The extension installs nothing: it shows the commands to run, in the npx form (no goose-browser is on
    // an npx user's PATH), and copies one that runs as it is: the list, which ends with the add command.
    await waitForText(agent, "npx -y goose-browser@latest agents");
    await waitForText(agent, "npx -y goose-browser@latest add <id>");
    expect(await agent.innerText()).not.toMatch(/(^|[^@/])goose-browser (agents|add)/m);
    await options.evaluate(() => {
      navigator.clipboard.writeText = async (text: string) => {
        (window as unknown as { copied: string }).copied = text;
      };
    });
    await agent.getByRole("button", { name: "Copy command" }).click();
    await waitForText(agent, "Copied.");
    expect(await options.evaluate(() => (window as unknown as { copied: string }).copied)).toBe("npx -y goose-browser@latest agents");

    await addAgent(h, "scripted-tar", copy.url);
    // No reload of the page, no browser restart: the host saw host.json change and said so.
    const added = agent.getByRole("radio", { name: /^scripted-tar/ });
    await added.waitFor({ timeout: LONG });
    // The new profile's diagnosis follows: where its program is.
    await waitForText(agent, "agents/scripted-tar/1.2.3/bin/scripted-agent");
    await screenshot(options, "options-agent-added");
    await added.check();
    await agent.getByRole("button", { name: "Use this agent" }).click();
    await expect
      .poll(() => fs.readFileSync(h.hostLog, "utf8"), { timeout: LONG })
      .toMatch(/starting agent scripted-tar: .*agents\/scripted-tar\/1\.2\.3\/bin\/scripted-agent/);

    const panel = await h.openPanel();
    await waitForReady(panel);
    await sendPrompt(panel, "echo from the added agent");
    await waitForTurnEnd(panel);
    await waitForText(agentBubbles(panel), "from the added agent");
    // The turn went to the added agent's process, not the goose it replaced.
    const prompts = readNdjson(addedLog).filter((m) => m.method === "session/prompt");
    expect(JSON.stringify(prompts)).toContain("echo from the added agent");
  });
});
