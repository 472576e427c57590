/**
 * Whether someone other than the user could change what the host runs. Whoever can write host.json
 * picks the agent command; whoever can write the agent binary, or replace it through a folder on its
 * path, runs code as the user. So on POSIX the host refuses to start an agent when the config file or
 * the resolved command, or any folder above either, is writable by group or others.
 *
 * One exception, decided here: a folder that others may write but that has the sticky bit and is
 * owned by root (/tmp) is accepted, because the sticky bit stops others from renaming or deleting
 * entries they do not own; the file itself is still checked. Symlinks are followed: the link's
 * folders and the target's folders are both checked. Windows ACLs are not inspected (no check there).
 */
import fs from "node:fs";
import path from "node:path";

export interface UnsafePath {
  /** The file or folder that others can write. */
  path: string;
  /** What is wrong, e.g. "writable by others". */
  problem: string;
  /** A command that fixes it. */
  fix: string;
}

const GROUP_OR_OTHER_WRITE = 0o022;
const STICKY = 0o1000;

/** The first file or folder on `file`'s path that others can write, or undefined when it is safe (or not POSIX). */
export function findUnsafePath(file: string, platform: NodeJS.Platform = process.platform): UnsafePath | undefined {
  if (platform === "win32") return undefined;
  const paths = [file];
  try {
    const real = fs.realpathSync(file);
    if (real !== file) paths.push(real);
  } catch {
    // Absent (a config file not written yet): its folders still decide who could create it.
  }
  for (const p of paths) {
    const own = checkEntry(p, false);
    if (own) return own;
    for (let dir = path.dirname(p); ; dir = path.dirname(dir)) {
      const found = checkEntry(dir, true);
      if (found) return found;
      if (path.dirname(dir) === dir) break;
    }
  }
  return undefined;
}

function checkEntry(p: string, isFolder: boolean): UnsafePath | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return undefined;
  }
  const writable = st.mode & GROUP_OR_OTHER_WRITE;
  if (!writable) return undefined;
  if (isFolder && st.mode & STICKY && st.uid === 0) return undefined;
  const who = (st.mode & 0o020 ? ["group"] : []).concat(st.mode & 0o002 ? ["others"] : []).join(" and ");
  return { path: p, problem: `writable by ${who}`, fix: `chmod go-w ${shellQuote(p)}` };
}

function shellQuote(p: string): string {
  return /^[\w@%+=:,./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}

/** What the host and doctor say: which file, why it matters, and the fix. */
export function describeUnsafe(u: UnsafePath, what: string): { message: string; fix: string } {
  const why = u.path === what ? `${what} is ${u.problem}` : `${what} can be replaced by others: ${u.path} is ${u.problem}`;
  return { message: `${why}. Whoever can change it chooses what the host runs, so the host will not use it.`, fix: `Run \`${u.fix}\`.` };
}
