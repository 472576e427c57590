/**
 * goose's own session controls from the panel (issue #38), with the real goose from npm: History
 * renames and archives through goose's unadvertised `_goose/unstable/session/…` methods, and what
 * goose lists afterwards says it took them; the session on screen moves to another folder without a
 * restart, and goose's tools work there from the next turn.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useHarness } from "../e2e/fixture";
import {
  agentBubbles,
  LONG,
  openHistory,
  openNewSession,
  sendPrompt,
  waitForReady,
  waitForText,
  waitForTurnEnd,
} from "../helpers/chromium/panel";
import { chat, gooseBuilds, launchGoose } from "./real-goose";

const launch = useHarness();

const titles = (history: ReturnType<Page["getByRole"]>) => history.locator(".history__title").allInnerTexts();
/** goose 1.50 counts an archive or unarchive as an update, so the order then is goose's to choose. */
const titleSet = async (history: ReturnType<Page["getByRole"]>) => (await titles(history)).sort();

describe.each(gooseBuilds())("goose $version session controls", (build) => {
  it("renames and archives a session in History through goose's methods; goose lists it so afterwards", async () => {
    const { h } = await launchGoose(launch, build);
    const page = await h.openPanel();
    await waitForReady(page);
    await chat(page, "alpha words here");
    await openNewSession(page);
    await chat(page, "beta words here");
    // goose advertises none of these: the background asked each without a sessionId (goose: -32602).
    for (const name of ["rename", "archive", "unarchive", "working-dir/update"]) {
      const probe = h.agentMessages().find((m) => m.method === `_goose/unstable/session/${name}`);
      expect(probe?.params).toEqual({});
    }

    // goose titles a session in a request of its own after the first reply, and says so (session_info_update);
    // a rename before that lands is overwritten by it (goose 1.50), so rename once both sessions have theirs.
    const titled = () =>
      h
        .agentOutput()
        .filter(
          (m) =>
            (m.params as { update?: { sessionUpdate?: string; title?: unknown } } | undefined)?.update?.sessionUpdate ===
              "session_info_update" && typeof (m.params as { update: { title?: unknown } }).update.title === "string",
        ).length;
    await expect.poll(titled, { timeout: LONG, message: "goose never titled the two sessions" }).toBeGreaterThanOrEqual(2);
    let history = await openHistory(page);
    await history.getByRole("button", { name: "beta words here", exact: true }).waitFor({ timeout: LONG });
    await history.getByRole("button", { name: "Actions for beta words here" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    const box = history.getByRole("textbox", { name: "New name for beta words here" });
    await box.fill("My own name");
    await box.press("Enter");
    await expect.poll(() => titles(history)).toEqual(["My own name", "alpha words here"]);
    const renamed = h.agentMessages().find((m) => m.method === "_goose/unstable/session/rename" && m.params?.title);
    expect(renamed?.params).toMatchObject({ title: "My own name" });
    // The tab says it too (History has the header to itself, so back to the conversation to see it).
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("tab", { name: /My own name/ }).waitFor({ timeout: LONG });
    history = await openHistory(page);

    // Archived: out of History, shown on request, and goose keeps the mark in its own list.
    await history.getByRole("button", { name: "Actions for alpha words here" }).click();
    await page.getByRole("menuitem", { name: "Archive" }).click();
    await expect.poll(() => titles(history)).toEqual(["My own name"]);
    await page.getByRole("button", { name: "Back" }).click();
    history = await openHistory(page);
    // goose's own list, once it answered one asked after the archive (an earlier answer may come last).
    type Listed = { sessions: { title: string; _meta: Record<string, unknown> }[] };
    const named = (r: Listed, title: string) => r.sessions.find((s) => s.title === title)?._meta;
    const lists = () =>
      h
        .agentOutput()
        .map((m) => m.result as Listed | undefined)
        .filter((r): r is Listed => Array.isArray(r?.sessions));
    const afterArchive = () => lists().findLast((r) => named(r, "My own name") && named(r, "alpha words here")?.archivedAt !== undefined);
    await expect.poll(() => afterArchive() !== undefined, { timeout: LONG, message: "goose never listed the archive" }).toBe(true);
    expect(named(afterArchive()!, "My own name")).toMatchObject({ userSetName: true });
    expect(typeof named(afterArchive()!, "alpha words here")?.archivedAt).toBe("string");
    await expect.poll(() => titles(history)).toEqual(["My own name"]);
    await history.getByRole("button", { name: "Show archived (1)" }).click();
    await expect.poll(() => titleSet(history)).toEqual(["My own name", "alpha words here"]);
    await history.getByRole("button", { name: "Actions for alpha words here" }).click();
    await page.getByRole("menuitem", { name: "Unarchive" }).click();
    await history.getByRole("button", { name: /Show archived/ }).waitFor({ state: "detached", timeout: LONG });
    expect(h.agentMessages().some((m) => m.method === "_goose/unstable/session/unarchive" && m.params?.sessionId)).toBe(true);
    await page.getByRole("button", { name: "Back" }).click();
    history = await openHistory(page);
    await expect.poll(() => titleSet(history)).toEqual(["My own name", "alpha words here"]);
    expect(await history.getByText("archived", { exact: true }).count()).toBe(0);
  });
});

describe.each(gooseBuilds())("goose $version working folder", (build) => {
  it("moves the session to another folder mid-session through working-dir/update: same process, goose's shell runs there", async () => {
    const { h } = await launchGoose(launch, build);
    const page = await h.openPanel();
    await waitForReady(page);
    await chat(page, "before the move");
    const moved = path.join(h.workDir, "moved here");
    fs.mkdirSync(moved);
    const pid = h.agentPids()[0];

    await page.getByRole("button", { name: "Working folder" }).click();
    const form = page.getByRole("form", { name: "Working folder of this session" });
    await form.getByRole("textbox").fill(moved);
    await form.getByRole("button", { name: "Move" }).click();
    await page.locator(".agent-line__folder").filter({ hasText: "moved here" }).waitFor({ timeout: LONG });
    const sessionId = h.agentMessages().find((m) => m.method === "session/prompt")!.params!.sessionId;
    expect(h.agentMessages().find((m) => m.method === "_goose/unstable/session/working-dir/update" && m.params?.sessionId)?.params).toEqual(
      {
        sessionId,
        workingDir: moved,
      },
    );

    // goose's own shell tool runs in the new folder, in the same session and the same goose process.
    await sendPrompt(page, "shell pwd");
    await page.getByRole("group", { name: "Permission request" }).getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
    await waitForText(agentBubbles(page), `The command printed: ${moved}`);
    await waitForTurnEnd(page);
    expect(
      h
        .agentMessages()
        .filter((m) => m.method === "session/prompt")
        .map((m) => m.params?.sessionId),
    ).toEqual([sessionId, sessionId]);
    expect(h.agentPids()[0]).toBe(pid);
    expect(h.agentMessages().filter((m) => m.method === "initialize")).toHaveLength(1);

    // A folder goose refuses leaves the session where it is, with goose's reason.
    await page.getByRole("button", { name: "Working folder" }).click();
    await form.getByRole("textbox").fill(path.join(h.workDir, "no such folder"));
    await form.getByRole("button", { name: "Move" }).click();
    await waitForText(page.locator(".transcript, [role=log]").first(), "invalid directory path");
    expect(await page.locator(".agent-line__folder").innerText()).toContain("moved here");
  });
});
