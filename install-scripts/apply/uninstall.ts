/**
 * `uninstall`: removes exactly what the receipt lists (files, registry keys, then the dirs the
 * installer created, if empty), tolerating anything already gone. The host config is the user's
 * once they (or another command) changed it, and then stays unless --purge, which also removes the
 * host's logs; a config still as the installer wrote it goes with the rest. What `add` wrote goes
 * too: agent folders, the registry cache, and the profiles it added while they are as it wrote them.
 */
import fs from "node:fs";
import { loadConfig } from "../../native-host/setup/config";
import { APP_DIR, configDir, configFile, type PlatformInfo, stateDir } from "../../native-host/setup/paths";
import { HOST_NAME } from "../../shared/extension-ids";
import { withoutAddedProfiles } from "../acp-registry/add-receipt";
import { isAgentDir } from "../acp-registry/agent-paths";
import { installLayout, pathLib } from "../browsers/layout";
import type { RegistryOps } from "../browsers/registry";
import { COMMANDS } from "../command-names";
import { type Finding, formatFindings, hasProblem, info, ok, problem } from "../report";
import { readReceipt } from "./apply";
import { removeDirIfEmpty, removeFile, sha256, writeFileAtomic } from "./files";
import { ownParentKeys, type Receipt, type ReceiptKey } from "./receipt";

export interface UninstallArgs {
  command: "uninstall";
  purge: boolean;
  dryRun: boolean;
  json: boolean;
}

export interface UninstallContext {
  p: PlatformInfo;
  registry: RegistryOps;
  out(text: string): void;
}

export async function uninstall(ctx: UninstallContext, cmd: UninstallArgs): Promise<number> {
  const { p } = ctx;
  const layout = installLayout(p);
  const findings: Finding[] = [];
  const dry = cmd.dryRun;
  const r = readReceipt(layout.receipt);
  const report = (next?: string): number => {
    const code = hasProblem(findings) ? 1 : 0;
    if (cmd.json) ctx.out(`${JSON.stringify({ ok: code === 0, dryRun: dry, findings }, null, 2)}\n`);
    else
      ctx.out(
        `goose-browser: uninstalling the native-messaging host${dry ? " (dry run: nothing is changed)" : ""}\n` +
          `${formatFindings(findings)}${next && code === 0 ? `${next}\n` : ""}`,
      );
    return code;
  };
  if (r.error) {
    // Guessing what to remove could delete something that is not ours.
    findings.push(
      problem("receipt", r.error, `remove the files it lists by hand, or re-run \`${COMMANDS.install}\` to rewrite it, then uninstall`),
    );
    return report();
  }
  const dirs: string[] = [];
  if (!r.receipt) findings.push(info("receipt", `no ${layout.receipt}: nothing installed to remove`));
  else {
    const receipt = r.receipt;
    for (const f of receipt.files) {
      if (!isOurFile(f.path, receipt, p.platform)) {
        findings.push(problem(f.what, `${f.path} is not a file this installer writes; left alone`, "remove it by hand if you are sure"));
        continue;
      }
      findings.push(removeOne(f.path, f.what, dry));
    }
    for (const a of receipt.agents) findings.push(removeAgentDir(a.dir, `agent ${a.id}`, receipt, p, dry));
    for (const c of receipt.caches) {
      if (!pathLib(p.platform).dirname(c).split(/[\\/]/).includes(APP_DIR)) {
        findings.push(
          problem("registry cache", `${c} is not a file this installer writes; left alone`, "remove it by hand if you are sure"),
        );
      } else findings.push(removeOne(c, "registry cache", dry));
    }
    findings.push(...(await removeRegistryKeys(receipt.registryKeys, ctx.registry, dry)));
    if (!dry) findings.push(...(await removeCreatedKeys(receipt, ctx.registry)));
    findings.push(removeOne(layout.receipt, "receipt", dry));
    dirs.push(...receipt.dirs);
    if (cmd.purge) dirs.push(...receipt.config.dirs);
  }
  const ownConfig = !cmd.purge && r.receipt && configAsWritten(r.receipt);
  if (ownConfig) {
    findings.push(removeOne(r.receipt!.config.file, "host config", dry));
    dirs.push(...r.receipt!.config.dirs);
  }
  if (cmd.purge) {
    // Read the config before removing it: it may name a custom log file.
    const loaded = loadConfig(configFile(p), p);
    findings.push(removeOne(loaded.file, "host config", dry));
    for (const log of [loaded.config.logFile, `${loaded.config.logFile}.1`]) {
      if (fs.existsSync(log)) findings.push(removeOne(log, "host log", dry));
    }
    dirs.push(configDir(p), stateDir(p));
  } else if (!ownConfig && r.receipt && r.receipt.profiles.length > 0 && fs.existsSync(r.receipt.config.file)) {
    findings.push(...removeAddedProfiles(r.receipt, p, dry));
  }
  if (!cmd.purge && !ownConfig && fs.existsSync(configFile(p))) {
    findings.push(info("host config", `kept ${configFile(p)} (your settings; \`${COMMANDS.purge}\` removes it and the logs)`));
  }
  if (!dry) {
    // Deepest first, and only when empty: a dir holding anything not ours stays.
    for (const d of [...new Set(dirs)].sort((a, b) => b.length - a.length)) removeDirIfEmpty(d);
  }
  return report(
    !dry && (r.receipt || cmd.purge) ? "Done. Reload or close the goose panel: it will report that the host is not installed." : undefined,
  );
}

/** Everything in an agent's version folder is ours: `add` unpacked it there. */
function removeAgentDir(dir: string, what: string, receipt: Receipt, p: PlatformInfo, dry: boolean): Finding {
  if (!isAgentDir(dir, p, receipt.dataDir))
    return problem(what, `${dir} is not a folder \`add\` writes; left alone`, "remove it by hand if you are sure");
  if (!fs.existsSync(dir)) return info(what, `${dir} was already gone`);
  if (dry) return ok(what, `would remove ${dir}`);
  try {
    fs.rmSync(dir, { recursive: true, force: true });
    return ok(what, `removed ${dir}`);
  } catch (e) {
    return problem(what, `could not remove ${dir}: ${(e as Error).message}`, "stop the agent, then remove it by hand");
  }
}

/** The profiles `add` added, out of a config the user has since changed: each only while it is as `add` wrote it. */
function removeAddedProfiles(receipt: Receipt, p: PlatformInfo, dry: boolean): Finding[] {
  const file = receipt.config.file;
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    return [problem("host config", `could not read ${file}: ${(e as Error).message}`, "remove the added profiles by hand")];
  }
  const change = withoutAddedProfiles(text, receipt.profiles, p);
  const out = change.kept.map((k) => info("agent profile", `kept "${k.name}" in ${file}: ${k.why}`));
  if (change.removed.length === 0) return out;
  const names = change.removed.map((n) => `"${n}"`).join(", ");
  try {
    if (!dry) writeFileAtomic(file, change.text, fs.statSync(file).mode & 0o777);
    out.unshift(ok("agent profile", `${dry ? "would remove" : "removed"} ${names} from ${file}`));
  } catch (e) {
    out.unshift(problem("agent profile", `could not remove ${names} from ${file}: ${(e as Error).message}`, "remove them by hand"));
  }
  return out;
}

/** The config the installer created, still byte for byte as it last wrote it: nobody's settings but ours. */
function configAsWritten(receipt: Receipt): boolean {
  if (!receipt.config.sha256) return false;
  try {
    return sha256(fs.readFileSync(receipt.config.file)) === receipt.config.sha256;
  } catch {
    return false;
  }
}

/** Deletes the receipt's registry keys; only keys named like ours are touched. */
export async function removeRegistryKeys(keys: readonly ReceiptKey[], registry: RegistryOps, dry: boolean): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const k of keys) {
    if (!k.key.toLowerCase().endsWith(`\\nativemessaginghosts\\${HOST_NAME}`)) {
      out.push(problem(k.what, `${k.key} is not a key this installer writes; left alone`, "remove it by hand if you are sure"));
      continue;
    }
    const existed = (await registry.get(k.key)) !== undefined;
    try {
      if (!dry && existed) await registry.delete(k.key);
      out.push(existed ? ok(k.what, `${dry ? "would remove" : "removed"} ${k.key}`) : info(k.what, `${k.key} was already gone`));
    } catch (e) {
      out.push(problem(k.what, `could not remove ${k.key}: ${(e as Error).message}`, `\`reg delete "${k.key}" /f\``));
    }
  }
  return out;
}

/**
 * The parent keys install created (HKCU\\Software\\Vivaldi\\NativeMessagingHosts, …), deepest first, each
 * only while empty and only when it is a parent of a key the receipt lists.
 */
export async function removeCreatedKeys(receipt: Receipt, registry: RegistryOps): Promise<Finding[]> {
  const ours = new Set(receipt.registryKeys.flatMap((k) => ownParentKeys(k.key).map((p) => p.toLowerCase())));
  const removed: string[] = [];
  const failed: Finding[] = [];
  for (const key of [...receipt.createdKeys].sort((a, b) => b.length - a.length)) {
    if (!ours.has(key.toLowerCase()) || (await registry.state(key)) !== "empty") continue;
    try {
      await registry.delete(key);
      removed.push(key);
    } catch (e) {
      failed.push(problem("registry", `could not remove the empty key ${key}: ${(e as Error).message}`, `\`reg delete "${key}" /f\``));
    }
  }
  return removed.length > 0
    ? [ok("registry", `removed ${removed.length} empty keys it had created: ${removed.join(", ")}`), ...failed]
    : failed;
}

function removeOne(file: string, what: string, dry: boolean): Finding {
  if (!fs.existsSync(file)) return info(what, `${file} was already gone`);
  if (dry) return ok(what, `would remove ${file}`);
  try {
    removeFile(file);
    return ok(what, `removed ${file}`);
  } catch (e) {
    return problem(what, `could not remove ${file}: ${(e as Error).message}`, "remove it by hand");
  }
}

/** Only our own file names, or files inside our data dir, are ever removed. */
export function isOurFile(file: string, receipt: Receipt, platform: NodeJS.Platform): boolean {
  const lib = pathLib(platform);
  const base = lib.basename(file);
  if (base === `${HOST_NAME}.json`) return true;
  const rel = lib.relative(receipt.dataDir, file);
  return rel.length > 0 && !rel.startsWith("..") && !lib.isAbsolute(rel);
}
