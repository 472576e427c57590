/** Agent output is untrusted: markdown renders, raw HTML never runs, and huge output does not break the link. */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  agentBubbles,
  LONG,
  screenshot,
  sendPrompt,
  toolCard,
  transcript,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();

describe("agent output", () => {
  it("renders markdown (table, code with Copy, safe links) and never runs the HTML bait", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "markdown");
    await waitForText(agentBubbles(page), "A quote, to finish.");
    await waitForTurnEnd(page);

    const reply = agentBubbles(page).last();
    await reply.getByRole("heading", { name: "Markdown rendering check" }).waitFor();
    const table = reply.getByRole("table");
    expect(await table.count()).toBe(1);
    expect(await table.getByRole("columnheader").allInnerTexts()).toEqual(["Tool", "Purpose"]);
    expect(await table.getByRole("cell", { name: "runs commands" }).count()).toBe(1);

    const code = reply.locator("pre code");
    expect(await code.innerText()).toContain("export function greet(name: string): string {");
    const copy = reply.getByRole("button", { name: "Copy code" });
    expect(await copy.count()).toBe(1);
    // Reading the clipboard back needs a permission an extension page can't be granted here, so
    // record what the page writes to it instead.
    await page.evaluate(() => {
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      clipboard.writeText = (text: string) => {
        (window as { __copied?: string }).__copied = text;
        return write(text);
      };
    });
    await copy.click();
    // The button says how it went, then goes back to "Copy".
    const feedback = reply.getByRole("button", { name: /^(Copied|Copy failed)$/ });
    await feedback.waitFor();
    expect(await feedback.innerText()).toBe("Copied");
    expect(await page.evaluate(() => (window as { __copied?: string }).__copied)).toBe(await code.textContent());
    await copy.waitFor();

    const link = reply.getByRole("link", { name: "link to goose" });
    expect(await link.getAttribute("href")).toBe("https://block.github.io/goose/");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toMatch(/noopener/);

    // The bait: shown or dropped, never run.
    expect(await page.evaluate(() => (window as { __scriptedAgentXss?: unknown }).__scriptedAgentXss)).toBeUndefined();
    expect(await page.locator("img[onerror], [onerror], [onload], [onclick]").count()).toBe(0);
    expect(await transcript(page).locator("img, script, iframe, object, embed").count()).toBe(0);
    await screenshot(page, "xss-markdown");
  });

  it("shows a 2 MiB tool result without losing the connection to goose", async () => {
    const harness = await launch();
    const page = await harness.openPanel();
    await waitForReady(page);
    const pids = harness.agentPids();
    await sendPrompt(page, "huge 2");
    const card = toolCard(page, "developer: shell · cat big.log");
    // Approve mode asks for every tool, read-only or not.
    await card.getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
    await waitForText(card.locator(".tool__status"), "Done");
    await waitForText(agentBubbles(page), "That was a lot of output.");
    await waitForTurnEnd(page);
    await waitForText(card, "line 0000001: scripted output");
    await screenshot(page, "xss-huge");

    // Same agent, same connection: the host chunked the line and nothing was restarted.
    await waitForText(page.getByRole("status"), "is running");
    expect(harness.agentPids()).toEqual(pids);
    expect(harness.agentMessages().filter((m) => m.method === "initialize")).toHaveLength(1);
    expect(fs.readFileSync(harness.hostLog, "utf8")).toMatch(/agent message of \d+ bytes sent in chunks/);
    await sendPrompt(page, "echo still connected");
    await waitForText(agentBubbles(page), JSON.stringify({ type: "text", text: "echo still connected" }));
    await waitForTurnEnd(page);
  });
});
