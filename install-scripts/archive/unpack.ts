/**
 * Writes an archive's entries into a folder and nowhere else. Every member path is relative, without
 * "..", and symbolic links are created last and only when they point inside the folder, so no
 * member is ever written through a link. Modes keep the permission bits only (never setuid).
 */
import fs from "node:fs";
import path from "node:path";
import type { ArchiveEntry } from "./entries";

export function writeEntries(entries: readonly ArchiveEntry[], dest: string): void {
  const root = path.resolve(dest);
  fs.mkdirSync(root, { recursive: true });
  const links: { at: string; target: string; name: string }[] = [];
  for (const e of entries) {
    const at = memberPath(root, e.path);
    if (at === root) continue; // "./" itself
    if (e.kind === "dir") fs.mkdirSync(at, { recursive: true, mode: (e.mode & 0o777) | 0o700 });
    else if (e.kind === "file") {
      fs.mkdirSync(path.dirname(at), { recursive: true });
      fs.writeFileSync(at, e.data, { mode: e.mode & 0o777, flag: "wx" });
      fs.chmodSync(at, e.mode & 0o777);
    } else {
      const resolved = path.resolve(path.dirname(at), e.target);
      if (path.isAbsolute(e.target) || !inside(root, resolved))
        throw new Error(`archive link "${e.path}" points outside its folder (${e.target})`);
      links.push({ at, target: e.target, name: e.path });
    }
  }
  for (const l of links) {
    fs.mkdirSync(path.dirname(l.at), { recursive: true });
    try {
      fs.symlinkSync(l.target, l.at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      throw new Error(`archive link "${l.name}" collides with a file or folder of the same name`);
    }
  }
}

/** The member's absolute path under root; throws for an absolute path or one that climbs out. */
function memberPath(root: string, name: string): string {
  const parts = name.replaceAll("\\", "/").split("/");
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name) || parts.includes(".."))
    throw new Error(`archive member "${name}" would be written outside its folder`);
  return path.join(root, ...parts.filter((p) => p !== "" && p !== "."));
}

function inside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}
