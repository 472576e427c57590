/**
 * What `agents` and `add` share: their context, the registry options (`--registry URL`,
 * `--refresh`, `--json`) and loading the registry with them.
 */
import { parseArgs } from "node:util";
import type { PlatformInfo } from "../../native-host/setup/paths";
import { registryCacheFile } from "../acp-registry/agent-paths";
import { type LoadedRegistry, loadRegistry } from "../acp-registry/registry-cache";
import { DEFAULT_REGISTRY_URL } from "../acp-registry/registry-format";
import { UsageError } from "../args";

export interface AgentCommandContext {
  p: PlatformInfo;
  execPath: string;
  out(text: string): void;
  err(text: string): void;
  /** The CPU (process.arch); tests may pretend another. */
  arch?: string;
  now?: () => number;
}

/** The command users type; in a checkout it is `npm run agents` / `npm run add-agent --`. */
export const CLI_NAME = "goose-browser";

export interface RegistryOptions {
  url: string;
  refresh: boolean;
  json: boolean;
  positionals: string[];
}

export function parseRegistryOptions(command: string, argv: readonly string[], positionals: number): RegistryOptions {
  let parsed: { values: { registry?: string; refresh?: boolean; json?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${command}: ${(e as Error).message}`);
  }
  if (parsed.positionals.length > positionals) throw new UsageError(`${command}: unexpected argument "${parsed.positionals[positionals]}"`);
  return {
    url: parsed.values.registry ?? DEFAULT_REGISTRY_URL,
    refresh: parsed.values.refresh === true,
    json: parsed.values.json === true,
    positionals: parsed.positionals,
  };
}

const OPTIONS = {
  registry: { type: "string" },
  refresh: { type: "boolean" },
  json: { type: "boolean" },
} as const;

export function fetchRegistry(o: RegistryOptions, ctx: AgentCommandContext): Promise<LoadedRegistry> {
  return loadRegistry({ url: o.url, cacheFile: registryCacheFile(ctx.p), now: (ctx.now ?? Date.now)(), refresh: o.refresh });
}
