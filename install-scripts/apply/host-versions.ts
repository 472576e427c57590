/**
 * Old host bundles. An install that moves the launcher from one bundle to another keeps both (a host
 * still running the one before goes on reading nothing from disk, but its file stays for one upgrade)
 * and removes every other bundle the receipt lists. A run that leaves the launcher where it was removes
 * nothing, so installing twice changes nothing.
 */
import fs from "node:fs";
import { pathLib } from "../browsers/layout";
import { removeDirIfEmpty, removeFile } from "./files";

export function bundlesToPrune(listed: readonly string[], previous: string | undefined, current: string): string[] {
  if (previous === undefined || previous === current) return [];
  return [...new Set(listed)].filter((f) => f !== previous && f !== current);
}

/** Removes the bundles and then their version folders when empty and created by the installer. */
export function pruneBundles(
  files: readonly string[],
  ourDirs: readonly string[],
  platform: NodeJS.Platform,
): { removed: string[]; failed: Array<{ file: string; error: string }> } {
  const removed: string[] = [];
  const failed: Array<{ file: string; error: string }> = [];
  const lib = pathLib(platform);
  for (const file of files) {
    try {
      if (removeFile(file) === "removed") removed.push(file);
      const dir = lib.dirname(file);
      if (ourDirs.includes(dir) && fs.existsSync(dir)) removeDirIfEmpty(dir);
    } catch (e) {
      failed.push({ file, error: (e as Error).message });
    }
  }
  return { removed, failed };
}
