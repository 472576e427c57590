/**
 * Adds or updates one agent profile in the host config (native-host/setup/config.ts), keeping
 * everything else the user has there. The user's own `env` entries (API keys) win over the
 * registry's. The result is checked the way the host will read it before anything is written, and
 * written atomically, so a running host (which re-reads the file when it changes) never sees half a file.
 */
import fs from "node:fs";
import path from "node:path";
import { parseConfig } from "../../native-host/setup/config";
import type { PlatformInfo } from "../../native-host/setup/paths";
import { ensureDir, writeFileAtomic } from "../apply/files";
import { configText, existingConfig, isRecord, type RawConfig } from "../plan/host-config";
import type { ProfileSpec } from "./resolve";

export interface ProfileChange {
  text: string;
  /** "added" or "updated" (the profile existed), or "unchanged". */
  outcome: "added" | "updated" | "unchanged";
}

export interface WrittenProfile extends ProfileChange {
  /** The file's text before (undefined: there was none), and the folders made for it. */
  before: string | undefined;
  createdDirs: string[];
}

/** Pure: the file's current text (undefined when absent) and the profile; throws when the file is not usable JSON. */
export function withProfile(current: string | undefined, file: string, name: string, spec: ProfileSpec, p: PlatformInfo): ProfileChange {
  const config = existingConfig(current, file);
  const profiles: RawConfig = isRecord(config.profiles) ? { ...config.profiles } : {};
  const before = isRecord(profiles[name]) ? (profiles[name] as RawConfig) : undefined;
  const userEnv = before && isRecord(before.env) ? before.env : {};
  const after: RawConfig = { ...before, command: spec.command, args: spec.args, env: { ...spec.env, ...userEnv } };
  // No version run (an npx agent would be fetched just to print a version), except for goose, whose
  // minimum version the host keeps checking (native-host/setup/config.ts).
  if (name !== "goose") {
    after.versionArgs = [];
    delete after.minVersion;
  }
  const next: RawConfig = { ...config, profiles: { ...profiles, [name]: after } };
  // The host reads it this way: a config it would refuse is never written.
  parseConfig(next, p);
  const text = configText(next);
  return { text, outcome: text === current ? "unchanged" : before ? "updated" : "added" };
}

/** Computes the change without writing: called before installing anything, so a broken host.json stops it all. */
export function checkProfile(file: string, name: string, spec: ProfileSpec, p: PlatformInfo): ProfileChange {
  return withProfile(readCurrent(file).current, file, name, spec, p);
}

export function writeProfile(file: string, name: string, spec: ProfileSpec, p: PlatformInfo): WrittenProfile {
  const { current, mode } = readCurrent(file);
  const change = withProfile(current, file, name, spec, p);
  const createdDirs: string[] = [];
  if (change.outcome !== "unchanged") {
    createdDirs.push(...ensureDir(path.dirname(file), 0o700));
    writeFileAtomic(file, change.text, mode);
  }
  return { ...change, before: current, createdDirs };
}

function readCurrent(file: string): { current: string | undefined; mode: number } {
  try {
    return { current: fs.readFileSync(file, "utf8"), mode: fs.statSync(file).mode & 0o777 };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    return { current: undefined, mode: 0o600 };
  }
}
