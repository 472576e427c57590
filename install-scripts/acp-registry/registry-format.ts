/**
 * The ACP Registry's `registry.json` (format: https://github.com/agentclientprotocol/registry,
 * FORMAT.md and agent.schema.json): `{ version, agents: [{ id, name, version, description,
 * distribution: { binary?: { <platform>: { archive, sha256?, cmd, args?, env? } }, npx?, uvx? } }] }`.
 * Pure: parsed JSON in, typed agents out. An entry with a bad shape is skipped (one broken entry must
 * not hide the others); a document that is not a registry at all is an error.
 */

export const DEFAULT_REGISTRY_URL = "https://cdn.agentclientprotocol.com/registry/v1/latest/registry.json";

/** The registry's platform keys. */
export type RegistryPlatform = "darwin-aarch64" | "darwin-x86_64" | "linux-aarch64" | "linux-x86_64" | "windows-aarch64" | "windows-x86_64";

interface BinaryTarget {
  archive: string;
  /** Hex SHA-256 of the archive (optional in the format; this installer refuses an archive without one). */
  sha256?: string;
  /** The program inside the archive, relative to its root ("./goose"). */
  cmd: string;
  args: string[];
  env: Record<string, string>;
}

export interface PackageDistribution {
  /** An npm package spec, possibly with a version ("@scope/pkg@1.2.3"). */
  package: string;
  /** The package's bin to run when it has several. */
  cmd?: string;
  args: string[];
  env: Record<string, string>;
}

export interface RegistryAgent {
  id: string;
  name: string;
  version: string;
  description: string;
  binary: Partial<Record<RegistryPlatform, BinaryTarget>>;
  npx?: PackageDistribution;
  uvx?: PackageDistribution;
}

export interface Registry {
  agents: RegistryAgent[];
  /** Entries left out, with why (for `agents --json` and debugging a registry copy). */
  skipped: string[];
}

const PLATFORMS: readonly RegistryPlatform[] = [
  "darwin-aarch64",
  "darwin-x86_64",
  "linux-aarch64",
  "linux-x86_64",
  "windows-aarch64",
  "windows-x86_64",
];
/** The schema's id pattern; it also makes the id safe as a folder and profile name. */
const AGENT_ID = /^[a-z][a-z0-9-]*$/;
/** A version is used as a folder name: no separators, no "..". */
const VERSION = /^[0-9]+\.[0-9]+\.[0-9]+[0-9A-Za-z.+-]*$/;
const SHA256 = /^[a-fA-F0-9]{64}$/;

export function parseRegistry(raw: unknown): Registry {
  if (!isRecord(raw) || !Array.isArray(raw.agents)) throw new Error('not an ACP registry (no "agents" list)');
  const agents: RegistryAgent[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  raw.agents.forEach((entry: unknown, i: number) => {
    try {
      const agent = parseAgent(entry);
      if (seen.has(agent.id)) throw new Error(`"${agent.id}" is listed twice`);
      seen.add(agent.id);
      agents.push(agent);
    } catch (e) {
      skipped.push(`agents[${i}]: ${(e as Error).message}`);
    }
  });
  return { agents, skipped };
}

function parseAgent(raw: unknown): RegistryAgent {
  if (!isRecord(raw)) throw new Error("not an object");
  const id = text(raw.id, "id");
  if (!AGENT_ID.test(id)) throw new Error(`id "${id}" is not lowercase letters, digits and hyphens`);
  const version = text(raw.version, `${id}.version`);
  if (!VERSION.test(version)) throw new Error(`${id}.version "${version}" is not a version`);
  const dist = raw.distribution;
  if (!isRecord(dist)) throw new Error(`${id}.distribution must be an object`);
  const binary: Partial<Record<RegistryPlatform, BinaryTarget>> = {};
  if (dist.binary !== undefined) {
    if (!isRecord(dist.binary)) throw new Error(`${id}.distribution.binary must be an object`);
    for (const [platform, target] of Object.entries(dist.binary)) {
      // A platform this installer does not know is someone else's: ignore it.
      if (PLATFORMS.includes(platform as RegistryPlatform))
        binary[platform as RegistryPlatform] = parseBinary(target, `${id}.binary.${platform}`);
    }
  }
  const npx = dist.npx === undefined ? undefined : parsePackage(dist.npx, `${id}.npx`);
  const uvx = dist.uvx === undefined ? undefined : parsePackage(dist.uvx, `${id}.uvx`);
  return {
    id,
    name: optionalText(raw.name) ?? id,
    version,
    description: optionalText(raw.description) ?? "",
    binary,
    ...(npx ? { npx } : {}),
    ...(uvx ? { uvx } : {}),
  };
}

function parseBinary(raw: unknown, at: string): BinaryTarget {
  if (!isRecord(raw)) throw new Error(`${at} must be an object`);
  const archive = text(raw.archive, `${at}.archive`);
  const sha256 = raw.sha256 === undefined ? undefined : text(raw.sha256, `${at}.sha256`);
  if (sha256 !== undefined && !SHA256.test(sha256)) throw new Error(`${at}.sha256 is not 64 hex digits`);
  return {
    archive,
    ...(sha256 ? { sha256: sha256.toLowerCase() } : {}),
    cmd: text(raw.cmd, `${at}.cmd`),
    args: strings(raw.args, `${at}.args`),
    env: stringMap(raw.env, `${at}.env`),
  };
}

function parsePackage(raw: unknown, at: string): PackageDistribution {
  if (!isRecord(raw)) throw new Error(`${at} must be an object`);
  const pkg = text(raw.package, `${at}.package`);
  // Given to npx as one argument: it must not read as an option.
  if (pkg.startsWith("-")) throw new Error(`${at}.package "${pkg}" is not a package name`);
  const cmd = optionalText(raw.cmd);
  return { package: pkg, ...(cmd ? { cmd } : {}), args: strings(raw.args, `${at}.args`), env: stringMap(raw.env, `${at}.env`) };
}

function text(v: unknown, at: string): string {
  if (typeof v !== "string" || v.length === 0) throw new Error(`${at} must be a non-empty string`);
  return v;
}

function optionalText(v: unknown): string | undefined {
  return typeof v === "string" && v.length > 0 ? v : undefined;
}

function strings(v: unknown, at: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) throw new Error(`${at} must be a list of strings`);
  return v;
}

function stringMap(v: unknown, at: string): Record<string, string> {
  if (v === undefined) return {};
  if (!isRecord(v) || !Object.values(v).every((s) => typeof s === "string")) throw new Error(`${at} must map names to strings`);
  return { ...(v as Record<string, string>) };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
