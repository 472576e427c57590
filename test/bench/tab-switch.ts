/**
 * Switching session tabs in the real panel (headless Debian Chromium, the built extension, host and
 * scripted agent): two 2,000-message sessions open in two tabs, then a click on the other tab →
 * its newest message painted, measured in the panel (the click, the command to the background, the
 * activation event back, the projection and the message list's first render of the other session,
 * then the frame that shows it). `BENCH_PART=tab-switch` in run.ts; needs `npm run build:host`,
 * `npx wxt build` and `npm run build:fixtures`.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { type Harness, launchExtension } from "../helpers/chromium/harness";
import { writeLongSession } from "../helpers/chromium/long-session";
import { LONG, waitForReady } from "../helpers/chromium/panel";

const MESSAGES = 2_000;
const SWITCHES = 20;
const GOAL_MS = 100;

export interface TabSwitchResult {
  messages: number;
  switches: number[];
  browser: string;
}

/** A second long session: the helper's file under another id, its last message naming it. */
function writeSession(h: Harness, title: string, id: string): void {
  const written = writeLongSession(h, title, MESSAGES);
  const dir = path.join(h.agentStateDir, "sessions");
  const record = JSON.parse(fs.readFileSync(path.join(dir, `${written}.json`), "utf8"));
  record.sessionId = id;
  record.history.at(-1).content.text += ` [${id}]`;
  fs.rmSync(path.join(dir, `${written}.json`));
  fs.writeFileSync(path.join(dir, `${id}.json`), JSON.stringify(record));
}

async function openFromHistory(page: Page, title: string, marker: string): Promise<void> {
  await page.getByRole("button", { name: "History" }).click();
  const item = page.getByRole("region", { name: "Session history" }).getByRole("button", { name: title, exact: true });
  await item.click({ timeout: LONG });
  await page.locator(".message--agent").filter({ hasText: marker }).waitFor({ timeout: LONG });
  await waitForReady(page);
}

/** In the page: clicks the tab named `title`, resolves with the time until a frame showing `marker` was painted. */
function switchProbe({ title, marker }: { title: string; marker: string }): Promise<number> {
  const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.innerText.includes(title));
  if (!tab) throw new Error(`no tab ${title}`);
  const shows = () => {
    const agents = document.querySelectorAll<HTMLElement>('[role="log"] .message--agent');
    return agents[agents.length - 1]?.textContent?.includes(marker) ?? false;
  };
  const t0 = performance.now();
  tab.click();
  return new Promise((resolve) => {
    const check = () => {
      if (!shows()) {
        requestAnimationFrame(check);
        return;
      }
      // Shown in this frame's DOM: the task after the next frame runs once it is painted.
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
    };
    check();
  });
}

export async function runTabSwitchBench(): Promise<TabSwitchResult> {
  const h = await launchExtension();
  try {
    writeSession(h, "Tab A", "sess_tab_a");
    writeSession(h, "Tab B", "sess_tab_b");
    const page = await h.openPanel();
    await page.setViewportSize({ width: 380, height: 600 });
    await waitForReady(page);
    // tsx keeps function names with `__name(...)` calls; the page needs that helper to run the probe.
    await page.evaluate("globalThis.__name ??= (fn) => fn");
    await openFromHistory(page, "Tab A", "[sess_tab_a]");
    await openFromHistory(page, "Tab B", "[sess_tab_b]");
    const switches: number[] = [];
    for (let i = 0; i < SWITCHES + 2; i++) {
      const [title, marker] = i % 2 === 0 ? ["Tab A", "[sess_tab_a]"] : ["Tab B", "[sess_tab_b]"];
      const ms = await page.evaluate(switchProbe, { title, marker });
      // The first switch each way warms up (the code paths' first run).
      if (i >= 2) switches.push(ms);
      await page.waitForTimeout(100);
    }
    return { messages: MESSAGES, switches, browser: h.context.browser()?.version() ?? "Chromium" };
  } catch (error) {
    console.error(h.diagnostics().slice(-4000));
    throw error;
  } finally {
    await h.close();
  }
}

export function tabSwitchSection(r: TabSwitchResult, machine: string, date: string): string {
  const sorted = [...r.switches].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const median = at(0.5);
  return `## Switching session tabs (measured ${date} on ${machine}; ${r.browser}, headless, 380×600)

Two ${r.messages.toLocaleString("en")}-message sessions open in two tabs (each loaded from History once); then ${r.switches.length}
switches, alternating, after one warm-up each way. Each is timed in the panel from the click on the other tab to the
first painted frame whose newest message is that session's: the command to the background, the activation event
back, the projection onto signals and the message list's render of the newest entries (test/bench/tab-switch.ts).

| measure | goal | measured | |
|---|---|---|---|
| click → the other transcript painted, median | ≤ ${GOAL_MS} ms | ${median.toFixed(1)} ms | ${median <= GOAL_MS ? "met" : "**not met**"} |
| same, p90 / max | | ${at(0.9).toFixed(1)} / ${sorted.at(-1)!.toFixed(1)} ms | |
`;
}
