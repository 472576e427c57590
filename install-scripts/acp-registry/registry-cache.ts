/**
 * The registry, fetched at most once per freshness period and kept in the per-user cache folder
 * (agent-paths.ts). A registry that cannot be fetched falls back to the cached copy, however old,
 * saying so. Local files (file://) are read each time: they are already local.
 */
import fs from "node:fs";
import path from "node:path";
import { ensureDir, writeFileAtomic } from "../apply/files";
import { download } from "./download";
import { parseRegistry, type Registry } from "./registry-format";

/** How long a fetched registry is used before it is fetched again. */
const REGISTRY_FRESH_MS = 60 * 60 * 1000;
const MAX_REGISTRY_BYTES = 16 * 1024 * 1024;

export interface RegistrySource {
  url: string;
  cacheFile: string;
  now: number;
  /** Fetch even when the cached copy is fresh. */
  refresh?: boolean;
}

export interface LoadedRegistry extends Registry {
  url: string;
  /** Where it came from this time, and when it was fetched. */
  from: "network" | "cache" | "stale-cache" | "file";
  fetchedAt: number;
  /** Set when a stale copy is used because the fetch failed. */
  warning?: string;
  /** The cache file, when this registry came through it, and the folders made for it this time. */
  cache?: { file: string; createdDirs: string[] };
}

interface CacheRecord {
  url: string;
  fetchedAt: number;
  registry: unknown;
}

export async function loadRegistry(s: RegistrySource): Promise<LoadedRegistry> {
  if (s.url.startsWith("file:")) return { ...parseRegistry(await fetchJson(s.url)), url: s.url, from: "file", fetchedAt: s.now };
  const cached = readCache(s.cacheFile, s.url);
  if (cached && !s.refresh && s.now - cached.fetchedAt < REGISTRY_FRESH_MS) {
    return {
      ...parseRegistry(cached.registry),
      url: s.url,
      from: "cache",
      fetchedAt: cached.fetchedAt,
      cache: { file: s.cacheFile, createdDirs: [] },
    };
  }
  let raw: unknown;
  try {
    raw = await fetchJson(s.url);
  } catch (e) {
    if (!cached) throw e;
    const warning = `could not fetch ${s.url} (${(e as Error).message}); using the copy from ${new Date(cached.fetchedAt).toISOString()}`;
    return {
      ...parseRegistry(cached.registry),
      url: s.url,
      from: "stale-cache",
      fetchedAt: cached.fetchedAt,
      warning,
      cache: { file: s.cacheFile, createdDirs: [] },
    };
  }
  const registry = parseRegistry(raw); // before caching: a broken answer must not replace a good copy
  const createdDirs = ensureDir(path.dirname(s.cacheFile));
  writeFileAtomic(s.cacheFile, JSON.stringify({ url: s.url, fetchedAt: s.now, registry: raw } satisfies CacheRecord), 0o644);
  return { ...registry, url: s.url, from: "network", fetchedAt: s.now, cache: { file: s.cacheFile, createdDirs } };
}

async function fetchJson(url: string): Promise<unknown> {
  const bytes = await download(url, MAX_REGISTRY_BYTES);
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch (e) {
    throw new Error(`${url} is not JSON: ${(e as Error).message}`);
  }
}

function readCache(file: string, url: string): CacheRecord | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(file, "utf8")) as CacheRecord;
    return record.url === url && typeof record.fetchedAt === "number" ? record : undefined;
  } catch {
    return undefined;
  }
}
