/**
 * The host config file (see paths.ts for where it lives). It names the agents the host may run: a
 * profile is a command with args and env. No message from the extension can add to this list; the
 * extension may only pick a profile by name.
 *
 * {
 *   "defaultProfile": "goose",
 *   "profiles": {
 *     "goose":  { "command": "/home/me/.local/bin/goose", "args": ["acp"] },
 *     "claude": { "command": "claude-agent-acp", "args": [], "env": { "ANTHROPIC_API_KEY": "…" } },
 *     "gemini": { "command": "gemini", "args": ["--experimental-acp"] }
 *   },
 *   "cwd": "/home/me",            // where the agent runs and sessions start (default: home)
 *   "path": "/usr/local/bin:…",   // the user's login-shell PATH, recorded by the installer
 *   "logFile": "…",               // default: see paths.ts
 *   "debug": false,               // log message contents (off: prompts never reach the log)
 *   "allowedExtensionIds": []     // extra extension ids (store builds) besides the built-in ones
 * }
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { defaultLogFile, type PlatformInfo } from "./paths";

export interface AgentProfile {
  /** An absolute path, or a bare name looked up on PATH and the usual install locations. */
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Minimum version printed by `command ...versionArgs`; undefined = no version check. */
  minVersion?: string;
  versionArgs: string[];
}

export interface HostConfig {
  defaultProfile: string;
  /** A null-prototype object: look names up with profileNamed (own keys only). */
  profiles: Record<string, AgentProfile>;
  cwd: string;
  path?: string;
  logFile: string;
  debug: boolean;
  allowedExtensionIds: string[];
}

export const GOOSE_MIN_VERSION = "1.16.0";

const BUILTIN_PROFILES: Readonly<Record<string, AgentProfile>> = {
  goose: { command: "goose", args: ["acp"], env: {}, minVersion: GOOSE_MIN_VERSION, versionArgs: ["--version"] },
};

function defaultConfig(p: PlatformInfo): HostConfig {
  const profiles: Record<string, AgentProfile> = Object.create(null);
  for (const [name, profile] of Object.entries(BUILTIN_PROFILES)) profiles[name] = structuredClone(profile);
  return {
    defaultProfile: "goose",
    profiles,
    cwd: p.home,
    logFile: defaultLogFile(p),
    debug: false,
    allowedExtensionIds: [],
  };
}

export interface LoadedConfig {
  config: HostConfig;
  /** Set when the file exists but cannot be used; `config` is then the defaults. */
  error?: string;
  file: string;
  found: boolean;
}

export function loadConfig(file: string, p: PlatformInfo): LoadedConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { config: defaultConfig(p), file, found: false };
    return { config: defaultConfig(p), file, found: true, error: `cannot read ${file}: ${(e as Error).message}` };
  }
  try {
    return { config: parseConfig(JSON.parse(text), p), file, found: true };
  } catch (e) {
    return { config: defaultConfig(p), file, found: true, error: `${file} is not a valid host config: ${(e as Error).message}` };
  }
}

/** Validates a parsed config object; throws with a message that names the bad field. */
export function parseConfig(raw: unknown, p: PlatformInfo): HostConfig {
  const base = defaultConfig(p);
  // zod drops a `__proto__` key silently; a profile by that name must be an error, not a vanished profile.
  if (isRecord(raw) && isRecord(raw.profiles) && Object.hasOwn(raw.profiles, "__proto__")) {
    throw new Error("profiles.__proto__ is not a usable profile name");
  }
  const parsed = CONFIG_SCHEMA.safeParse(raw);
  if (!parsed.success) throw new Error(describeIssue(parsed.error.issues[0]!));
  const obj = parsed.data;
  // Own keys only: a name like "constructor" or "toString" must never find an inherited property.
  const profiles: Record<string, AgentProfile> = Object.create(null);
  for (const name of Object.keys(base.profiles)) profiles[name] = base.profiles[name]!;
  for (const [name, value] of Object.entries(obj.profiles ?? {})) {
    profiles[name] = resolveProfile(name, value, Object.hasOwn(BUILTIN_PROFILES, name) ? BUILTIN_PROFILES[name] : undefined);
  }
  const defaultProfile = obj.defaultProfile ?? base.defaultProfile;
  if (!Object.hasOwn(profiles, defaultProfile)) throw new Error(`defaultProfile "${defaultProfile}" is not in profiles`);
  const cwd = obj.cwd ?? base.cwd;
  if (!isAbsolute(cwd, p)) throw new Error(`cwd must be an absolute path, got "${cwd}"`);
  const logFile = obj.logFile ?? base.logFile;
  if (!isAbsolute(logFile, p)) throw new Error(`logFile must be an absolute path, got "${logFile}"`);
  return {
    defaultProfile,
    profiles,
    cwd,
    ...(obj.path ? { path: obj.path } : {}),
    logFile,
    debug: obj.debug === true,
    allowedExtensionIds: obj.allowedExtensionIds ?? [],
  };
}

/** The profile configured under `name`, looking at own keys only; undefined for anything else. */
export function profileNamed(config: HostConfig, name: unknown): AgentProfile | undefined {
  return typeof name === "string" && Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
}

const nonEmptyString = z.string({ error: "must be a non-empty string" }).min(1, { error: "must be a non-empty string" });
const stringList = z.array(z.string({ error: "must be a list of strings" }), { error: "must be a list of strings" });

const PROFILE_SCHEMA = z.object(
  {
    command: nonEmptyString.optional(),
    args: stringList.optional(),
    env: z.record(z.string(), z.string({ error: "must be a string" }), { error: "must be an object" }).optional(),
    // `null` turns the version check off; absent keeps the built-in requirement (goose ≥ 1.16.0).
    minVersion: nonEmptyString.nullable().optional(),
    versionArgs: stringList.optional(),
  },
  { error: "must be an object" },
);

const CONFIG_SCHEMA = z.object(
  {
    defaultProfile: nonEmptyString.optional(),
    profiles: z.record(z.string(), PROFILE_SCHEMA, { error: "must be an object" }).optional(),
    cwd: nonEmptyString.optional(),
    path: nonEmptyString.optional(),
    logFile: nonEmptyString.optional(),
    debug: z.boolean({ error: "must be true or false" }).optional(),
    allowedExtensionIds: z.array(z.string().regex(/^[a-p]{32}$/), { error: "must be a list of 32-letter extension ids" }).optional(),
  },
  { error: "must be an object" },
);

/** "profiles.x.env.K must be a string": the field's dotted path, then what is wrong with it. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.filter((k): k is string => typeof k === "string");
  if (path[0] === "allowedExtensionIds") return "allowedExtensionIds must be a list of 32-letter extension ids";
  return `${path.length > 0 ? path.join(".") : "the config"} ${issue.message}`;
}

function resolveProfile(name: string, raw: z.infer<typeof PROFILE_SCHEMA>, builtin: AgentProfile | undefined): AgentProfile {
  const command = raw.command ?? builtin?.command;
  if (!command) throw new Error(`profiles.${name}.command is required`);
  const versionArgs = raw.versionArgs ?? builtin?.versionArgs ?? ["--version"];
  // `minVersion: null` turns the check off; absent keeps the built-in requirement (goose ≥ 1.16.0).
  // `versionArgs: []` skips running the command at all, so it cannot go with a minimum.
  if (versionArgs.length === 0 && raw.minVersion) throw new Error(`profiles.${name}.minVersion needs versionArgs to check it with`);
  const minVersion = raw.minVersion === null || versionArgs.length === 0 ? undefined : (raw.minVersion ?? builtin?.minVersion);
  return {
    command,
    args: raw.args ?? builtin?.args ?? [],
    env: { ...raw.env },
    ...(minVersion ? { minVersion } : {}),
    versionArgs,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isAbsolute(file: string, p: PlatformInfo): boolean {
  return (p.platform === "win32" ? path.win32 : path.posix).isAbsolute(file);
}
