/**
 * Carries out a plan's actions: files written atomically and only when their bytes or mode differ
 * (so a re-run changes nothing), registry keys set only when their value differs; then the receipt,
 * merged with the previous one, listing everything of ours that now exists.
 */
import fs from "node:fs";
import path from "node:path";
import type { InstallLayout } from "../browsers/layout";
import type { RegistryOps } from "../browsers/registry";
import type { Action } from "../plan/plan";
import { ensureDir, fileMatches, sha256, writeFileAtomic } from "./files";
import { emptyReceipt, mergeReceipts, ownParentKeys, parseReceipt, type Receipt, serializeReceipt } from "./receipt";

export type Outcome = "created" | "updated" | "unchanged" | "failed";

export interface ActionResult {
  action: Action;
  outcome: Outcome;
  error?: string;
}

export interface ApplyResult {
  results: ActionResult[];
  /** Dirs created for our files, and those created only for the host config. */
  dirs: string[];
  configDirs: string[];
  /** Registry keys that setting ours created (a vendor's NativeMessagingHosts key, the vendor's own). */
  createdKeys: string[];
}

export async function applyActions(actions: readonly Action[], registry: RegistryOps, dryRun: boolean): Promise<ApplyResult> {
  const results: ActionResult[] = [];
  const dirs: string[] = [];
  const configDirs: string[] = [];
  const createdKeys: string[] = [];
  for (const action of actions) {
    try {
      if (action.kind === "registry") {
        const current = await registry.get(action.key);
        if (current === action.value) results.push({ action, outcome: "unchanged" });
        else {
          if (!dryRun) {
            const missing = await missingParents(registry, action.key);
            await registry.set(action.key, action.value);
            createdKeys.push(...missing);
          }
          results.push({ action, outcome: current === undefined ? "created" : "updated" });
        }
        continue;
      }
      const data = "text" in action.content ? Buffer.from(action.content.text, "utf8") : fs.readFileSync(action.content.copyFrom);
      if (fileMatches(action.path, data, action.mode)) {
        results.push({ action, outcome: "unchanged" });
        continue;
      }
      const existed = fs.existsSync(action.path);
      if (!dryRun) {
        const created = ensureDir(path.dirname(action.path));
        (action.role === "config" ? configDirs : dirs).push(...created);
        writeFileAtomic(action.path, data, action.mode);
      }
      results.push({ action, outcome: existed ? "updated" : "created" });
    } catch (e) {
      results.push({ action, outcome: "failed", error: (e as Error).message });
    }
  }
  return { results, dirs, configDirs, createdKeys };
}

/** The parents of `key` below HKCU\\Software that do not exist yet: setting the key creates them. */
async function missingParents(registry: RegistryOps, key: string): Promise<string[]> {
  const missing: string[] = [];
  for (const parent of ownParentKeys(key)) if ((await registry.state(parent)) === "missing") missing.push(parent);
  return missing;
}

export interface ReceiptMeta {
  hostVersion: string;
  platform: NodeJS.Platform;
  configFile: string;
  /** The installer created the config, or it still has the bytes an earlier run wrote. */
  configOwned: boolean;
}

export function readReceipt(file: string): { receipt?: Receipt; error?: string; found: boolean } {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { found: false };
    return { found: true, error: (e as Error).message };
  }
  try {
    return { found: true, receipt: parseReceipt(text) };
  } catch (e) {
    return { found: true, error: `${file} is not a valid receipt: ${(e as Error).message}` };
  }
}

/** Writes the receipt for what `applied` did plus what earlier runs left in place; returns it and whether it changed. */
export async function recordReceipt(
  layout: InstallLayout,
  meta: ReceiptMeta,
  applied: ApplyResult,
  previous: Receipt | undefined,
  registry: RegistryOps,
  dryRun: boolean,
): Promise<{ receipt: Receipt; outcome: Outcome }> {
  const current = emptyReceipt(
    { hostVersion: meta.hostVersion, platform: meta.platform, dataDir: layout.dataDir, launcher: layout.launcher },
    meta.configFile,
  );
  for (const r of applied.results) {
    if (r.outcome === "failed") continue;
    if (r.action.kind === "registry") current.registryKeys.push({ key: r.action.key, value: r.action.value, what: r.action.what });
    else if (r.action.role !== "config") current.files.push({ path: r.action.path, what: r.action.what });
  }
  // The config is the installer's to remove (uninstall.ts) only while it has the bytes the installer wrote.
  const config = applied.results.find((r) => r.action.kind === "file" && r.action.role === "config" && r.outcome !== "failed")?.action;
  if (meta.configOwned) {
    const written = config?.kind === "file" && "text" in config.content ? sha256(config.content.text) : previous?.config.sha256;
    if (written) current.config.sha256 = written;
  }
  current.dirs.push(...applied.dirs);
  current.createdKeys.push(...applied.createdKeys);
  current.config.dirs.push(...applied.configDirs);
  const keyValues = new Map<string, string | undefined>();
  for (const k of previous?.registryKeys ?? []) keyValues.set(k.key, await registry.get(k.key));
  const existingKeys = new Set<string>();
  for (const k of previous?.createdKeys ?? []) if ((await registry.state(k)) !== "missing") existingKeys.add(k);
  const receipt = mergeReceipts(previous, current, {
    file: (f) => fs.existsSync(f),
    dir: (d) => fs.existsSync(d),
    key: (k) => keyValues.get(k.key) === k.value,
    createdKey: (k) => existingKeys.has(k),
  });
  const data = Buffer.from(serializeReceipt(receipt), "utf8");
  if (fileMatches(layout.receipt, data, 0o644)) return { receipt, outcome: "unchanged" };
  const existed = fs.existsSync(layout.receipt);
  if (!dryRun) {
    ensureDir(layout.dataDir);
    writeFileAtomic(layout.receipt, data, 0o644);
  }
  return { receipt, outcome: existed ? "updated" : "created" };
}
