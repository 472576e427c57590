/**
 * The host config file (see paths.ts for where it lives). It names the agents the host may run: a
 * profile is a command with args and env. No message from the extension can add a command to this
 * list: it picks a profile by name, and may add or remove only a goose serve profile (serve-profile-write.ts).
 *
 * {
 *   "defaultProfile": "goose",
 *   "profiles": {
 *     "goose":  { "command": "/home/me/.local/bin/goose", "args": ["acp"] },
 *     "claude": { "command": "claude-agent-acp", "args": [], "env": { "ANTHROPIC_API_KEY": "…" } },
 *     "gemini": { "command": "gemini", "args": ["--experimental-acp"], "serveFiles": true },
 *     "desktop": { "url": "ws://127.0.0.1:3284/acp", "token": "…" }   // a running goose serve (serve-profile.ts)
 *   },
 *   "cwd": "/home/me",            // where the agent runs and sessions start (default: home)
 *   "path": "/usr/local/bin:…",   // the user's login-shell PATH, recorded by the installer
 *   "logFile": "…",               // default: see paths.ts
 *   "debug": false,               // log message contents (off: prompts never reach the log)
 *   "allowedExtensionIds": [],    // extra extension ids (store builds) besides the built-in ones
 *   "toolCallTimeoutMs": 120000   // how long a browser tool call waits for the extension
 * }
 */
import fs from "node:fs";
import path from "node:path";
import { defaultLogFile, type PlatformInfo } from "./paths";
import { isServeProfile, parseServeProfile, type ServeProfile } from "./serve-profile";

export interface AgentProfile {
  /** An absolute path, or a bare name looked up on PATH and the usual install locations. */
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Minimum version printed by `command ...versionArgs`; undefined = no version check. */
  minVersion?: string;
  versionArgs: string[];
  /**
   * Whether the host offers the agent ACP's client file system (`fs/read_text_file`, `fs/write_text_file`)
   * and serves it, confined to each session's folders and journalled (native-host/files/). On for the
   * built-in goose profile, off for others unless set.
   */
  serveFiles: boolean;
}

export interface HostConfig {
  defaultProfile: string;
  /** The agents the host starts. A null-prototype object: look names up with profileNamed (own keys only). */
  profiles: Record<string, AgentProfile>;
  /** The goose serve servers it connects to (null-prototype too: serveProfileNamed). */
  serveProfiles: Record<string, ServeProfile>;
  /** Every profile's name, both kinds, in the file's order. */
  profileNames: string[];
  cwd: string;
  path?: string;
  logFile: string;
  debug: boolean;
  allowedExtensionIds: string[];
  /** How long a browser tool call waits for the extension's answer; undefined: the shared default. */
  toolCallTimeoutMs?: number;
}

export const GOOSE_MIN_VERSION = "1.16.0";

const BUILTIN_PROFILES: Readonly<Record<string, AgentProfile>> = {
  goose: { command: "goose", args: ["acp"], env: {}, minVersion: GOOSE_MIN_VERSION, versionArgs: ["--version"], serveFiles: true },
};

function defaultConfig(p: PlatformInfo): HostConfig {
  const profiles: Record<string, AgentProfile> = Object.create(null);
  for (const [name, profile] of Object.entries(BUILTIN_PROFILES)) profiles[name] = structuredClone(profile);
  return {
    defaultProfile: "goose",
    profiles,
    serveProfiles: Object.create(null),
    profileNames: Object.keys(profiles),
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
  // A profile named `__proto__` must be an error, not a profile that vanishes or changes a prototype.
  if (isRecord(raw) && isRecord(raw.profiles) && Object.hasOwn(raw.profiles, "__proto__")) {
    throw new Error("profiles.__proto__ is not a usable profile name");
  }
  const obj = checkConfigShape(raw);
  // Own keys only: a name like "constructor" or "toString" must never find an inherited property.
  const profiles: Record<string, AgentProfile> = Object.create(null);
  const serveProfiles: Record<string, ServeProfile> = Object.create(null);
  for (const name of Object.keys(base.profiles)) profiles[name] = base.profiles[name]!;
  for (const [name, value] of Object.entries(obj.profiles ?? {})) {
    const builtin = Object.hasOwn(BUILTIN_PROFILES, name) ? BUILTIN_PROFILES[name] : undefined;
    if (!isServeProfile(value as Record<string, unknown>)) profiles[name] = resolveProfile(name, value, builtin);
    // The installer and doctor read profiles.goose as the goose CLI: a server gets a name of its own.
    else if (builtin) throw new Error(`profiles.${name} is the ${name} CLI's profile: give the goose serve profile another name`);
    else serveProfiles[name] = parseServeProfile(value as Record<string, unknown>, `profiles.${name}`, (f) => isAbsolute(f, p));
  }
  const profileNames = [...Object.keys(base.profiles), ...Object.keys(obj.profiles ?? {}).filter((n) => !Object.hasOwn(base.profiles, n))];
  const defaultProfile = obj.defaultProfile ?? base.defaultProfile;
  if (!profileNames.includes(defaultProfile)) throw new Error(`defaultProfile "${defaultProfile}" is not in profiles`);
  const cwd = obj.cwd ?? base.cwd;
  if (!isAbsolute(cwd, p)) throw new Error(`cwd must be an absolute path, got "${cwd}"`);
  const logFile = obj.logFile ?? base.logFile;
  if (!isAbsolute(logFile, p)) throw new Error(`logFile must be an absolute path, got "${logFile}"`);
  return {
    defaultProfile,
    profiles,
    serveProfiles,
    profileNames,
    cwd,
    ...(obj.path ? { path: obj.path } : {}),
    logFile,
    debug: obj.debug === true,
    allowedExtensionIds: obj.allowedExtensionIds ?? [],
    ...(obj.toolCallTimeoutMs ? { toolCallTimeoutMs: obj.toolCallTimeoutMs } : {}),
  };
}

/** The profile configured under `name`, looking at own keys only; undefined for anything else. */
export function profileNamed(config: HostConfig, name: unknown): AgentProfile | undefined {
  return typeof name === "string" && Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
}

/** The goose serve profile configured under `name` (own keys only); undefined for anything else. */
export function serveProfileNamed(config: HostConfig, name: unknown): ServeProfile | undefined {
  return typeof name === "string" && Object.hasOwn(config.serveProfiles, name) ? config.serveProfiles[name] : undefined;
}

/** True when `name` is a profile of either kind. */
export function hasProfile(config: HostConfig, name: unknown): boolean {
  return profileNamed(config, name) !== undefined || serveProfileNamed(config, name) !== undefined;
}

/** The file's shape, each field optional; unknown fields are ignored. */
interface RawProfile {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  /** `null` turns the version check off; absent keeps the built-in requirement (goose ≥ 1.16.0). */
  minVersion?: string | null;
  versionArgs?: string[];
  serveFiles?: boolean;
}

interface RawConfig {
  defaultProfile?: string;
  profiles?: Record<string, RawProfile>;
  cwd?: string;
  path?: string;
  logFile?: string;
  debug?: boolean;
  allowedExtensionIds?: string[];
  toolCallTimeoutMs?: number;
}

/**
 * Checks the parsed file's shape; throws "<dotted field> <what is wrong>" for the first bad field.
 * Hand-written rather than a zod schema: the host would otherwise evaluate all of zod at every start
 * (about 2 MB of its idle memory, BENCHMARKS.md), and loads it only for browser tools.
 */
function checkConfigShape(raw: unknown): RawConfig {
  const c = record(raw, "the config");
  optional(c.defaultProfile, (v) => nonEmptyString(v, "defaultProfile"));
  const profiles = optional(c.profiles, (v) => record(v, "profiles"));
  for (const [name, value] of Object.entries(profiles ?? {})) {
    // A goose serve profile is checked where it is read (parseServeProfile).
    if (!(isRecord(value) && isServeProfile(value))) checkProfile(value, `profiles.${name}`);
  }
  for (const key of ["cwd", "path", "logFile"] as const) optional(c[key], (v) => nonEmptyString(v, key));
  optional(c.debug, (v) => {
    if (typeof v !== "boolean") throw new Error("debug must be true or false");
  });
  optional(c.allowedExtensionIds, (v) => {
    if (!Array.isArray(v) || !v.every((id) => typeof id === "string" && /^[a-p]{32}$/.test(id))) {
      throw new Error("allowedExtensionIds must be a list of 32-letter extension ids");
    }
  });
  optional(c.toolCallTimeoutMs, (v) => {
    if (!Number.isSafeInteger(v) || (v as number) <= 0) throw new Error("toolCallTimeoutMs must be a whole number of milliseconds above 0");
  });
  return c as RawConfig;
}

function checkProfile(raw: unknown, at: string): void {
  const p = record(raw, at);
  optional(p.command, (v) => nonEmptyString(v, `${at}.command`));
  optional(p.args, (v) => stringList(v, `${at}.args`));
  optional(p.env, (v) => {
    for (const [key, value] of Object.entries(record(v, `${at}.env`))) {
      if (typeof value !== "string") throw new Error(`${at}.env.${key} must be a string`);
    }
  });
  if (p.minVersion !== null) optional(p.minVersion, (v) => nonEmptyString(v, `${at}.minVersion`));
  optional(p.versionArgs, (v) => stringList(v, `${at}.versionArgs`));
  optional(p.serveFiles, (v) => {
    if (typeof v !== "boolean") throw new Error(`${at}.serveFiles must be true or false`);
  });
}

function optional<T>(value: unknown, check: (v: unknown) => T): T | undefined {
  return value === undefined ? undefined : check(value);
}

function record(v: unknown, at: string): Record<string, unknown> {
  if (!isRecord(v)) throw new Error(`${at} must be an object`);
  return v;
}

function nonEmptyString(v: unknown, at: string): void {
  if (typeof v !== "string" || v.length === 0) throw new Error(`${at} must be a non-empty string`);
}

function stringList(v: unknown, at: string): void {
  if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) throw new Error(`${at} must be a list of strings`);
}

function resolveProfile(name: string, raw: RawProfile, builtin: AgentProfile | undefined): AgentProfile {
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
    serveFiles: raw.serveFiles ?? builtin?.serveFiles ?? false,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isAbsolute(file: string, p: PlatformInfo): boolean {
  return (p.platform === "win32" ? path.win32 : path.posix).isAbsolute(file);
}
