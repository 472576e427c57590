/**
 * What the installer changes in the host config (native-host/setup/config.ts). Pure. The file belongs to
 * the user: everything already in it is kept, and only what is missing or installer-owned is set:
 *  - profiles.goose.command: goose's absolute path, unless the user already points at a working one;
 *  - path: the login-shell PATH (the current one on Windows, or when the shell did not answer), followed
 *    by any dirs of the previous value it lacks (user additions);
 *  - profiles from --agent (their other fields, such as env with API keys, are kept);
 *  - allowedExtensionIds from --extension-id (added, never removed);
 *  - defaultProfile and cwd when absent, so the user can see what to edit.
 */

import { pathDirs } from "../../native-host/agent/discover";
import { isRecord, type RawConfig } from "../../native-host/setup/config-text";
import { CHROMIUM_EXTENSION_IDS } from "../../shared/extension-ids";
import type { AgentSpec } from "../args";

export { configText, existingConfig, isRecord, type RawConfig } from "../../native-host/setup/config-text";

export interface ConfigInputs {
  platform: NodeJS.Platform;
  home: string;
  /** goose's absolute path as chosen by chooseGooseCommand; undefined leaves the profile alone. */
  goose?: string;
  loginPath?: string;
  /** Where loginPath came from, for the summary: the login shell, or the installer's own environment. */
  pathSource?: "login-shell" | "current";
  agents: AgentSpec[];
  extensionIds: string[];
}

export interface MergedConfig {
  config: RawConfig;
  /** One line per change, for the summary; empty when the config is already as wanted. */
  changes: string[];
}

export function mergeHostConfig(existing: RawConfig | undefined, inputs: ConfigInputs): MergedConfig {
  const config: RawConfig = existing ? structuredClone(existing) : {};
  const changes: string[] = [];
  if (config.defaultProfile === undefined) {
    config.defaultProfile = "goose";
    changes.push('defaultProfile: "goose"');
  }
  const profiles: Record<string, unknown> = isRecord(config.profiles) ? config.profiles : {};
  config.profiles = profiles;
  if (inputs.goose) setProfile(profiles, "goose", inputs.goose, undefined, changes);
  for (const a of inputs.agents) setProfile(profiles, a.name, a.command, a.args, changes);
  if (config.cwd === undefined) {
    config.cwd = inputs.home;
    changes.push(`cwd: ${inputs.home}`);
  }
  if (inputs.loginPath) {
    const sep = inputs.platform === "win32" ? ";" : ":";
    const previous = typeof config.path === "string" ? pathDirs(config.path, inputs.platform) : [];
    const merged = [...new Set([...pathDirs(inputs.loginPath, inputs.platform), ...previous])].join(sep);
    if (merged !== config.path) {
      config.path = merged;
      const from = `your ${inputs.pathSource ?? "login-shell"} PATH`;
      changes.push(previous.length === 0 ? `path: recorded ${from}` : `path: refreshed from ${from}`);
    }
  }
  const extra = inputs.extensionIds.filter((id) => !CHROMIUM_EXTENSION_IDS.includes(id));
  if (extra.length > 0) {
    const ids = Array.isArray(config.allowedExtensionIds) ? (config.allowedExtensionIds as unknown[]) : [];
    const added = [...new Set(extra.filter((id) => !ids.includes(id)))];
    if (added.length > 0) {
      config.allowedExtensionIds = [...ids, ...added];
      changes.push(`allowedExtensionIds: added ${added.join(", ")}`);
    }
  }
  return { config, changes };
}

function setProfile(profiles: Record<string, unknown>, name: string, command: string, args: string[] | undefined, changes: string[]): void {
  const before = isRecord(profiles[name]) ? (profiles[name] as RawConfig) : undefined;
  const after: RawConfig = { ...before, command };
  if (args !== undefined) after.args = args;
  else if (after.args === undefined && name === "goose") after.args = ["acp"];
  if (before && before.command === after.command && sameArgs(before.args, after.args)) return;
  profiles[name] = after;
  const shown = [command, ...((after.args as string[] | undefined) ?? [])].join(" ");
  changes.push(before ? `profiles.${name}: ${shown} (was ${String(before.command)})` : `profiles.${name}: ${shown}`);
}

function sameArgs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * goose's command: the user's configured absolute path while it still works, else the one found
 * by discovery, else nothing (the host keeps searching at run time).
 */
export function chooseGooseCommand(
  configured: string | undefined,
  configuredWorks: boolean,
  discovered: string | undefined,
  isAbsolute: (p: string) => boolean,
): string | undefined {
  if (configured && isAbsolute(configured) && configuredWorks) return configured;
  return discovered;
}
