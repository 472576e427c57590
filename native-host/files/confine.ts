/**
 * Where an agent's path really leads, and whether that is inside one of the session's folders (its
 * `cwd` and `additionalDirectories`). The path is resolved the way the OS will resolve it before the
 * check: `..` after the folder it follows is real, each symlink on the way to its target; a part that
 * does not exist yet can only be a plain name (nothing below it can be a link). Folders are compared
 * without case on macOS and Windows, whose file systems ignore it by default.
 */
import fs from "node:fs";
import path from "node:path";

export type Confined = { ok: true; path: string } | { ok: false; message: string };

export interface ConfineOptions {
  platform: NodeJS.Platform;
  /** Folders no agent may write or read through the host, even inside a session's folder (the host's own). */
  protected?: readonly string[];
}

/** `requested` resolved, if it lies inside one of `roots` and in none of `o.protected`. */
export function confine(requested: string, roots: readonly string[], o: ConfineOptions): Confined {
  const lib = pathLib(o.platform);
  if (!lib.isAbsolute(requested) || (o.platform === "win32" && /^[\\/][\\/][?.][\\/]/.test(requested))) {
    return { ok: false, message: `${requested} is not an absolute path (ACP paths are absolute)` };
  }
  const realRoots = roots.flatMap((root) => {
    const real = realOrUndefined(root);
    return real ? [real] : [];
  });
  const where = roots.length === 0 ? "no folder" : roots.join(", ");
  const resolved = resolveReal(requested, lib);
  if (!resolved.ok) return resolved;
  if (!realRoots.some((root) => isInside(root, resolved.path, o.platform))) {
    return { ok: false, message: `${requested} is outside this session's folders (${where}); goose-browser serves files only there` };
  }
  for (const dir of o.protected ?? []) {
    const real = realOrUndefined(dir) ?? dir;
    if (isInside(real, resolved.path, o.platform)) {
      return { ok: false, message: `${requested} is in goose-browser's own folder ${dir}, which the agent may not touch` };
    }
  }
  return resolved;
}

/** Whether `target` is `root` or below it; both already resolved. Pure. */
export function isInside(root: string, target: string, platform: NodeJS.Platform): boolean {
  const lib = pathLib(platform);
  const fold = (p: string) => (platform === "darwin" || platform === "win32" ? p.normalize("NFC").toLowerCase() : p);
  // win32's relative() ignores case itself; a different drive gives an absolute answer.
  const rel = lib.relative(fold(root), fold(target));
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${lib.sep}`) && !lib.isAbsolute(rel));
}

function resolveReal(requested: string, lib: typeof path.posix): Confined {
  const top = lib.parse(requested).root;
  const parts = requested
    .slice(top.length)
    .split(lib === path.win32 ? /[\\/]+/ : /\/+/)
    .filter((p) => p.length > 0);
  let current = realOrUndefined(top);
  if (!current) return { ok: false, message: `${requested}: its drive or root ${top} does not exist` };
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === ".") continue;
    if (part === "..") {
      current = lib.dirname(current);
      continue;
    }
    const next = lib.join(current, part);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(next);
    } catch {
      // Nothing below a missing part exists, so the rest is names only; a `..` there would be read lexically
      // by us and through whatever exists by the OS, so it is refused rather than guessed.
      const rest = parts.slice(i);
      if (rest.some((p) => p === "." || p === "..")) {
        return { ok: false, message: `${requested}: "..", or ".", after a folder that does not exist` };
      }
      return { ok: true, path: lib.join(current, ...rest) };
    }
    if (stat.isSymbolicLink()) {
      const target = realOrUndefined(next);
      if (!target) return { ok: false, message: `${requested}: ${next} is a symbolic link to nothing` };
      current = target;
    } else current = next;
  }
  return { ok: true, path: current };
}

function realOrUndefined(p: string): string | undefined {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return undefined;
  }
}

function pathLib(platform: NodeJS.Platform): typeof path.posix {
  return platform === "win32" ? path.win32 : path.posix;
}
