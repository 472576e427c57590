/**
 * The tar.gz and zip readers against archives the system's own `tar` and `zip` make (long names in
 * GNU and pax form, symlinks, modes), and the unpacker's refusal to write outside its folder.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bunzip } from "../../../../install-scripts/archive/bunzip";
import type { ArchiveEntry } from "../../../../install-scripts/archive/entries";
import { readTar, readTarGz } from "../../../../install-scripts/archive/tar-reader";
import { writeEntries } from "../../../../install-scripts/archive/unpack";
import { readZip } from "../../../../install-scripts/archive/zip-reader";

let dir: string;
const LONG = `${"deep-folder-name/".repeat(8)}program-with-a-long-name`;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-archive-"));
  const src = path.join(dir, "src");
  fs.mkdirSync(path.join(src, path.dirname(LONG)), { recursive: true });
  fs.writeFileSync(path.join(src, LONG), "#!/bin/sh\necho long\n", { mode: 0o755 });
  fs.writeFileSync(path.join(src, "data.txt"), "x".repeat(70_000), { mode: 0o640 });
  fs.symlinkSync("data.txt", path.join(src, "link-to-data"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function summary(entries: ArchiveEntry[]): string[] {
  return entries
    .map((e) => {
      const name = e.path.replace(/^\.\//, "").replace(/\/$/, "");
      if (e.kind === "file") return `${name} ${e.mode.toString(8)} ${e.data.length}`;
      if (e.kind === "symlink") return `${name} -> ${e.target}`;
      return `${name}/`;
    })
    .filter((s) => s !== "/" && s !== "./")
    .sort();
}

const EXPECTED = ["data.txt 640 70000", `${LONG} 755 20`, "link-to-data -> data.txt"];

describe("archive readers", () => {
  for (const format of ["gnu", "pax", "ustar"] as const) {
    it(`reads a ${format} tar.gz made by tar, long names and links included`, () => {
      const file = path.join(dir, `a-${format}.tar.gz`);
      execFileSync("tar", [`--format=${format}`, "-czf", file, "-C", path.join(dir, "src"), "."]);
      const entries = readTarGz(fs.readFileSync(file));
      expect(summary(entries).filter((s) => !s.endsWith("/"))).toEqual(EXPECTED);
      const out = path.join(dir, "out");
      writeEntries(entries, out);
      expect(execFileSync(path.join(out, LONG), { encoding: "utf8" })).toBe("long\n");
      expect(fs.readlinkSync(path.join(out, "link-to-data"))).toBe("data.txt");
      expect(fs.statSync(path.join(out, "data.txt")).mode & 0o777).toBe(0o640);
    });
  }

  it("reads a tar.bz2 made by tar, through the system's bzip2", async () => {
    const file = path.join(dir, "a.tar.bz2");
    execFileSync("tar", ["-cjf", file, "-C", path.join(dir, "src"), "."]);
    const entries = readTar(await bunzip(fs.readFileSync(file)));
    expect(summary(entries).filter((s) => !s.endsWith("/"))).toEqual(EXPECTED);
    await expect(bunzip(Buffer.from("not bzip2"))).rejects.toThrow(/not a bzip2 file/);
    await expect(bunzip(fs.readFileSync(file), ["/nowhere/bzip2"])).rejects.toThrow(/needs bzip2, which is not installed/);
  });

  it("reads a zip made by zip, with Unix modes and links", () => {
    const file = path.join(dir, "a.zip");
    execFileSync("zip", ["-q", "-r", "-y", file, "."], { cwd: path.join(dir, "src") });
    expect(summary(readZip(fs.readFileSync(file))).filter((s) => !s.endsWith("/"))).toEqual(EXPECTED);
  });

  it("refuses damaged and foreign input with a reason", () => {
    expect(() => readTarGz(Buffer.from("not gzip"))).toThrow(/not a gzip file/);
    expect(() => readTar(Buffer.alloc(1024, 1))).toThrow(/bad checksum/);
    expect(() => readZip(Buffer.from("PK but not really a zip file at all"))).toThrow(/not a zip archive/);
    const file = path.join(dir, "a.tar.gz");
    execFileSync("tar", ["-czf", file, "-C", path.join(dir, "src"), "."]);
    const cut = zlib.gunzipSync(fs.readFileSync(file)).subarray(0, 2048);
    expect(() => readTar(cut)).toThrow(/cut short/);
  });
});

describe("unpacking stays inside its folder", () => {
  const file = (p: string): ArchiveEntry => ({ kind: "file", path: p, mode: 0o644, data: Buffer.from("x") });

  it.each([
    ["a parent step", [file("../escaped")]],
    ["a nested parent step", [file("ok/../../escaped")]],
    ["an absolute path", [file("/tmp/escaped")]],
    ["a link out of the folder", [{ kind: "symlink", path: "l", target: "../../escaped" } as ArchiveEntry]],
    ["an absolute link", [{ kind: "symlink", path: "l", target: "/etc/passwd" } as ArchiveEntry]],
  ])("refuses %s", (_what, entries) => {
    const out = path.join(dir, "box", "out");
    expect(() => writeEntries(entries, out)).toThrow(/outside its folder/);
    expect(fs.existsSync(path.join(dir, "escaped"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "box", "escaped"))).toBe(false);
  });

  it("creates links last, so no file is written through one", () => {
    const out = path.join(dir, "out");
    writeEntries([{ kind: "symlink", path: "sub", target: "real" }, { kind: "dir", path: "real", mode: 0o755 }, file("sub2/x")], out);
    expect(fs.readlinkSync(path.join(out, "sub"))).toBe("real");
    expect(fs.readFileSync(path.join(out, "sub2/x"), "utf8")).toBe("x");
    // "s/y" goes into a real folder "s" (links come last): the link then collides, and is refused.
    expect(() => writeEntries([{ kind: "symlink", path: "s", target: "." }, file("s/y")], path.join(dir, "out2"))).toThrow(/collides/);
    expect(fs.lstatSync(path.join(dir, "out2", "s")).isDirectory()).toBe(true);
  });
});
