/**
 * What `add` records in the install receipt (receipt.ts), so `uninstall` removes it: the agent's
 * version folder, the profile it added (removed later only while it is still as written), the
 * registry cache and the folders made for them. An upgrade keeps the version it replaced for one
 * more upgrade, as the installer keeps the previous host bundle: the running host may have an agent
 * of that version running, and Windows refuses to delete a running program. Pure: no I/O.
 */
import { parseConfig } from "../../native-host/setup/config";
import type { PlatformInfo } from "../../native-host/setup/paths";
import { sha256 } from "../apply/files";
import type { Receipt } from "../apply/receipt";
import { configText, isRecord, type RawConfig } from "../plan/host-config";

export interface AddRecord {
  id: string;
  /** The binary's version folder; none for an npx agent. */
  agentDir?: string;
  /** Folders this run created (agents/, agents/<id>/, the cache folder, …): removed on uninstall when empty. */
  dirs: string[];
  /** The host config's text before (undefined: there was none) and after the profile was written. */
  config: { before?: string; after: string; dirs: string[] };
  cache?: string;
}

/** The receipt after an add, and the folders of versions replaced two upgrades ago, to remove. */
export function recordAdd(receipt: Receipt, a: AddRecord): { receipt: Receipt; removeDirs: string[] } {
  let agents = receipt.agents;
  const removeDirs: string[] = [];
  if (a.agentDir && !agents.some((x) => x.dir === a.agentDir)) {
    removeDirs.push(...agents.filter((x) => x.id === a.id && x.previous).map((x) => x.dir));
    agents = [
      ...agents.filter((x) => x.id !== a.id),
      ...agents.filter((x) => x.id === a.id && !x.previous).map((x) => ({ ...x, previous: true as const })),
      { id: a.id, dir: a.agentDir },
    ];
  }
  const beforeSha = a.config.before === undefined ? undefined : profileSha(a.config.before, a.id);
  const afterSha = profileSha(a.config.after, a.id);
  const recorded = receipt.profiles.find((x) => x.name === a.id);
  // Ours: a profile that was not there, or one we wrote that nobody changed since. A user's own stays theirs.
  const ours = beforeSha === undefined || (recorded !== undefined && recorded.sha256 === beforeSha);
  const profiles =
    ours && afterSha ? [...receipt.profiles.filter((x) => x.name !== a.id), { name: a.id, sha256: afterSha }] : receipt.profiles;
  const config = { ...receipt.config, dirs: [...receipt.config.dirs] };
  // The config is the installer's to remove while it has the bytes last written by us (uninstall.ts).
  if (a.config.before === undefined) {
    config.sha256 = sha256(a.config.after);
    config.dirs.push(...a.config.dirs);
  } else if (config.sha256 !== undefined && config.sha256 === sha256(a.config.before)) config.sha256 = sha256(a.config.after);
  return {
    receipt: {
      ...receipt,
      agents,
      profiles,
      config,
      dirs: [...receipt.dirs, ...a.dirs],
      caches: a.cache ? [...receipt.caches, a.cache] : receipt.caches,
    },
    removeDirs,
  };
}

/**
 * The config without the profiles `add` added that are still exactly as it wrote them. A profile
 * the user changed, or one that removing would break (the config's defaultProfile), stays.
 */
export function withoutAddedProfiles(
  text: string,
  added: Receipt["profiles"],
  p: PlatformInfo,
): { text: string; removed: string[]; kept: { name: string; why: string }[] } {
  const removed: string[] = [];
  const kept: { name: string; why: string }[] = [];
  let config: RawConfig;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) throw new Error("not a JSON object");
    config = parsed;
  } catch (e) {
    return { text, removed, kept: added.map((x) => ({ name: x.name, why: `the config is not readable JSON (${(e as Error).message})` })) };
  }
  for (const x of added) {
    const profiles = isRecord(config.profiles) ? config.profiles : {};
    if (!Object.hasOwn(profiles, x.name)) continue;
    if (profileSha(text, x.name, config) !== x.sha256) {
      kept.push({ name: x.name, why: "changed since it was added" });
      continue;
    }
    const { [x.name]: _gone, ...rest } = profiles;
    const next: RawConfig = { ...config, profiles: rest };
    try {
      parseConfig(next, p);
    } catch (e) {
      kept.push({ name: x.name, why: `the config needs it: ${(e as Error).message}` });
      continue;
    }
    config = next;
    removed.push(x.name);
  }
  return { text: removed.length > 0 ? configText(config) : text, removed, kept };
}

/** The sha256 of one profile's JSON in the config's text; undefined when it has no such profile. */
function profileSha(text: string, name: string, parsed?: RawConfig): string | undefined {
  let config: unknown = parsed;
  if (config === undefined) {
    try {
      config = JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  const profiles = isRecord(config) && isRecord(config.profiles) ? config.profiles : undefined;
  const profile = profiles && Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  return profile === undefined ? undefined : sha256(JSON.stringify(profile));
}
