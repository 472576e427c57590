/**
 * Vitest global setup: the run's temp files (the tests' own folders, the host's and the scripted agent's,
 * Chromium's) go in one private folder under the system temp folder, removed when the run ends, so a run
 * leaves nothing behind even where a test keeps its folder to read logs after the host has exited.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-browser-tests-"));
  // Read by os.tmpdir() in this process and in every worker and child started after this point.
  process.env.TMPDIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
