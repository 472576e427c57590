/**
 * The real goose's file edits in the panel (issue #36): goose from npm (both pins, or GOOSE_BINARY)
 * writes and edits through the host's fs/* (offline, our model server's `write` and `edit` cues); the
 * panel shows each edit with the diff from disk in goose's own card, Undo puts the file back, and the
 * turn's review undoes an edit too. The file on disk is checked at every step.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useHarness } from "../e2e/fixture";
import { LONG, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { gooseBuilds, launchGoose } from "./real-goose";

const launch = useHarness();

/** goose asks first in approve mode (set for every session): allow this one call. */
async function allowOnce(page: Page): Promise<void> {
  await page.getByRole("group", { name: "Permission request" }).getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
}

describe.each(gooseBuilds())("goose $version", (build) => {
  it("shows goose's write with the diff from disk in its card, undoes it, and undoes an edit from the turn's review", async () => {
    const { h } = await launchGoose(launch, build);
    const page = await h.openPanel();
    await waitForReady(page);
    const file = path.join(h.workDir, "hello.txt");
    fs.writeFileSync(file, "before goose\n");

    await sendPrompt(page, `write ${file} written by goose`);
    await allowOnce(page);
    await waitForTurnEnd(page);
    expect(fs.readFileSync(file, "utf8")).toBe("written by goose\n");
    // The edit sits inside goose's own tool card: bound by the path goose gave.
    const edit = page.getByRole("article", { name: /^Tool call: / }).getByRole("region", { name: "Edit of hello.txt" });
    const diff = edit.getByRole("figure", { name: "Changes to hello.txt on disk" });
    await diff.waitFor({ timeout: LONG });
    expect(await diff.locator(".diff__stat").innerText()).toBe("+1 −1");
    expect(await diff.locator(".diff__line--remove").innerText()).toContain("before goose");
    expect(await diff.locator(".diff__line--add").innerText()).toContain("written by goose");

    await edit.getByRole("button", { name: "Undo the edit of hello.txt" }).click();
    await waitForText(edit.getByRole("status"), "Undone: the file is back as it was before this edit.");
    expect(fs.readFileSync(file, "utf8")).toBe("before goose\n");

    // goose's edit reads the file through the host, replaces the words, and writes it back.
    await sendPrompt(page, `edit ${file} before after`);
    await allowOnce(page);
    await waitForTurnEnd(page);
    expect(fs.readFileSync(file, "utf8")).toBe("after goose\n");
    const review = page.getByRole("region", { name: "Files changed in this turn" });
    await waitForText(review, "changed 1 file");
    expect(await review.locator(".review__file summary").innerText()).toMatch(/^hello\.txt\s*\+1 −1$/);
    await review.getByRole("button", { name: "Undo all" }).click();
    await waitForText(review.locator(".review__state"), "Undone");
    expect(fs.readFileSync(file, "utf8")).toBe("before goose\n");
  });
});
