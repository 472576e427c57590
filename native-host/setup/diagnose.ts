/**
 * The host's answer to `diagnose`: its log's last lines and, for every configured agent, what the
 * host would run and whether it would work, without starting any agent (only `--version`). Nothing
 * from the environment is included, so API keys never leave the host.
 */
import fs from "node:fs";
import path from "node:path";
import type { HostDiagnostics, ProfileDiagnosis } from "../../shared/host-protocol";
import { checkVersion } from "../agent/check-version";
import { agentPath, discoverAgent, notFoundReason } from "../agent/discover";
import { agentEnvironment } from "../agent/environment";
import { checkServe } from "../serve/serve-check";
import { type HostConfig, profileNamed } from "./config";
import { isExecutableFile } from "./fs-checks";
import type { PlatformInfo } from "./paths";
import type { ServeProfile } from "./serve-profile";

const TAIL_LINES = 200;
const TAIL_BYTES = 64 * 1024;

export async function diagnose(config: HostConfig, p: PlatformInfo): Promise<HostDiagnostics> {
  const profiles = await Promise.all([
    ...Object.entries(config.profiles).map(([name, profile]) => diagnoseProfile(name, profile, config, p)),
    ...Object.entries(config.serveProfiles).map(([name, profile]) => diagnoseServe(name, profile)),
  ]);
  const goose = profileNamed(config, config.defaultProfile)?.command.match(/(^|[\\/])goose(\.exe)?$/) ? gooseLogDir(p) : undefined;
  return { type: "diagnostics", logTail: tail(config.logFile), profiles, ...(goose ? { agentLogDir: goose } : {}) };
}

async function diagnoseProfile(
  name: string,
  profile: HostConfig["profiles"][string],
  config: HostConfig,
  p: PlatformInfo,
): Promise<ProfileDiagnosis> {
  const base = { name, command: profile.command, args: profile.args };
  const found = discoverAgent(profile.command, p, config.path, isExecutableFile);
  if (!found.found) {
    return { ...base, problem: { state: "not_found", fix: notFoundReason(profile.command, found) } };
  }
  const env = { ...agentEnvironment(p.env), PATH: agentPath(p, config.path), ...profile.env };
  const v = await checkVersion(found.found, profile.versionArgs, profile.minVersion, env, p);
  if (v.ok) return { ...base, resolved: found.found, ...(v.version ? { version: v.version } : {}) };
  if (v.kind === "outdated") {
    return { ...base, resolved: found.found, version: v.version, problem: { state: "outdated", fix: `Needs ${v.required} or newer.` } };
  }
  return { ...base, resolved: found.found, problem: { state: "failed", fix: v.message } };
}

/** A goose serve profile: the server checked as a connection would (serve-check.ts); its token is not shown. */
async function diagnoseServe(name: string, profile: ServeProfile): Promise<ProfileDiagnosis> {
  const base = { name, command: profile.url.ws, args: [], serve: true as const };
  const check = await checkServe(profile, { profile: name, url: profile.url.ws, configFile: "the host config" });
  if (check.ok) return { ...base, resolved: profile.url.ws, ...(check.version ? { version: check.version } : {}) };
  const state = check.kind === "outdated" ? "outdated" : "failed";
  return { ...base, ...(check.version ? { version: check.version } : {}), problem: { state, fix: `${check.message}. ${check.fix}` } };
}

/** The last lines of the log, reading only its end. */
function tail(file: string, lines = TAIL_LINES): string[] {
  try {
    const fd = fs.openSync(file, "r");
    try {
      const size = fs.fstatSync(fd).size;
      const start = Math.max(0, size - TAIL_BYTES);
      const buf = Buffer.alloc(size - start);
      fs.readSync(fd, buf, 0, buf.length, start);
      const text = buf.toString("utf8").split("\n");
      if (start > 0) text.shift(); // a partial first line
      return text.filter((l) => l.trim() !== "").slice(-lines);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return [];
  }
}

/** goose's own log folder (tracing logs): the first place to look when goose itself misbehaves. */
function gooseLogDir(p: PlatformInfo): string {
  if (p.platform === "win32")
    return path.win32.join(p.env.APPDATA ?? path.win32.join(p.home, "AppData", "Roaming"), "Block", "goose", "data", "logs");
  return path.posix.join(p.env.XDG_STATE_HOME || path.posix.join(p.home, ".local", "state"), "goose", "logs");
}
