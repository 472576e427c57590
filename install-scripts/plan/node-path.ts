/**
 * Which node the launcher records. Browsers start hosts with a minimal PATH, so the launcher names
 * node by absolute path; of two paths to the same binary, the one on PATH is preferred because it
 * is usually a stable symlink (/opt/homebrew/bin/node) while the resolved one is versioned
 * (/opt/homebrew/Cellar/node/22.1.0/bin/node) and vanishes on the next `brew upgrade`.
 */
import fs from "node:fs";
import { pathDirs } from "../../native-host/agent/discover";
import { pathLib } from "../browsers/layout";

export interface NodeChoice {
  path: string;
  /** Set when the chosen path is likely to break on a node upgrade or version switch. */
  warning?: string;
}

const VERSIONED = /[\\/](?:\.nvm|\.fnm|fnm|\.volta|\.asdf|\.local[\\/]share[\\/]mise|\.nodenv|\.nodebrew|Cellar|\.n)[\\/]/;

/**
 * Pure: `execPath` is the running node, `candidates` the `node` files found on PATH (in order),
 * `realpath` resolves symlinks (undefined when the file does not exist).
 */
export function chooseNodePath(
  execPath: string,
  candidates: readonly string[],
  realpath: (file: string) => string | undefined,
): NodeChoice {
  const target = realpath(execPath) ?? execPath;
  // The first `node` on PATH that is this same binary; the running path when none is.
  const stable = candidates.find((c) => realpath(c) === target && !VERSIONED.test(c));
  const chosen = stable ?? execPath;
  if (VERSIONED.test(chosen)) {
    return {
      path: chosen,
      warning: `node is ${chosen}, a version manager's path: if you remove or switch this version, re-run the installer`,
    };
  }
  return { path: chosen };
}

/** `node` (or node.exe) in each PATH dir that has one. */
export function nodeOnPath(pathValue: string, platform: NodeJS.Platform): string[] {
  const lib = pathLib(platform);
  const name = platform === "win32" ? "node.exe" : "node";
  return pathDirs(pathValue, platform)
    .filter((d) => lib.isAbsolute(d))
    .map((d) => lib.join(d, name))
    .filter((f) => fs.existsSync(f));
}

export function realpathOrUndefined(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}
