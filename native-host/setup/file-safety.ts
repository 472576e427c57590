/**
 * Whether someone other than the user could change what the host runs. Whoever can write host.json
 * picks the agent command; whoever can write the agent binary, or replace it through a folder on its
 * path, runs code as the user. So on POSIX the host refuses to start an agent when the config file or
 * the resolved command, or any folder above either, is writable by group or others.
 *
 * Two exceptions, decided here:
 *  - a folder that others may write but that has the sticky bit and is owned by root (/tmp) is
 *    accepted, because the sticky bit stops others from renaming or deleting entries they do not own;
 *    the file itself is still checked;
 *  - group write is accepted when the group is the owner's private group (gid equal to the owner's
 *    uid, the user-private-group convention of Debian and Ubuntu, whose default umask 002 makes files
 *    group-writable): nobody else is in that group. Symlinks are followed: the link's
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

const GROUP_WRITE = 0o020;
const OTHER_WRITE = 0o002;
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
  const groupWrite = st.mode & GROUP_WRITE && st.gid !== st.uid;
  const otherWrite = st.mode & OTHER_WRITE;
  if (!groupWrite && !otherWrite) return undefined;
  if (isFolder && st.mode & STICKY && st.uid === 0) return undefined;
  const who = (groupWrite ? ["group"] : []).concat(otherWrite ? ["others"] : []).join(" and ");
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
