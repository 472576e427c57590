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
  profiles: Record<string, AgentProfile>;
  cwd: string;
  path?: string;
  logFile: string;
  debug: boolean;
  allowedExtensionIds: string[];
}

export const GOOSE_MIN_VERSION = "1.16.0";

const BUILTIN_PROFILES: Record<string, AgentProfile> = {
  goose: { command: "goose", args: ["acp"], env: {}, minVersion: GOOSE_MIN_VERSION, versionArgs: ["--version"] },
};

function defaultConfig(p: PlatformInfo): HostConfig {
  return {
    defaultProfile: "goose",
    profiles: structuredClone(BUILTIN_PROFILES),
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
  const obj = record(raw, "the config");
  const profiles: Record<string, AgentProfile> = { ...base.profiles };
  if (obj.profiles !== undefined) {
    for (const [name, value] of Object.entries(record(obj.profiles, "profiles"))) {
      profiles[name] = parseProfile(name, value, BUILTIN_PROFILES[name]);
    }
  }
  const defaultProfile = optionalString(obj.defaultProfile, "defaultProfile") ?? base.defaultProfile;
  if (!profiles[defaultProfile]) throw new Error(`defaultProfile "${defaultProfile}" is not in profiles`);
  const cwd = optionalString(obj.cwd, "cwd") ?? base.cwd;
  if (!isAbsolute(cwd, p)) throw new Error(`cwd must be an absolute path, got "${cwd}"`);
  const logFile = optionalString(obj.logFile, "logFile") ?? base.logFile;
  if (!isAbsolute(logFile, p)) throw new Error(`logFile must be an absolute path, got "${logFile}"`);
  const ids = obj.allowedExtensionIds ?? [];
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string" && /^[a-p]{32}$/.test(id))) {
    throw new Error("allowedExtensionIds must be a list of 32-letter extension ids");
  }
  if (obj.debug !== undefined && typeof obj.debug !== "boolean") throw new Error("debug must be true or false");
  const pathValue = optionalString(obj.path, "path");
  return {
    defaultProfile,
    profiles,
    cwd,
    ...(pathValue ? { path: pathValue } : {}),
    logFile,
    debug: obj.debug === true,
    allowedExtensionIds: ids as string[],
  };
}

function parseProfile(name: string, raw: unknown, builtin: AgentProfile | undefined): AgentProfile {
  const obj = record(raw, `profiles.${name}`);
  const command = optionalString(obj.command, `profiles.${name}.command`) ?? builtin?.command;
  if (!command) throw new Error(`profiles.${name}.command is required`);
  const args = obj.args === undefined ? (builtin?.args ?? []) : stringList(obj.args, `profiles.${name}.args`);
  const env: Record<string, string> = {};
  if (obj.env !== undefined) {
    for (const [k, v] of Object.entries(record(obj.env, `profiles.${name}.env`))) {
      if (typeof v !== "string") throw new Error(`profiles.${name}.env.${k} must be a string`);
      env[k] = v;
    }
  }
  // `minVersion: null` turns the check off; absent keeps the built-in requirement (goose ≥ 1.16.0).
  const minVersion =
    obj.minVersion === null ? undefined : (optionalString(obj.minVersion, `profiles.${name}.minVersion`) ?? builtin?.minVersion);
  const versionArgs =
    obj.versionArgs === undefined ? (builtin?.versionArgs ?? ["--version"]) : stringList(obj.versionArgs, `profiles.${name}.versionArgs`);
  return { command, args, env, ...(minVersion ? { minVersion } : {}), versionArgs };
}

function record(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error(`${what} must be an object`);
  return v as Record<string, unknown>;
}

function optionalString(v: unknown, what: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string" || v.length === 0) throw new Error(`${what} must be a non-empty string`);
  return v;
}

function stringList(v: unknown, what: string): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) throw new Error(`${what} must be a list of strings`);
  return v as string[];
}

function isAbsolute(file: string, p: PlatformInfo): boolean {
  return (p.platform === "win32" ? path.win32 : path.posix).isAbsolute(file);
}
