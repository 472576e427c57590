/**
 * Writes what `add` did into the install receipt (add-receipt.ts says what is recorded), creating
 * the receipt when `add` runs before `install`, and removes the agent versions an upgrade retired.
 */
import fs from "node:fs";
import path from "node:path";
import type { PlatformInfo } from "../../native-host/setup/paths";
import { readReceipt } from "../apply/apply";
import { ensureDir, fileMatches, writeFileAtomic } from "../apply/files";
import { emptyReceipt, serializeReceipt } from "../apply/receipt";
import { installLayout } from "../browsers/layout";
import { type AddRecord, recordAdd } from "./add-receipt";
import { isAgentDir } from "./agent-paths";

/** Returns a warning to show when the receipt could not be updated (the agent itself is installed). */
export function recordAddInReceipt(p: PlatformInfo, hostVersion: string, configFile: string, a: AddRecord): string | undefined {
  const layout = installLayout(p);
  const read = readReceipt(layout.receipt);
  // Rewriting a receipt we cannot read would forget what it lists.
  if (read.error) return `${read.error}; \`uninstall\` will not know about this agent`;
  const base =
    read.receipt ?? emptyReceipt({ hostVersion, platform: p.platform, dataDir: layout.dataDir, launcher: layout.launcher }, configFile);
  const { receipt, removeDirs } = recordAdd(base, a);
  for (const dir of removeDirs) {
    if (!isAgentDir(dir, p)) continue;
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // In use (Windows): it stays listed, and goes with the next upgrade or uninstall.
      receipt.agents.push({ id: a.id, dir, previous: true });
    }
  }
  try {
    receipt.dirs.push(...ensureDir(path.dirname(layout.receipt)));
    const data = Buffer.from(serializeReceipt(receipt), "utf8");
    // A second add of the same agent changes no byte.
    if (!fileMatches(layout.receipt, data, 0o644)) writeFileAtomic(layout.receipt, data, 0o644);
  } catch (e) {
    return `could not update ${layout.receipt}: ${(e as Error).message}`;
  }
  return undefined;
}
