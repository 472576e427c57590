import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EditJournal, type JournalEntry, sha256 } from "../../../../native-host/files/journal";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-journal-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const limits = { maxEdits: 3, maxBeforeBytes: 10, maxSessions: 2, maxAgeMs: 1000 };

async function edit(j: EditJournal, sessionId: string, before: string | null, at = Date.now()): Promise<JournalEntry> {
  const editId = await j.keepBefore(sessionId, before === null ? null : Buffer.from(before));
  const entry = {
    editId,
    path: `/w/${editId}`,
    existed: before !== null,
    beforeBytes: before?.length ?? null,
    afterHash: sha256(Buffer.from("x")),
    afterBytes: 1,
    at,
  };
  await j.record(sessionId, entry);
  return entry;
}

describe("EditJournal", () => {
  it("keeps each edit's previous bytes under its id, in the session's own folder", async () => {
    const j = new EditJournal(dir, limits);
    const a = await edit(j, "s/../1", "abc");
    const b = await edit(j, "s/../1", null);
    expect(a.editId).toMatch(/^1-[0-9a-f]{8}$/);
    expect(b.editId).toMatch(/^2-[0-9a-f]{8}$/);
    expect((await j.before("s/../1", a.editId)).toString()).toBe("abc");
    expect(await j.entry("s/../1", b.editId)).toMatchObject({ existed: false, beforeBytes: null });
    // Any session id names one folder inside the journal, never a path.
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(fs.readdirSync(dir)[0]).toMatch(/^[0-9a-f]{32}$/);
    await j.markUndone("s/../1", a.editId);
    expect(await j.entry("s/../1", a.editId)).toMatchObject({ undone: true });
    await expect(j.before("s/../1", a.editId)).rejects.toThrow();
    await expect(j.before("s/../1", "../../etc/passwd")).rejects.toThrow("not an edit id");
  });

  it("keeps a session's newest edits within the count and size limits", async () => {
    const j = new EditJournal(dir, limits);
    const made = [];
    for (const before of ["aaaa", "bbbb", "cccc", "ddd"]) made.push(await edit(j, "s", before));
    // Ten bytes at most: "bbbb" would make eleven with the two newer ones.
    expect((await j.entries("s")).map((e) => e.editId)).toEqual([made[2]!.editId, made[3]!.editId]);
    const folder = path.join(dir, fs.readdirSync(dir)[0]!);
    expect(
      fs
        .readdirSync(folder)
        .filter((n) => n.endsWith(".before"))
        .sort(),
    ).toEqual([`${made[2]!.editId}.before`, `${made[3]!.editId}.before`].sort());
    // Three edits at most, however small.
    const small = [];
    for (let i = 0; i < 5; i++) small.push(await edit(j, "t", null));
    expect((await j.entries("t")).map((e) => e.editId)).toEqual(small.slice(2).map((e) => e.editId));
  });

  it("keeps the sessions written most recently, none too old, and drops a session on request", async () => {
    const j = new EditJournal(dir, limits);
    for (const s of ["one", "two", "three"]) {
      await edit(j, s, "x");
      await new Promise((r) => setTimeout(r, 20));
    }
    await j.prune(Date.now());
    expect(fs.readdirSync(dir)).toHaveLength(2);
    expect(await j.entries("one")).toEqual([]);
    await j.prune(Date.now() + 5000, "three");
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(await j.entries("three")).toHaveLength(1);
    await j.dropSession("three");
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
