/**
 * The agent's file edits in Firefox's sidebar (issue #36): the scripted goose writes through the
 * host's fs/*, the edit shows in its card with the diff from disk, and Undo puts the file back; the
 * turn's review lists the file. The file on disk is checked at each step.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import { byRole, click, find, screenshot, sendPrompt, texts, waitForReady, waitForText, waitForTurnEnd } from "./panel";

let harness: FirefoxHarness | undefined;

afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});

const EDIT = '[aria-label="Edit of notes.txt"]';
const REVIEW = '[aria-label="Files changed in this turn"]';

describe("Firefox: the agent's file edits", () => {
  it("shows an edit with the diff from disk in its card and the turn's review, and Undo puts the file back", async () => {
    harness = await launchFirefox();
    const page = await harness.openPanel();
    await waitForReady(page);
    await find(page, byRole("combobox", "Mode"));
    await page.select('select[aria-label="Mode"]', "auto");
    const notes = path.join(harness.workDir, "notes.txt");
    fs.writeFileSync(notes, "first line\nsecond line\n");

    await sendPrompt(page, 'write notes.txt "first line\\nchanged line\\n"');
    await waitForTurnEnd(page);
    expect(fs.readFileSync(notes, "utf8")).toBe("first line\nchanged line\n");
    await find(page, `article.tool ${EDIT} figure[aria-label="Changes to notes.txt on disk"]`);
    expect(await texts(page, `${EDIT} .diff__stat`)).toEqual(["+1 −1"]);
    expect(await texts(page, `${EDIT} .diff__line--remove .diff__code`)).toEqual([expect.stringContaining("second line")]);
    await waitForText(page, `${REVIEW} .review__title`, "changed 1 file");
    await screenshot(page, "file-edit-card");

    await click(page, `${EDIT} ${byRole("button", "Undo the edit of notes.txt")}`);
    await waitForText(page, `${EDIT} [role="status"]`, "Undone: the file is back as it was before this edit.");
    expect(fs.readFileSync(notes, "utf8")).toBe("first line\nsecond line\n");
  });
});
