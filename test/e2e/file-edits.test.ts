/**
 * The agent's file edits in the real panel (issue #36): the scripted goose writes through the client's
 * fs/* as goose 1.52 does, the built host serves and journals each write, and the panel shows each
 * edit in its card with the diff from disk and Undo, then the turn's review with Undo all; the file
 * on disk is checked at every step.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Harness } from "../helpers/chromium/harness";
import { LONG, readableToolCard, screenshot, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { useHarness } from "./fixture";

const launch = useHarness();
let h: Harness;

async function start(): Promise<Page> {
  h = await launch();
  const page = await h.openPanel();
  await waitForReady(page);
  // goose's auto mode: the writes run without a question each.
  await page.getByRole("combobox", { name: "Mode", exact: true }).selectOption("auto");
  await expect.poll(() => page.getByRole("combobox", { name: "Mode", exact: true }).inputValue()).toBe("auto");
  return page;
}

const review = (page: Page) => page.getByRole("region", { name: "Files changed in this turn" });
const onDisk = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null);

describe("the agent's file edits", () => {
  it("shows an edit's diff from disk in its card, undoes it, then reviews a turn of three edits and undoes them all", async () => {
    const page = await start();
    const notes = path.join(h.workDir, "notes.txt");
    fs.writeFileSync(notes, "first line\nsecond line\n");

    await sendPrompt(page, 'write notes.txt "first line\\nchanged line\\n"');
    await waitForTurnEnd(page);
    expect(onDisk(notes)).toBe("first line\nchanged line\n");
    const card = readableToolCard(page, "Edit notes.txt");
    const diff = card.getByRole("figure", { name: "Changes to notes.txt on disk" });
    await diff.waitFor({ timeout: LONG });
    expect(await diff.locator(".diff__stat").innerText()).toBe("+1 −1");
    expect(await diff.locator(".diff__line--remove").innerText()).toContain("second line");
    // The agent's own diff of the same file gives way to the host's.
    expect(await card.locator("figure.diff").count()).toBe(1);
    await waitForText(review(page), "changed 1 file");
    await screenshot(page, "file-edit-card");

    await card.getByRole("button", { name: "Undo the edit of notes.txt" }).click();
    await waitForText(card.getByRole("status"), "Undone: the file is back as it was before this edit.");
    expect(onDisk(notes)).toBe("first line\nsecond line\n");
    await review(page).getByRole("button", { name: "Close" }).click();
    await review(page).waitFor({ state: "detached", timeout: LONG });

    // One turn: notes.txt edited twice, a new file created.
    const fresh = path.join(h.workDir, "fresh.txt");
    await sendPrompt(
      page,
      [
        "files",
        'edit notes.txt {"before": "first", "after": "1st"}',
        'edit notes.txt {"before": "second", "after": "2nd"}',
        "write fresh.txt brand new",
      ].join("\n"),
    );
    await waitForTurnEnd(page);
    expect(onDisk(notes)).toBe("1st line\n2nd line\n");
    expect(onDisk(fresh)).toBe("brand new\n");
    await waitForText(review(page), "changed 2 files");
    const [first, second] = await review(page).locator(".review__file summary").allInnerTexts();
    expect(first).toMatch(/^notes\.txt\s*\+2 −2$/);
    expect(second).toMatch(/^fresh\.txt\s*New file · \+1 −0$/);
    await review(page).locator(".review__file").first().locator("summary").click();
    await review(page).getByRole("figure", { name: "Changes to notes.txt in this turn" }).waitFor({ timeout: LONG });
    await screenshot(page, "file-edit-review");

    await review(page).getByRole("button", { name: "Undo all" }).click();
    await expect
      .poll(() => review(page).locator(".review__state").allInnerTexts(), { timeout: LONG })
      .toEqual(["Undone: the file is back as it was before this edit.", "Undone: the file the agent created is removed."]);
    expect(onDisk(notes)).toBe("first line\nsecond line\n");
    expect(onDisk(fresh)).toBeNull();
  });

  it("never overwrites a file changed after the agent wrote it: Undo says so and shows the difference", async () => {
    const page = await start();
    const file = path.join(h.workDir, "plan.md");
    await sendPrompt(page, "write plan.md step one");
    await waitForTurnEnd(page);
    expect(onDisk(file)).toBe("step one\n");
    fs.writeFileSync(file, "step one\nmy own line\n");

    const card = readableToolCard(page, "Edit plan.md");
    await card.getByRole("button", { name: "Undo the edit of plan.md" }).click();
    await waitForText(card.getByRole("status"), "Not undone: the file changed after the agent wrote it");
    expect(onDisk(file)).toBe("step one\nmy own line\n");
    await card.getByRole("button", { name: "Show what changed since" }).click();
    const since = card.getByRole("figure", { name: "Changes to plan.md since the agent's edit" });
    await since.waitFor({ timeout: LONG });
    expect(await since.locator(".diff__line--add").innerText()).toContain("my own line");
    await screenshot(page, "file-edit-changed-since");
  });

  it("keeps an edit, its diff and its Undo over a browser restart", async () => {
    let page = await start();
    const file = path.join(h.workDir, "kept.txt");
    fs.writeFileSync(file, "one\n");
    await sendPrompt(page, "write kept.txt two");
    await waitForTurnEnd(page);
    expect(onDisk(file)).toBe("two\n");
    await readableToolCard(page, "Edit kept.txt").getByRole("figure", { name: "Changes to kept.txt on disk" }).waitFor({ timeout: LONG });

    await h.closeBrowser();
    h = await launch({ reuseDir: h.dir });
    page = await h.openPanel();
    // The session comes back by its replay; the edit is read back from storage and finds goose's card again.
    const card = readableToolCard(page, "Edit kept.txt");
    await card.getByRole("figure", { name: "Changes to kept.txt on disk" }).waitFor({ timeout: LONG });
    await card.getByRole("button", { name: "Undo the edit of kept.txt" }).click();
    await waitForText(card.getByRole("status"), "Undone: the file is back as it was before this edit.");
    expect(onDisk(file)).toBe("one\n");
  });

  it("says why a write over the native port's 1 MiB fails, and writes nothing", async () => {
    const page = await start();
    const file = path.join(h.workDir, "big.txt");
    await sendPrompt(page, `write big.txt ${"x".repeat(1_100_000)}`);
    await waitForTurnEnd(page);
    expect(onDisk(file)).toBeNull();
    await waitForText(readableToolCard(page, "Edit big.txt"), "the request is over 1 MiB, more than goose-browser's helper reads");
  });
});
