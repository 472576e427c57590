/**
 * The screenshot tour: every screen of the side panel, reached the way a user would against the
 * scripted agent, each looked at three panel widths (240 px, Firefox's narrowest sidebar; 320 px,
 * Chrome's narrowest side panel; 420 px) in light and dark. At each width the layout checks
 * (helpers/chromium/layout.ts) must find nothing: no control across the panel's edge, no sideways
 * scroll, a one-row header that leaves the title its room, one filled button per place at most, and
 * at 240 px no row of buttons wrapped with one alone on its line. The screenshots are the artifact, written to
 * test-results/tour/<screen>-<width>-<light|dark>.png (gitignored) for a person to look at, never
 * compared pixel by pixel; frame.json beside them says how much height the header and the composer take, and
 * how much the conversation gets, on each screen at each width.
 *
 * A new screen is one entry in a walk's `screens` (or a new walk): its name and how to reach it
 * from the screen before.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Harness, type HarnessOptions, ROOT } from "../helpers/chromium/harness";
import { layoutProblems } from "../helpers/chromium/layout";
import {
  agentBubbles,
  composer,
  LONG,
  menuButton,
  openNewSession,
  sendButton,
  sendPrompt,
  stopButton,
  toolCard,
  transcript,
  userBubbles,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { FAKE_GOOSE } from "../helpers/e2e-environment";
import { useHarness } from "./fixture";

const TOUR = path.join(ROOT, "test-results/tour");
const WIDTHS = [240, 320, 420] as const;
const HEIGHT = 640;

interface Tour {
  harness: Harness;
  page: Page;
}

interface Screen {
  name: string;
  /** Looked at this tall instead of HEIGHT, and at 320 px the conversation must keep this share of it. */
  tall?: { height: number; transcriptShare: number };
  /** From the screen before it in its walk (or a freshly opened panel) to this one; asserts what it must show. */
  reach(t: Tour): Promise<void>;
}

interface Walk {
  name: string;
  launch?: HarnessOptions;
  /** Waits for the freshly opened panel before the first screen (default: the agent is ready). */
  opened?(page: Page): Promise<void>;
  screens: Screen[];
}

/** Enter while a turn runs queues the message. */
async function queueMessage(page: Page, text: string): Promise<void> {
  const items = page.getByRole("region", { name: "Queued messages" }).getByRole("listitem");
  const before = await items.count();
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect.poll(() => items.count(), { timeout: LONG }).toBe(before + 1);
}

// What the panel showed when a walk stopped.
const launch = useHarness(async (harness) => {
  for (const [i, page] of harness.context.pages().entries()) {
    await page.screenshot({ path: path.join(TOUR, `failed-${i}.png`) }).catch(() => undefined);
  }
});

const WALKS: Walk[] = [
  {
    name: "no host installed: the setup screen",
    launch: { manifest: "missing" },
    opened: (page) => waitForText(page.locator("main"), "not installed"),
    screens: [
      { name: "setup", reach: async () => {} },
      {
        // The other way in, unfolded: its own main action (Connect), its Copy a secondary button.
        name: "setup-direct",
        reach: async ({ page }) => {
          await page.getByText("No host? Connect to goose serve directly").click();
          await page.getByRole("button", { name: "Connect to goose serve" }).waitFor();
        },
      },
    ],
  },
  {
    name: "first run without an agent: says it was not found and how to fix it",
    launch: { gooseCommand: "/nonexistent/bin/goose" },
    opened: (page) => waitForText(page.getByRole("status"), "was not found"),
    screens: [
      {
        name: "not-found",
        reach: async ({ page }) => expect(await sendButton(page).isDisabled()).toBe(true),
      },
    ],
  },
  {
    name: "a session: empty, menu, streaming, approval, diff, denied, stopped, settings, crash, restart, long title, tabs, history, search",
    screens: [
      {
        // The session the panel opened as it opened: an invitation, no context meter (nothing used yet).
        name: "empty",
        reach: async ({ page }) => {
          await waitForText(page.locator(".empty"), "Ask");
          expect(await page.locator(".usage").count()).toBe(0);
        },
      },
      {
        name: "menu",
        reach: async ({ page }) => {
          await menuButton(page).click();
          const menu = page.getByRole("menu", { name: "More actions" });
          await menu.getByRole("menuitem", { name: "Options" }).waitFor();
          // Nothing to export in an empty session: the item says so instead of doing nothing.
          expect(await menu.getByRole("menuitem", { name: "Export as Markdown" }).getAttribute("aria-disabled")).toBe("true");
        },
      },
      {
        // The answer grows under a working indicator; Stop is offered.
        name: "streaming",
        reach: async ({ page }) => {
          await page.keyboard.press("Escape");
          await sendPrompt(page, "hold");
          await waitForText(agentBubbles(page), /tick [1-9]/);
          await waitForText(transcript(page).locator(".working"), /Working… \d+:\d\d/);
          await stopButton(page).waitFor();
        },
      },
      {
        // Approval of an edit: the diff says what will change; the raw input stays folded.
        name: "approval",
        reach: async ({ harness, page }) => {
          fs.writeFileSync(path.join(harness.workDir, "release"), "");
          await waitForTurnEnd(page);
          expect(await transcript(page).locator(".working").count()).toBe(0);
          // A turn reported usage: now the meter shows, named.
          await page.getByRole("meter", { name: "Context used" }).waitFor({ timeout: LONG });
          expect(await page.locator(".usage").getAttribute("title")).toMatch(/^This session fills \d+% of the model's context window/);
          await sendPrompt(page, "diff");
          const edit = toolCard(page, /developer: text editor/);
          await waitForText(edit, "Awaiting approval");
          expect(await edit.innerText(), "no absolute path anywhere on the card").not.toContain(harness.workDir);
          const input = edit.locator("details.tool__section");
          if ((await input.count()) > 0) expect(await input.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
          await edit.getByRole("button", { name: "Allow once" }).waitFor();
          // Waiting on the user is not "working".
          await waitForText(transcript(page).locator(".working"), "Waiting for your approval");
        },
      },
      {
        // The lasting answers open on a row of their own under More; the first row keeps its place.
        name: "approval-more",
        reach: async ({ page }) => {
          await page.getByRole("button", { name: "More answers" }).click();
          await page.getByRole("button", { name: "Always allow" }).first().waitFor();
        },
      },
      {
        // The finished edit: the diff and its +/− summary fit the panel's width.
        name: "tool-diff",
        reach: async ({ harness, page }) => {
          const edit = toolCard(page, /developer: text editor/);
          await edit.getByRole("button", { name: "Allow once" }).click();
          await waitForTurnEnd(page);
          await waitForText(edit.locator(".tool__status"), "Done");
          expect(await edit.innerText(), "no absolute path in the finished card either").not.toContain(harness.workDir);
          const diff = edit.locator("figure.diff").last();
          expect(await diff.locator(".diff__scroll").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
          await diff.scrollIntoViewIfNeeded();
        },
      },
      {
        // A write served by the host: the diff from disk and Undo in the card, the turn's review under the transcript.
        name: "file-edit",
        reach: async ({ harness, page }) => {
          fs.writeFileSync(path.join(harness.workDir, "notes.txt"), "first line\nsecond line\n");
          await sendPrompt(page, 'write notes.txt "first line\\nchanged line\\n"');
          await page
            .getByRole("group", { name: "Permission request" })
            .getByRole("button", { name: "Allow once" })
            .click({ timeout: LONG });
          await waitForTurnEnd(page);
          const edit = page.getByRole("region", { name: "Edit of notes.txt" });
          const diff = edit.getByRole("figure", { name: "Changes to notes.txt on disk" });
          await diff.waitFor({ timeout: LONG });
          expect(await diff.locator(".diff__scroll").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
          await page.getByRole("region", { name: "Files changed in this turn" }).waitFor();
          await edit.getByRole("button", { name: "Undo the edit of notes.txt" }).scrollIntoViewIfNeeded();
        },
      },
      {
        // The review with its file's diff open.
        name: "file-review",
        reach: async ({ page }) => {
          const review = page.getByRole("region", { name: "Files changed in this turn" });
          await review.locator(".review__file summary").first().click();
          await review.getByRole("figure", { name: "Changes to notes.txt in this turn" }).waitFor();
          await review.scrollIntoViewIfNeeded();
        },
      },
      {
        // Denied: the shell call's request answered Deny leaves no pending card.
        name: "denied",
        reach: async ({ page }) => {
          await sendPrompt(page, "tool");
          const shell = toolCard(page, /developer: shell/).last();
          await waitForText(shell, "Awaiting approval");
          expect(await shell.locator(".tool__icon svg").count(), "icons are SVG, not emoji").toBe(1);
          await shell.getByRole("button", { name: "Deny", exact: true }).click();
          await waitForTurnEnd(page);
          expect(await shell.getByRole("group", { name: "Permission request" }).count()).toBe(0);
        },
      },
      {
        // Stopped: Stop ends the turn and says so; the working indicator is gone.
        name: "stopped",
        reach: async ({ page }) => {
          await sendPrompt(page, "slow 20");
          await waitForText(agentBubbles(page), /tick [1-9]/);
          await stopButton(page).click();
          await waitForTurnEnd(page);
          await waitForText(transcript(page).locator(".notice"), "Stopped");
          expect(await transcript(page).locator(".working").count()).toBe(0);
        },
      },
      {
        // More settings open above the composer, covering none of its buttons.
        name: "settings-more",
        reach: async ({ page }) => {
          await page.getByRole("button", { name: "More settings" }).click();
          await page.getByRole("group", { name: "More settings" }).waitFor();
        },
      },
      {
        // Crash: the settings close with the agent; the card says what happened, the transcript keeps what was said.
        name: "crash",
        reach: async ({ page }) => {
          await sendPrompt(page, "crash");
          await waitForText(page.getByRole("status"), "crashed (an internal error)");
          await stopButton(page).waitFor({ state: "detached", timeout: LONG });
          await page.getByRole("group", { name: "More settings" }).waitFor({ state: "detached" });
        },
      },
      {
        // Restart: the agent comes back and the session with it.
        name: "restart",
        reach: async ({ page }) => {
          await page.getByRole("status").getByRole("button", { name: "Restart" }).first().click();
          await waitForReady(page);
          await waitForText(userBubbles(page), "crash");
        },
      },
      {
        // A title far longer than the header: it truncates, and the header stays one row (the layout checks).
        name: "long-title",
        reach: async ({ page }) => {
          await openNewSession(page);
          await sendPrompt(page, "a question long enough to be the session's title and to need truncating");
          await waitForTurnEnd(page);
          await waitForText(page.getByRole("heading", { level: 1 }), "a question long enough");
        },
      },
      {
        // Two sessions open: the tabs row under the header, the one on screen selected, the other one's title cut.
        name: "tabs",
        reach: async ({ page }) => {
          const tabs = page.getByRole("tablist", { name: "Sessions" }).getByRole("tab");
          await expect.poll(() => tabs.count()).toBeGreaterThanOrEqual(2);
          expect(await page.getByRole("tab", { selected: true }).innerText()).toContain("a question long enough");
        },
      },
      {
        // History: each row has a title, when, and where.
        name: "history",
        reach: async ({ harness, page }) => {
          await page.getByRole("button", { name: "History" }).click();
          const rows = page.getByRole("region", { name: "Session history" }).locator("li");
          await rows.first().waitFor({ timeout: LONG });
          const row = await rows.first().innerText();
          expect(row).toMatch(/just now|min ago/);
          expect(row).toContain(path.basename(harness.workDir));
        },
      },
      {
        // Search: a word said in the sessions, found with the words marked in each hit.
        name: "search",
        reach: async ({ page }) => {
          const box = page.getByRole("searchbox", { name: "Search sessions" });
          const hit = page.locator(".search-hit").first();
          // The panel indexes a turn once it ends: ask again until that is done.
          await expect
            .poll(
              async () => {
                await box.fill("");
                await box.fill("truncating");
                return hit.waitFor({ timeout: 2000 }).then(
                  () => true,
                  () => false,
                );
              },
              { timeout: LONG },
            )
            .toBe(true);
          await waitForText(hit.locator("mark"), /truncating/i);
        },
      },
    ],
  },
  {
    name: "a queue of three while a turn runs: the conversation keeps half of 320 × 720",
    screens: [
      {
        name: "queue",
        tall: { height: 720, transcriptShare: 0.5 },
        reach: async ({ page }) => {
          await sendPrompt(page, "hold");
          await waitForText(agentBubbles(page), /tick [1-9]/);
          await queueMessage(page, "then look at the failing test in the parser folder");
          await queueMessage(page, "and update the README's install section to match");
          await queueMessage(page, "run the linter once more");
        },
      },
    ],
  },
];

/** How many pixels of the panel's height the frame takes, per screen and width: test-results/tour/frame.json. */
const frame: Record<string, Record<number, { header: number; composer: number; transcript: number; title: number }>> = {};

/** Looks at the screen at each width: the layout checks, then a screenshot in light and in dark. */
async function review(page: Page, { name: screen, tall }: Screen): Promise<void> {
  fs.mkdirSync(TOUR, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: tall?.height ?? HEIGHT });
    const size = (selector: string, side: "height" | "width" = "height") =>
      page.evaluate(([s, d]) => Math.round(document.querySelector(s!)?.getBoundingClientRect()[d as "height"] ?? 0), [selector, side]);
    frame[screen] = {
      ...frame[screen],
      [width]: {
        header: await size(".panel__header"),
        composer: await size(".composer"),
        transcript: await size('[role="log"]'),
        // The title's room: the tabs that stand for it, or the h1 where there are none (history, setup).
        title: await size(".panel__title:not(.sr-only), .panel__header .session-tabs", "width"),
      },
    };
    fs.writeFileSync(path.join(TOUR, "frame.json"), `${JSON.stringify(frame, null, 1)}\n`);
    const backgrounds = new Set<string>();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const problems = await layoutProblems(page, {
        lonelyButtons: width === WIDTHS[0],
        ...(tall && width === 320 ? { transcriptShare: tall.transcriptShare } : {}),
      });
      expect(problems, `${screen} at ${width} px, ${scheme}`).toEqual([]);
      backgrounds.add(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
      await page.screenshot({ path: path.join(TOUR, `${screen}-${width}-${scheme}.png`) });
    }
    expect(backgrounds.size, `${screen}: the dark scheme did not change the page`).toBe(2);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 320, height: HEIGHT });
}

describe("tour", () => {
  for (const walk of WALKS) {
    it(walk.name, async () => {
      const harness = await launch(walk.launch);
      const page = await harness.openPanel();
      await page.setViewportSize({ width: 320, height: HEIGHT });
      await (walk.opened ?? waitForReady)(page);
      for (const screen of walk.screens) {
        await screen.reach({ harness, page });
        await review(page, screen);
      }
    });
  }

  it("the layout checks see each fault they exist for, and pass a sound layout", async () => {
    const harness = await launch({ manifest: "missing" });
    const page = await harness.context.newPage();
    await page.setViewportSize({ width: 240, height: HEIGHT });
    const faults = `
      <style>body{margin:0;font:14px sans-serif} .row{display:flex;flex-wrap:wrap;gap:4px} button{width:90px}</style>
      <header class="panel__header" style="display:flex;flex-wrap:wrap">
        <h1 class="panel__title" style="margin:0;flex:1 1 0;min-width:3em">A title</h1>
        <button>One</button><button>Two</button><button>Three</button>
      </header>
      <div class="row"><button>Allow</button><button>Always allow</button><button>Deny</button></div>
      <button style="margin-left:200px">Cut</button>`;
    await page.setContent(faults);
    const problems = await layoutProblems(page, { lonelyButtons: true });
    expect(problems.join("\n")).toMatch(/"Cut" \(button\) crosses the panel's edge/);
    expect(problems.join("\n")).toMatch(/the page scrolls sideways/);
    expect(problems.join("\n")).toMatch(/the header wraps/);
    expect(problems.join("\n")).toMatch(/"Deny" wraps alone onto a line of its own in div\.row/);
    expect(await layoutProblems(page, { lonelyButtons: false }), "the lone button is only looked for when asked").not.toContainEqual(
      expect.stringMatching(/alone/),
    );
    // Two "+" of one name, a ring on a focused card, a conversation squeezed by what sits under it.
    await page.setContent(`
      <style>body{margin:0;font:14px sans-serif} fieldset:focus{outline:2px solid orange} .log{height:200px}</style>
      <button aria-label="New session" title="New session">+</button><button aria-label="New tab" title="New session">+</button>
      <fieldset tabindex="-1" aria-label="Permission request"><button>Allow once</button></fieldset>
      <div class="log" role="log" aria-label="Conversation"></div>
      <section class="status" style="height:40px;overflow:auto;padding:0;border:0"><p style="margin:0;height:80px">Crashed</p></section>
      <section aria-label="Options"><button style="background:#1f8a4c;color:#fff">Save</button><button style="background:#1f8a4c;color:#fff">Copy report</button></section>`);
    await page.locator("fieldset").focus();
    const more = (await layoutProblems(page, { lonelyButtons: false, transcriptShare: 0.5 })).join("\n");
    expect(more).toMatch(/two controls with the tooltip "New session"/);
    expect(more).toMatch(/a focus ring is drawn around fieldset, which is not a control/);
    expect(more).toMatch(/the conversation gets 200 of 640 px, under 50 %/);
    expect(more).toMatch(/section\.status is cut: 80 px of content in 40 px/);
    expect(more).toMatch(/2 filled buttons in section: "Save", "Copy report"/);
    expect(await layoutProblems(page, { lonelyButtons: false }), "the share is only looked at when asked").not.toContainEqual(
      expect.stringMatching(/conversation/),
    );
    // The same controls laid out soundly: two per line, a one-row header whose title has the room.
    await page.setContent(`
      <style>body{margin:0;font:14px sans-serif} .row{display:flex;flex-wrap:wrap;gap:4px} .row button{width:100px}</style>
      <header class="panel__header" style="display:flex"><h1 class="panel__title" style="margin:0;flex:1">A title</h1><button>⋯</button></header>
      <div class="row"><button>Allow</button><button>Always allow</button><button>Deny</button><button>Always deny</button></div>
      <div style="display:flex;overflow-x:auto"><button style="flex:none;width:200px">Tab one</button><button style="flex:none;width:200px">Tab two</button></div>
      <ul><li><button>Edit</button></li><li><button>Edit</button></li></ul>
      <section><button style="background:#1f8a4c;color:#fff">Save</button><button style="background:transparent;border:1px solid #ccc">Cancel</button></section>
      <section><button style="background:#1f8a4c;color:#fff">Copy report</button></section>
      <div role="log" aria-label="Conversation" style="height:400px"></div>`);
    // The same name in two list items is one per item: fine.
    expect(await layoutProblems(page, { lonelyButtons: true, transcriptShare: 0.5 })).toEqual([]);
  });

  it("the options page: the agent choice and the diagnostics", async () => {
    // The agent list shows each agent's path; a clone in a deep folder (as CI's) makes it long. One agent
    // here lives at a path longer than the narrow window, with no space to break at.
    const deep = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), "goose-browser-tour-")),
      "AFolderNameWithNoBreakThatRunsPastTheNarrowWindow",
      "bin",
    );
    fs.mkdirSync(deep, { recursive: true });
    fs.symlinkSync(FAKE_GOOSE, path.join(deep, "goose"));
    const harness = await launch({ extraProfiles: { "deep-path": { command: path.join(deep, "goose") } } });
    await waitForReady(await harness.openPanel());
    const options = await harness.context.newPage();
    await options.setViewportSize({ width: 760, height: 900 });
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await waitForText(options.getByRole("region", { name: "Agent" }), "goose");
    // The diagnostics arrive after the page: look at the page as it is once they are in (their paths are the long lines).
    const diagnostics = options.getByRole("region", { name: "Diagnostics" });
    await waitForText(diagnostics, "is running");
    await waitForText(options.getByRole("region", { name: "Agent" }), "AFolderNameWithNoBreak");
    // A goose serve profile's form with its command shown: Save is its one filled button, Copy a secondary one.
    await options.getByRole("button", { name: "Generate a token" }).click();
    await options.getByRole("button", { name: "Copy the goose serve command" }).waitFor();
    fs.mkdirSync(TOUR, { recursive: true });
    expect(await layoutProblems(options, { lonelyButtons: false })).toEqual([]);
    await options.screenshot({ path: path.join(TOUR, "options-light.png") });
    // Options opened in a narrow window (or a tab beside the panel): nothing scrolls sideways or is cut.
    for (const width of [320, 420]) {
      await options.setViewportSize({ width, height: 900 });
      for (const scheme of ["light", "dark"] as const) {
        await options.emulateMedia({ colorScheme: scheme });
        expect(await layoutProblems(options, { lonelyButtons: false }), `options at ${width} px, ${scheme}`).toEqual([]);
        await options.screenshot({ path: path.join(TOUR, `options-${width}-${scheme}.png`), fullPage: true });
      }
    }
    await options.emulateMedia({ colorScheme: "light" });
    await options.setViewportSize({ width: 760, height: 900 });
    await diagnostics.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await options.emulateMedia({ colorScheme: "dark" });
    await options.screenshot({ path: path.join(TOUR, "diagnostics-dark.png") });
  });
});
