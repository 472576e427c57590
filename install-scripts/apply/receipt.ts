/**
 * The install receipt: every file, directory and registry key the installer created, so uninstall
 * removes exactly those and nothing else. It has no timestamps, so an unchanged re-run leaves it
 * byte-for-byte the same.
 */
import { HOST_NAME } from "../../shared/extension-ids";
import { isRecord } from "../plan/host-config";

const RECEIPT_VERSION = 1;

interface ReceiptFile {
  path: string;
  /** What it is, for messages: "host bundle", "manifest for Google Chrome", … */
  what: string;
}

export interface ReceiptKey {
  key: string;
  value: string;
  what: string;
}

/** An agent `add` installed: its version folder (…/agents/<id>/<version>/). */
interface ReceiptAgent {
  id: string;
  dir: string;
  /** The version an upgrade replaced, kept for one upgrade (a running host may still run it). */
  previous?: true;
}

/** A profile `add` put into the host config, and the sha256 of its JSON as written (receipt-add.ts). */
interface ReceiptProfile {
  name: string;
  sha256: string;
}

export interface Receipt {
  receiptVersion: typeof RECEIPT_VERSION;
  hostName: string;
  hostVersion: string;
  platform: NodeJS.Platform;
  dataDir: string;
  launcher: string;
  files: ReceiptFile[];
  /** Dirs the installer created; removed on uninstall when empty. */
  dirs: string[];
  registryKeys: ReceiptKey[];
  /** Parent keys that setting registryKeys created (Windows); removed on uninstall when empty. */
  createdKeys: string[];
  /**
   * The host config: the user's file, removed by `uninstall --purge`, and by a plain uninstall only
   * when the installer created it and it still has the bytes the installer last wrote (`sha256`).
   */
  config: { file: string; dirs: string[]; sha256?: string };
  /** What `add` wrote: agent folders (removed whole), profiles (removed while unchanged), caches (removed). */
  agents: ReceiptAgent[];
  profiles: ReceiptProfile[];
  caches: string[];
}

export function emptyReceipt(meta: Pick<Receipt, "hostVersion" | "platform" | "dataDir" | "launcher">, configFile: string): Receipt {
  return {
    receiptVersion: RECEIPT_VERSION,
    hostName: HOST_NAME,
    ...meta,
    files: [],
    dirs: [],
    registryKeys: [],
    createdKeys: [],
    config: { file: configFile, dirs: [] },
    agents: [],
    profiles: [],
    caches: [],
  };
}

/** Sorted and deduplicated, so equal receipts serialize to equal bytes. */
function normalizeReceipt(r: Receipt): Receipt {
  const byPath = new Map(r.files.map((f) => [f.path, f]));
  const byKey = new Map(r.registryKeys.map((k) => [k.key.toLowerCase(), k]));
  return {
    receiptVersion: RECEIPT_VERSION,
    hostName: r.hostName,
    hostVersion: r.hostVersion,
    platform: r.platform,
    dataDir: r.dataDir,
    launcher: r.launcher,
    files: [...byPath.values()].sort((a, b) => cmp(a.path, b.path)),
    dirs: [...new Set(r.dirs)].sort(cmp),
    registryKeys: [...byKey.values()].sort((a, b) => cmp(a.key, b.key)),
    createdKeys: [...new Map(r.createdKeys.map((k) => [k.toLowerCase(), k])).values()].sort(cmp),
    config: { file: r.config.file, dirs: [...new Set(r.config.dirs)].sort(cmp), ...(r.config.sha256 ? { sha256: r.config.sha256 } : {}) },
    agents: [...new Map(r.agents.map((a) => [a.dir, a])).values()].sort((a, b) => cmp(a.dir, b.dir)),
    profiles: [...new Map(r.profiles.map((x) => [x.name, x])).values()].sort((a, b) => cmp(a.name, b.name)),
    caches: [...new Set(r.caches)].sort(cmp),
  };
}

export function serializeReceipt(r: Receipt): string {
  // Fields only when they hold something: receipts written before them stay byte for byte the same.
  const { createdKeys, agents, profiles, caches, ...rest } = normalizeReceipt(r);
  const optional = Object.fromEntries(Object.entries({ createdKeys, agents, profiles, caches }).filter(([, v]) => v.length > 0));
  return `${JSON.stringify({ ...rest, ...optional }, null, 2)}\n`;
}

/** Throws with the reason when the text is not a receipt this version understands. */
export function parseReceipt(text: string): Receipt {
  const raw: unknown = JSON.parse(text);
  if (!isRecord(raw)) throw new Error("not a JSON object");
  if (raw.receiptVersion !== RECEIPT_VERSION) throw new Error(`unknown receiptVersion ${JSON.stringify(raw.receiptVersion)}`);
  const str = (v: unknown, what: string): string => {
    if (typeof v !== "string" || v.length === 0) throw new Error(`${what} must be a non-empty string`);
    return v;
  };
  const list = (v: unknown, what: string): unknown[] => {
    if (!Array.isArray(v)) throw new Error(`${what} must be a list`);
    return v;
  };
  const optionalList = (v: unknown, what: string): unknown[] => (v === undefined ? [] : list(v, what));
  const config = isRecord(raw.config) ? raw.config : undefined;
  if (!config) throw new Error("config must be an object");
  return normalizeReceipt({
    receiptVersion: RECEIPT_VERSION,
    hostName: str(raw.hostName, "hostName"),
    hostVersion: str(raw.hostVersion, "hostVersion"),
    platform: str(raw.platform, "platform") as NodeJS.Platform,
    dataDir: str(raw.dataDir, "dataDir"),
    launcher: str(raw.launcher, "launcher"),
    files: list(raw.files, "files").map((f, i) => {
      if (!isRecord(f)) throw new Error(`files[${i}] must be an object`);
      return { path: str(f.path, `files[${i}].path`), what: str(f.what, `files[${i}].what`) };
    }),
    dirs: list(raw.dirs, "dirs").map((d, i) => str(d, `dirs[${i}]`)),
    registryKeys: list(raw.registryKeys, "registryKeys").map((k, i) => {
      if (!isRecord(k)) throw new Error(`registryKeys[${i}] must be an object`);
      return {
        key: str(k.key, `registryKeys[${i}].key`),
        value: str(k.value, `registryKeys[${i}].value`),
        what: str(k.what, `registryKeys[${i}].what`),
      };
    }),
    createdKeys: optionalList(raw.createdKeys, "createdKeys").map((k, i) => str(k, `createdKeys[${i}]`)),
    config: {
      file: str(config.file, "config.file"),
      dirs: list(config.dirs, "config.dirs").map((d, i) => str(d, `config.dirs[${i}]`)),
      ...(config.sha256 === undefined ? {} : { sha256: str(config.sha256, "config.sha256") }),
    },
    agents: optionalList(raw.agents, "agents").map((a, i) => {
      if (!isRecord(a)) throw new Error(`agents[${i}] must be an object`);
      return {
        id: str(a.id, `agents[${i}].id`),
        dir: str(a.dir, `agents[${i}].dir`),
        ...(a.previous === true ? { previous: true as const } : {}),
      };
    }),
    profiles: optionalList(raw.profiles, "profiles").map((x, i) => {
      if (!isRecord(x)) throw new Error(`profiles[${i}] must be an object`);
      return { name: str(x.name, `profiles[${i}].name`), sha256: str(x.sha256, `profiles[${i}].sha256`) };
    }),
    caches: optionalList(raw.caches, "caches").map((c, i) => str(c, `caches[${i}]`)),
  });
}

/**
 * The receipt after an install: what this run wrote, plus what earlier runs wrote that is still
 * there (a `--browser` run must not forget the other browsers' manifests).
 */
export function mergeReceipts(
  previous: Receipt | undefined,
  current: Receipt,
  stillThere: { file(p: string): boolean; dir(p: string): boolean; key(k: ReceiptKey): boolean; createdKey(k: string): boolean },
): Receipt {
  if (!previous) return normalizeReceipt(current);
  return normalizeReceipt({
    ...current,
    files: [...previous.files.filter((f) => stillThere.file(f.path)), ...current.files],
    dirs: [...previous.dirs.filter((d) => stillThere.dir(d)), ...current.dirs],
    registryKeys: [...previous.registryKeys.filter((k) => stillThere.key(k)), ...current.registryKeys],
    createdKeys: [...previous.createdKeys.filter((k) => stillThere.createdKey(k)), ...current.createdKeys],
    config: {
      file: current.config.file,
      dirs: [...previous.config.dirs.filter((d) => stillThere.dir(d)), ...current.config.dirs],
      ...(current.config.sha256 ? { sha256: current.config.sha256 } : {}),
    },
    // What `add` wrote stays listed while it is there; the profiles are checked when uninstalling.
    agents: [...previous.agents.filter((a) => stillThere.dir(a.dir)), ...current.agents],
    profiles: [...previous.profiles, ...current.profiles],
    caches: [...previous.caches.filter((c) => stillThere.file(c)), ...current.caches],
  });
}

const SOFTWARE = "hkcu\\software\\";

/**
 * The parents of a key the installer writes that it may have created, and so may remove: those below
 * HKCU\\Software, outermost first (HKCU\\Software\\Vivaldi, …\\Vivaldi\\NativeMessagingHosts).
 */
export function ownParentKeys(key: string): string[] {
  if (!key.toLowerCase().startsWith(SOFTWARE)) return [];
  const parts = key.split("\\");
  const out: string[] = [];
  for (let n = 3; n < parts.length; n++) out.push(parts.slice(0, n).join("\\"));
  return out;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
