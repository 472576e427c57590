/**
 * goose's extensions and recipes from the panel (issue #38), with the real goose from npm: the
 * session's extensions as goose lists them, ours included, with one that failed to start shown with
 * goose's reason; one turned off and on with goose's own methods, and goose's next list agreeing; a
 * session started from a recipe with one parameter, asked in the panel's form and given to goose when
 * it asks (`_goose/unstable/session/recipe/request-params`), the rendered prompt sent by the panel;
 * and a session that used a browser tool saved as a recipe that `goose recipe validate` passes, whose
 * run asks for the same browser action.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useHarness } from "../e2e/fixture";
import { E2E_BUILD, permission, toolSwitch } from "../helpers/chromium/browser-tools-panel";
import type { Harness } from "../helpers/chromium/harness";
import { agentBubbles, LONG, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { gooseBuilds, launchGoose } from "./real-goose";

const launch = useHarness();

const RECIPE_YAML = [
  "version: 1.0.0",
  "title: Animal facts",
  "description: Facts about one animal",
  "instructions: Answer briefly about {{ animal }}.",
  "prompt: Tell me about {{ animal }}",
  "parameters:",
  "- key: animal",
  "  input_type: string",
  "  requirement: required",
  "  description: Which animal",
  "",
].join("\n");

async function openFromMenu(panel: Page, item: string): Promise<void> {
  await panel.getByRole("button", { name: "More actions" }).click();
  await panel.getByRole("menuitem", { name: item }).click();
}

/** goose's answers to the session's extensions/list, newest last: the extension keys it listed. */
function listedKeys(h: Harness): string[][] {
  const asked = new Set(
    h
      .agentMessages()
      .filter((m) => m.method === "_goose/unstable/session/extensions/list" && (m.params as { sessionId?: string })?.sessionId)
      .map((m) => m.id),
  );
  return h
    .agentOutput()
    .filter((m) => asked.has(m.id) && m.result)
    .map((m) => (m.result as { extensions: { extensionKey: string }[] }).extensions.map((e) => e.extensionKey).sort());
}

/** goose's config folder: the harness gives the browser, and so the host and goose, their own XDG_CONFIG_HOME. */
const gooseConfig = (h: Harness) => path.join(h.dir, "config/goose");

describe.each(gooseBuilds())("goose $version extensions and recipes", (build) => {
  it("lists the session's extensions (ours, and one that failed, with goose's reason) and turns one off and on", async () => {
    const { h } = await launchGoose(launch, build, { extensionDir: E2E_BUILD });
    // A server in goose's own config that exits at once: goose starts the session without it and says why.
    fs.mkdirSync(gooseConfig(h), { recursive: true });
    const broken =
      "extensions:\n  broken:\n    enabled: true\n    type: stdio\n    name: broken\n    cmd: /bin/false\n    args: []\n    timeout: 10\n";
    fs.writeFileSync(path.join(gooseConfig(h), "config.yaml"), broken);
    const panel = await h.openPanel();
    await waitForReady(panel);
    // goose advertises none of these: asked once without a sessionId (goose answers -32602).
    await expect
      .poll(() => h.agentMessages().find((m) => m.method === "_goose/unstable/recipes/decode")?.params, { timeout: LONG })
      .toEqual({});
    await toolSwitch(panel).click();
    await expect
      .poll(() => h.agentMessages().some((m) => m.method === "_goose/unstable/session/extensions/add"), { timeout: LONG })
      .toBe(true);

    await openFromMenu(panel, "Extensions");
    const view = panel.getByRole("region", { name: "Extensions of this session" });
    const row = (key: string) => view.locator(`[data-extension="${key}"]`);
    await expect.poll(() => row("browser").getByRole("switch").getAttribute("aria-checked"), { timeout: LONG }).toBe("true");
    await waitForText(row("broken"), "Failed to start: process quit before initialization");
    expect(await row("broken").getByRole("switch").isDisabled()).toBe(true);
    expect(listedKeys(h).at(-1)).toEqual(expect.arrayContaining(["analyze", "browser", "developer"]));
    expect(listedKeys(h).at(-1)).not.toContain("broken");

    // Off with goose's remove; goose's own list then leaves it out, and the panel still shows it, off.
    await view.getByRole("switch", { name: "Analyze on" }).click();
    await view.getByRole("switch", { name: "Analyze off" }).waitFor({ timeout: LONG });
    const removed = h.agentMessages().find((m) => m.method === "_goose/unstable/session/extensions/remove");
    expect(removed?.params).toMatchObject({ extensionKey: "analyze" });
    const lists = listedKeys(h).length;
    await panel.getByRole("button", { name: "Back" }).click();
    await openFromMenu(panel, "Extensions");
    await expect.poll(() => listedKeys(h).length, { timeout: LONG }).toBeGreaterThan(lists);
    expect(listedKeys(h).at(-1)).not.toContain("analyze");
    await view.getByRole("switch", { name: "Analyze off" }).waitFor({ timeout: LONG });

    // On again with goose's add of the extension as goose listed it.
    await view.getByRole("switch", { name: "Analyze off" }).click();
    await view.getByRole("switch", { name: "Analyze on" }).waitFor({ timeout: LONG });
    const added = h
      .agentMessages()
      .filter((m) => m.method === "_goose/unstable/session/extensions/add")
      .at(-1);
    expect(added?.params).toMatchObject({ extension: { type: "platform", name: "analyze" } });
    const again = listedKeys(h).length;
    await panel.getByRole("button", { name: "Back" }).click();
    await openFromMenu(panel, "Extensions");
    await expect.poll(() => listedKeys(h).length, { timeout: LONG }).toBeGreaterThan(again);
    expect(listedKeys(h).at(-1)).toContain("analyze");

    // Ours follows the browser-tools switch: off here is off there, and the host takes it out of the session.
    await row("browser").getByRole("switch").click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-label"), { timeout: LONG }).toBe("Browser: off");
    await expect
      .poll(
        () =>
          h
            .agentMessages()
            .some((m) => m.method === "_goose/unstable/session/extensions/remove" && m.id?.toString().startsWith("goose-browser-host/")),
        {
          timeout: LONG,
        },
      )
      .toBe(true);
  });

  it("starts a session from a saved recipe and from a pasted link, asking its one parameter in a form", async () => {
    const { h } = await launchGoose(launch, build);
    fs.mkdirSync(path.join(gooseConfig(h), "recipes"), { recursive: true });
    fs.writeFileSync(path.join(gooseConfig(h), "recipes/animal-facts.yaml"), RECIPE_YAML);
    const panel = await h.openPanel();
    await waitForReady(panel);

    await openFromMenu(panel, "Start from a recipe");
    const view = panel.getByRole("region", { name: "Recipes" });
    await view.getByText("Animal facts").waitFor({ timeout: LONG });
    await view.getByRole("button", { name: "Use" }).click();
    const form = view.getByRole("form", { name: "Start Animal facts" });
    await form.getByLabel("animal: Which animal").fill("otters");
    await form.getByRole("button", { name: "Start session" }).click();
    await waitForText(agentBubbles(panel), "You said: Tell me about otters");
    await waitForTurnEnd(panel);
    const started = h
      .agentMessages()
      .filter((m) => m.method === "session/new")
      .at(-1);
    expect((started?.params as { _meta?: Record<string, unknown> })._meta).toEqual({ recipeId: expect.any(String) });
    // goose asked the client for the parameter, and got the form's value.
    const asked = h.agentOutput().find((m) => m.method === "_goose/unstable/session/recipe/request-params");
    expect(asked?.params).toMatchObject({ parameters: [{ key: "animal", requirement: "required" }] });
    const answered = h.agentMessages().find((m) => m.id === asked?.id && m.method === undefined);
    expect(answered?.result).toEqual({ action: "submit", values: { animal: "otters" } });
    expect(h.agentMessages().find((m) => m.method === "initialize")?.params).toMatchObject({
      clientCapabilities: { _meta: { goose: { recipeParameterRequests: true } } },
    });

    // A goose://recipe link, as goose Desktop shares one: the recipe's JSON in URL-safe base64.
    const recipe = {
      version: "1.0.0",
      title: "Linked facts",
      description: "From a link",
      prompt: "Describe {{ place }}",
      parameters: [{ key: "place", input_type: "string", requirement: "required", description: "Which place" }],
    };
    const link = `goose://recipe?config=${Buffer.from(JSON.stringify(recipe)).toString("base64url")}`;
    await openFromMenu(panel, "Start from a recipe");
    await view.getByLabel("goose://recipe link").fill(link);
    await view.getByRole("button", { name: "Open link" }).click();
    const linked = view.getByRole("form", { name: "Start Linked facts" });
    await linked.getByLabel("place: Which place").fill("Lisbon");
    await linked.getByRole("button", { name: "Start session" }).click();
    await waitForText(agentBubbles(panel), "You said: Describe Lisbon");
    const viaLink = h
      .agentMessages()
      .filter((m) => m.method === "session/new")
      .at(-1);
    expect((viaLink?.params as { _meta?: Record<string, unknown> })._meta).toEqual({ recipeDeeplink: expect.any(String) });

    // What is not a recipe gets goose's reason, and no session starts.
    const sessionsBefore = h.agentMessages().filter((m) => m.method === "session/new").length;
    await openFromMenu(panel, "Start from a recipe");
    await view.getByLabel("goose://recipe link").fill("just some words, not a recipe");
    await view.getByRole("button", { name: "Open link" }).click();
    await waitForText(view.locator(".notice--error"), "Reading the recipe failed: recipe:");
    // A recipe whose extension is a command: the form names it before anything starts.
    const withCommand = {
      ...recipe,
      title: "Runs a command",
      extensions: [{ type: "stdio", name: "tool", cmd: "/usr/bin/env", args: ["true"], timeout: 10 }],
    };
    await view
      .getByLabel("goose://recipe link")
      .fill(`goose://recipe?config=${Buffer.from(JSON.stringify(withCommand)).toString("base64url")}`);
    await view.getByRole("button", { name: "Open link" }).click();
    await waitForText(
      view.getByRole("form", { name: "Start Runs a command" }),
      "This recipe has goose run a command on this computer: /usr/bin/env true",
    );
    expect(h.agentMessages().filter((m) => m.method === "session/new")).toHaveLength(sessionsBefore);
  });

  it("saves a session that used a browser tool as a recipe goose validates, whose run asks for the same action", async () => {
    const { h, home } = await launchGoose(launch, build, { extensionDir: E2E_BUILD });
    const panel = await h.openPanel();
    await waitForReady(panel);
    await toolSwitch(panel).click();
    await expect.poll(() => toolSwitch(panel).getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");

    /** Sends `line`, answers goose's question Allow once, and waits for the turn's end: goose's question, as shown. */
    const runAllowing = async (send: () => Promise<void>) => {
      await send();
      const question = permission(panel);
      await question.waitFor({ timeout: LONG });
      const shown = await question.innerText();
      await question.getByRole("button", { name: "Allow once", exact: true }).click();
      await waitForTurnEnd(panel);
      return shown;
    };
    const first = await runAllowing(() => sendPrompt(panel, "browser list_tabs"));
    expect(first).toContain("list tabs");

    await openFromMenu(panel, "Save as recipe");
    const view = panel.getByRole("region", { name: "Recipes" });
    const saved = view.getByRole("status");
    await waitForText(saved, "Saved as a goose recipe:");
    const file = await saved.locator("code").first().innerText();
    expect(path.dirname(file)).toBe(path.join(gooseConfig(h), "recipes"));
    await waitForText(saved, `goose schedule add --schedule-id`);
    // goose's own check of the file.
    const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(h.dir, "config") };
    const validated = execFileSync(build.binary, ["recipe", "validate", file], { env, encoding: "utf8" });
    expect(validated).toMatch(/valid/i);
    const yaml = fs.readFileSync(file, "utf8");
    expect(yaml).toContain("prompt: browser list_tabs");
    expect(yaml).toMatch(/1\. list_tabs/);
    // goose's own extensions the session had; a recipe that names them starts those alone, so the host
    // adds our server to its sessions itself.
    expect(yaml).toMatch(/name: developer/);

    // Its run: the same prompt in a new session, and goose asks for the same browser action.
    const title = await view.locator(".goose-list__item").first().locator(".goose-list__name").innerText();
    await view.locator(".goose-list__item", { hasText: title }).getByRole("button", { name: "Use" }).click();
    const again = await runAllowing(() => view.getByRole("button", { name: "Start session" }).click());
    expect(again).toContain("list tabs");
    const sessions = h.agentMessages().filter((m) => m.method === "session/new");
    expect((sessions.at(-1)?.params as { _meta?: Record<string, unknown> })._meta).toEqual({ recipeId: expect.any(String) });
  });
});
