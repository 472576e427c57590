import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describeUnsafe, findUnsafePath } from "../../../../native-host/setup/file-safety";

let dir: string;
const made: string[] = [];
function tempDir(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-safety-"));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("findUnsafePath (POSIX)", () => {
  it("accepts a file only its owner can write, in folders only their owners can write", () => {
    const d = tempDir();
    const f = path.join(d, "goose");
    fs.writeFileSync(f, "#!/bin/sh\n", { mode: 0o755 });
    expect(findUnsafePath(f, "linux")).toBeUndefined();
  });

  it.each([
    [0o666, "writable by group and others"],
    [0o646, "writable by others"],
    [0o664, "writable by group"],
  ])("refuses a file with mode %o (%s) whose group is shared, with a chmod fix", (mode, problem) => {
    const d = tempDir();
    const f = path.join(d, "host.json");
    fs.writeFileSync(f, "{}");
    fs.chmodSync(f, mode);
    fs.chownSync(f, 1234, 5678);
    expect(findUnsafePath(f, "linux")).toEqual({ path: f, problem, fix: `chmod go-w ${f}` });
  });

  it("accepts group write when the group is the owner's private group (umask 002), never write by others", () => {
    const d = tempDir();
    const f = path.join(d, "goose");
    fs.writeFileSync(f, "", { mode: 0o775 });
    fs.chmodSync(f, 0o775);
    fs.chownSync(f, 1234, 1234);
    expect(findUnsafePath(f, "linux")).toBeUndefined();
    fs.chmodSync(f, 0o777);
    expect(findUnsafePath(f, "linux")).toMatchObject({ problem: "writable by others" });
  });

  it("refuses a file in a folder others can write (they could replace it), at any level above", () => {
    const d = tempDir();
    const sub = path.join(d, "a", "b");
    fs.mkdirSync(sub, { recursive: true });
    const f = path.join(sub, "goose");
    fs.writeFileSync(f, "", { mode: 0o755 });
    fs.chmodSync(path.join(d, "a"), 0o777);
    expect(findUnsafePath(f, "linux")).toMatchObject({ path: path.join(d, "a"), problem: "writable by others" });
  });

  it("accepts a root-owned sticky folder like /tmp, but not a sticky folder someone else owns", () => {
    // The temp dirs here live under /tmp (root, 1777): accepted above. A sticky folder owned by a user is not.
    expect(fs.statSync("/tmp").mode & 0o1777).toBe(0o1777);
    expect(os.tmpdir().startsWith("/tmp/")).toBe(true);
    const d = tempDir();
    const shared = path.join(d, "shared");
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    fs.chownSync(shared, 1234, 1234);
    const f = path.join(shared, "goose");
    fs.writeFileSync(f, "", { mode: 0o755 });
    expect(findUnsafePath(f, "linux")).toMatchObject({ path: shared });
  });

  it("follows a symlink: the target's folders count too", () => {
    const d = tempDir();
    const open = path.join(d, "open");
    fs.mkdirSync(open);
    fs.chmodSync(open, 0o777);
    const target = path.join(open, "goose");
    fs.writeFileSync(target, "", { mode: 0o755 });
    const safe = path.join(d, "bin");
    fs.mkdirSync(safe);
    fs.symlinkSync(target, path.join(safe, "goose"));
    expect(findUnsafePath(path.join(safe, "goose"), "linux")).toMatchObject({ path: open });
  });

  it("checks the folders of a file that does not exist yet (someone could create it)", () => {
    const d = tempDir();
    fs.chmodSync(d, 0o777);
    expect(findUnsafePath(path.join(d, "host.json"), "linux")).toMatchObject({ path: d });
  });

  it("does not judge Windows files (ACLs are not modes)", () => {
    const d = tempDir();
    fs.chmodSync(d, 0o777);
    expect(findUnsafePath(path.join(d, "x"), "win32")).toBeUndefined();
  });

  it("says which file, why, and how to fix it", () => {
    const m = describeUnsafe({ path: "/opt/bin", problem: "writable by others", fix: "chmod go-w /opt/bin" }, "/opt/bin/goose");
    expect(m.message).toMatch(/^\/opt\/bin\/goose can be replaced by others: \/opt\/bin is writable by others\./);
    expect(m.fix).toBe("Run `chmod go-w /opt/bin`.");
  });
});
