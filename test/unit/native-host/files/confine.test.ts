import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { confine, isInside } from "../../../../native-host/files/confine";

describe("isInside", () => {
  it("compares resolved paths by whole names, and without case where the OS ignores it", () => {
    expect(isInside("/w/proj", "/w/proj/a/b.txt", "linux")).toBe(true);
    expect(isInside("/w/proj", "/w/proj", "linux")).toBe(true);
    expect(isInside("/w/proj", "/w/project/a.txt", "linux")).toBe(false);
    expect(isInside("/w/proj", "/w/a.txt", "linux")).toBe(false);
    expect(isInside("/w/proj", "/w/proj/..hidden", "linux")).toBe(true);
    expect(isInside("/w/proj", "/w/PROJ/a.txt", "linux")).toBe(false);
    expect(isInside("/w/proj", "/w/PROJ/a.txt", "darwin")).toBe(true);
    // macOS stores names decomposed (NFD); a composed é names the same folder.
    expect(isInside("/w/caf\u00e9", "/w/cafe\u0301/a.txt", "darwin")).toBe(true);
  });

  it("knows Windows drives and case", () => {
    expect(isInside("C:\\Users\\me\\proj", "c:\\users\\ME\\proj\\a.txt", "win32")).toBe(true);
    expect(isInside("C:\\Users\\me\\proj", "D:\\Users\\me\\proj\\a.txt", "win32")).toBe(false);
    expect(isInside("C:\\Users\\me\\proj", "C:\\Users\\me\\proj2\\a.txt", "win32")).toBe(false);
    expect(isInside("C:\\Users\\me\\proj", "C:\\Users\\me\\a.txt", "win32")).toBe(false);
  });
});

describe("confine", () => {
  let dir: string;
  let root: string;
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "gb-confine-")));
    root = path.join(dir, "root");
    fs.mkdirSync(path.join(root, "sub"), { recursive: true });
    fs.mkdirSync(path.join(dir, "out"));
    fs.symlinkSync(path.join(dir, "out"), path.join(root, "to-out"));
    fs.symlinkSync(path.join(root, "sub"), path.join(root, "to-sub"));
    fs.symlinkSync(path.join(dir, "nothing"), path.join(root, "dangling"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const at = (p: string) => confine(p, [root], { platform: "linux" });

  it("serves paths inside, new ones included, resolved through links that stay inside", () => {
    expect(at(`${root}/a.txt`)).toEqual({ ok: true, path: `${root}/a.txt` });
    expect(at(`${root}/new/deeper/a.txt`)).toEqual({ ok: true, path: `${root}/new/deeper/a.txt` });
    expect(at(`${root}/sub/../a.txt`)).toEqual({ ok: true, path: `${root}/a.txt` });
    expect(at(`${root}/to-sub/a.txt`)).toEqual({ ok: true, path: `${root}/sub/a.txt` });
    expect(at(`${root}//./sub/a.txt`)).toEqual({ ok: true, path: `${root}/sub/a.txt` });
  });

  it("refuses what leads outside, naming the folders", () => {
    for (const p of [`${root}/../out/a.txt`, `${root}/to-out/a.txt`, `${root}/to-out/../a.txt`, "/etc/passwd", `${dir}/ROOT/a.txt`]) {
      const r = at(p);
      expect(r, p).toEqual({
        ok: false,
        message: `${p} is outside this session's folders (${root}); goose-browser serves files only there`,
      });
    }
    expect(at("relative/a.txt")).toMatchObject({ ok: false, message: expect.stringContaining("not an absolute path") });
    expect(at("C:\\x.txt")).toMatchObject({ ok: false, message: expect.stringContaining("not an absolute path") });
    expect(at(`${root}/dangling/a.txt`)).toMatchObject({ ok: false, message: expect.stringContaining("symbolic link to nothing") });
    // Below a missing folder `..` cannot be resolved as the OS would: refused rather than guessed.
    expect(at(`${root}/missing/../to-out/a.txt`)).toMatchObject({ ok: false, message: expect.stringContaining("does not exist") });
    expect(confine(`${root}/a.txt`, [], { platform: "linux" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("(no folder)"),
    });
  });

  it("refuses the host's own folders inside a session's folder", () => {
    fs.mkdirSync(path.join(root, ".config", "goose-browser"), { recursive: true });
    const r = confine(`${root}/.config/goose-browser/host.json`, [root], {
      platform: "linux",
      protected: [path.join(root, ".config", "goose-browser")],
    });
    expect(r).toMatchObject({ ok: false, message: expect.stringContaining("goose-browser's own folder") });
  });
});
