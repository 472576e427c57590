/**
 * What `agents` and `add` share: their context, the registry options (`--registry URL`,
 * `--refresh`, `--json`) and loading the registry with them.
 */
import type { PlatformInfo } from "../../native-host/setup/paths";
import { registryCacheFile } from "../acp-registry/agent-paths";
import { type LoadedRegistry, loadRegistry } from "../acp-registry/registry-cache";
import { DEFAULT_REGISTRY_URL } from "../acp-registry/registry-format";
import { flag, type OptionSpec, type ParsedOptions, strings } from "../args";

export interface AgentCommandContext {
  p: PlatformInfo;
  execPath: string;
  out(text: string): void;
  err(text: string): void;
  /** The CPU (process.arch); tests may pretend another. */
  arch?: string;
  now?: () => number;
}

export interface RegistryOptions {
  url: string;
  refresh: boolean;
  json: boolean;
  positionals: string[];
}

/** The options `agents` and `add` share, for the command table (commands/index.ts). */
export const REGISTRY_OPTIONS: OptionSpec = {
  registry: { type: "string", multiple: true },
  refresh: { type: "boolean" },
  json: { type: "boolean" },
};

export const REGISTRY_USAGE = `  --registry URL               another registry.json (https://, http:// or file://)
  --refresh                    fetch the registry even when the cached copy is fresh
  --json                       print the result as JSON`;

export function registryOptions(values: ParsedOptions, positionals: string[]): RegistryOptions {
  return {
    url: strings(values, "registry").at(-1) ?? DEFAULT_REGISTRY_URL,
    refresh: flag(values, "refresh"),
    json: flag(values, "json"),
    positionals,
  };
}

/** What to do when the registry cannot be read, after the reason (which says what happened). */
export const REGISTRY_UNREADABLE_HINT = "Or pass --registry URL (https:// or file://) to read a copy from elsewhere.";

export function fetchRegistry(o: RegistryOptions, ctx: AgentCommandContext): Promise<LoadedRegistry> {
  return loadRegistry({ url: o.url, cacheFile: registryCacheFile(ctx.p), now: (ctx.now ?? Date.now)(), refresh: o.refresh });
}
