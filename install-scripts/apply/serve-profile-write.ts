/**
 * Adds or updates a goose serve profile in the host config (native-host/setup/serve-profile.ts):
 * a URL and a token, everything else in the file kept. Pure but for the file's read and its atomic
 * write. The result is checked the way the host will read it first, so a URL the host would refuse
 * (ws:// to another machine) is never written.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseConfig } from "../../native-host/setup/config";
import type { PlatformInfo } from "../../native-host/setup/paths";
import { configText, existingConfig, isRecord, type RawConfig } from "../plan/host-config";
import { ensureDir, writeFileAtomic } from "./files";

export interface ServeProfileChange {
  text: string;
  outcome: "added" | "updated" | "unchanged";
  /** Where the token came from: given (the environment), kept (the profile had one), or made now. */
  tokenFrom: "given" | "kept" | "made";
  token: string;
}

export interface ServeProfileRequest {
  name: string;
  url: string;
  /** GOOSE_SERVER__SECRET_KEY when the user has one; else the profile's own, else a fresh one. */
  token?: string;
  /** The server's own TLS certificate file, trusted as itself. */
  certificate?: string;
  makeDefault: boolean;
}

/** Pure but for the fresh token: the file's text (undefined when absent) and the profile wanted. Throws in the host's words. */
function withServeProfile(current: string | undefined, file: string, r: ServeProfileRequest, p: PlatformInfo): ServeProfileChange {
  const config = existingConfig(current, file);
  const profiles: RawConfig = isRecord(config.profiles) ? { ...config.profiles } : {};
  const before = isRecord(profiles[r.name]) ? (profiles[r.name] as RawConfig) : undefined;
  if (before && before.url === undefined) {
    throw new Error(`profiles.${r.name} in ${file} runs a command: choose another name for the goose serve profile`);
  }
  const kept = typeof before?.token === "string" ? before.token : undefined;
  const token = r.token ?? kept ?? crypto.randomBytes(32).toString("hex");
  const tokenFrom = r.token ? "given" : kept ? "kept" : "made";
  const profile = { ...before, url: r.url, token, ...(r.certificate ? { certificate: r.certificate } : {}) };
  const next: RawConfig = { ...config, profiles: { ...profiles, [r.name]: profile } };
  if (r.makeDefault) next.defaultProfile = r.name;
  parseConfig(next, p);
  const text = configText(next);
  return { text, outcome: text === current ? "unchanged" : before ? "updated" : "added", tokenFrom, token };
}

export function writeServeProfile(file: string, r: ServeProfileRequest, p: PlatformInfo): ServeProfileChange {
  let current: string | undefined;
  let mode = 0o600;
  try {
    current = fs.readFileSync(file, "utf8");
    mode = fs.statSync(file).mode & 0o777;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  const change = withServeProfile(current, file, r, p);
  if (change.outcome !== "unchanged") {
    ensureDir(path.dirname(file), 0o700);
    // The token is a secret: the file holding it is readable by its owner alone.
    writeFileAtomic(file, change.text, mode & ~0o077);
  }
  return change;
}
