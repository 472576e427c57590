/**
 * The few filesystem operations the installer needs, each safe to repeat: atomic replace (browsers
 * and running hosts may read these files at any moment), "is it already so?" checks that make a
 * re-run change nothing, and directory creation that reports which dirs it created, so uninstall can
 * remove exactly those.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Writes a temp file next to `file`, sets its mode, then renames it over `file`. */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode: number): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`);
  try {
    fs.writeFileSync(tmp, data, { mode });
    fs.chmodSync(tmp, mode); // the umask may have narrowed it
    renameRetrying(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/** Windows refuses to replace a file another process holds open (a starting host): retry briefly. */
function renameRetrying(from: string, to: string): void {
  for (let attempt = 0; ; attempt++) {
    try {
      fs.renameSync(from, to);
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (process.platform !== "win32" || attempt >= 5 || (code !== "EPERM" && code !== "EBUSY" && code !== "EACCES")) throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}

/** True when `file` already has exactly these bytes (and, on POSIX, this mode). */
export function fileMatches(file: string, data: Uint8Array, mode: number | undefined): boolean {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return false;
  }
  if (!st.isFile() || st.size !== data.byteLength) return false;
  if (mode !== undefined && process.platform !== "win32" && (st.mode & 0o777) !== mode) return false;
  return fs.readFileSync(file).equals(data);
}

/** mkdir -p that returns the dirs it created, outermost first. */
export function ensureDir(dir: string, mode = 0o755): string[] {
  const missing: string[] = [];
  for (let d = path.resolve(dir); !fs.existsSync(d); d = path.dirname(d)) {
    missing.unshift(d);
    if (path.dirname(d) === d) break;
  }
  for (const d of missing) fs.mkdirSync(d, { mode });
  return missing;
}

/** Removes a dir only when it is empty; anything the user put there stays. */
export function removeDirIfEmpty(dir: string): boolean {
  try {
    if (fs.readdirSync(dir).length > 0) return false;
    fs.rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

/** Removes a file; a file that is already gone is not an error. */
export function removeFile(file: string): "removed" | "absent" {
  try {
    fs.unlinkSync(file);
    return "removed";
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return "absent";
    throw e;
  }
}

export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}
