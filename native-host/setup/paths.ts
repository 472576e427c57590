/**
 * Per-OS locations of the host's config and log files. Pure: the platform, home and environment are
 * parameters, so every OS layout is testable on any machine.
 *   config: $GOOSE_BROWSER_HOST_CONFIG, else
 *     Linux   $XDG_CONFIG_HOME/goose-browser/host.json  (~/.config/…)
 *     macOS   ~/Library/Application Support/goose-browser/host.json
 *     Windows %APPDATA%\goose-browser\host.json
 *   data (the installed host, agents, the edit journal):
 *     Linux   $XDG_DATA_HOME/goose-browser               (~/.local/share/…)
 *     macOS   ~/Library/Application Support/goose-browser
 *     Windows %LOCALAPPDATA%\goose-browser
 *   log:
 *     Linux   $XDG_STATE_HOME/goose-browser/host.log    (~/.local/state/…)
 *     macOS   ~/Library/Logs/goose-browser/host.log
 *     Windows %LOCALAPPDATA%\goose-browser\host.log
 */
import path from "node:path";

export const APP_DIR = "goose-browser";
export const CONFIG_ENV = "GOOSE_BROWSER_HOST_CONFIG";

export interface PlatformInfo {
  platform: NodeJS.Platform;
  home: string;
  env: Record<string, string | undefined>;
}

function join(p: PlatformInfo, ...parts: string[]): string {
  return (p.platform === "win32" ? path.win32 : path.posix).join(...parts);
}

export function configDir(p: PlatformInfo): string {
  if (p.platform === "win32") return join(p, p.env.APPDATA ?? join(p, p.home, "AppData", "Roaming"), APP_DIR);
  if (p.platform === "darwin") return join(p, p.home, "Library", "Application Support", APP_DIR);
  return join(p, nonEmpty(p.env.XDG_CONFIG_HOME) ?? join(p, p.home, ".config"), APP_DIR);
}

export function configFile(p: PlatformInfo): string {
  return nonEmpty(p.env[CONFIG_ENV]) ?? join(p, configDir(p), "host.json");
}

export function stateDir(p: PlatformInfo): string {
  if (p.platform === "win32") return join(p, p.env.LOCALAPPDATA ?? join(p, p.home, "AppData", "Local"), APP_DIR);
  if (p.platform === "darwin") return join(p, p.home, "Library", "Logs", APP_DIR);
  return join(p, nonEmpty(p.env.XDG_STATE_HOME) ?? join(p, p.home, ".local", "state"), APP_DIR);
}

export function dataDir(p: PlatformInfo): string {
  if (p.platform === "win32") return join(p, nonEmpty(p.env.LOCALAPPDATA) ?? join(p, p.home, "AppData", "Local"), APP_DIR);
  if (p.platform === "darwin") return join(p, p.home, "Library", "Application Support", APP_DIR);
  return join(p, nonEmpty(p.env.XDG_DATA_HOME) ?? join(p, p.home, ".local", "share"), APP_DIR);
}

export function defaultLogFile(p: PlatformInfo): string {
  return join(p, stateDir(p), "host.log");
}

function nonEmpty(v: string | undefined): string | undefined {
  return v && v.length > 0 ? v : undefined;
}
