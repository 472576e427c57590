/**
 * Adds, updates or removes a goose serve profile in the host config (serve-profile.ts), everything else
 * in the file kept: for `goose-browser connect` and for the options page (through the host's
 * `save_serve_profile` and `remove_serve_profile` commands). Pure but for the file's read and its atomic
 * write. The result is checked the way the host will read it, so a URL the host would refuse (ws:// to
 * another machine) is never written. No message here holds the token.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { writeAtomic } from "../files/text-file";
import { parseConfig } from "./config";
import { configText, existingConfig, isRecord, type RawConfig } from "./config-text";
import type { PlatformInfo } from "./paths";

export interface ServeProfileChange {
  text: string;
  outcome: "added" | "updated" | "unchanged" | "removed";
  /** Where the token came from: given (the environment, the options page), kept (the profile had one), or made now. */
  tokenFrom?: "given" | "kept" | "made";
  token?: string;
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

/** The file's text (undefined when absent) with the profile added or updated. Pure but for a fresh token. Throws in the host's words. */
export function withServeProfile(current: string | undefined, file: string, r: ServeProfileRequest, p: PlatformInfo): ServeProfileChange {
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

/** The file's text without the goose serve profile `name`; a default it was goes back to the host's own. Pure. */
export function withoutServeProfile(current: string | undefined, file: string, name: string, p: PlatformInfo): ServeProfileChange {
  const config = existingConfig(current, file);
  const profiles: RawConfig = isRecord(config.profiles) ? { ...config.profiles } : {};
  const before = Object.hasOwn(profiles, name) && isRecord(profiles[name]) ? (profiles[name] as RawConfig) : undefined;
  if (!before) throw new Error(`${file} has no profile named ${JSON.stringify(name)}`);
  if (before.url === undefined) throw new Error(`profiles.${name} in ${file} runs a command: only a goose serve profile is removed here`);
  delete profiles[name];
  const next: RawConfig = { ...config, profiles };
  if (next.defaultProfile === name) delete next.defaultProfile;
  parseConfig(next, p);
  return { text: configText(next), outcome: "removed" };
}

/** Reads `file`, applies `change` to its text and writes the result when it differs; the file stays its owner's alone. */
export async function changeHostConfig(
  file: string,
  change: (current: string | undefined) => ServeProfileChange,
): Promise<ServeProfileChange> {
  let current: string | undefined;
  let mode = 0o600;
  try {
    current = await fs.readFile(file, "utf8");
    mode = (await fs.stat(file)).mode & 0o777;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  const result = change(current);
  if (result.outcome !== "unchanged") {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // The token is a secret: the file holding it is readable by its owner alone.
    await writeAtomic(file, Buffer.from(result.text, "utf8"), mode & ~0o077);
  }
  return result;
}
