/**
 * Finds the agent executable: a configured absolute path first, then PATH (the recorded login-shell
 * PATH, then the browser's), then the usual per-OS install locations. Pure apart from the injected
 * `isExecutable`, so every OS's search order is testable anywhere. On Windows a bare name is tried with
 * each PATHEXT extension in every folder, as cmd.exe does (npm installs agents as `.cmd` shims).
 */
import path from "node:path";
import type { PlatformInfo } from "../setup/paths";
import { windowsCommandNames } from "./windows-command";

export type Discovery =
  | { found: string; searched: string[]; refused?: undefined }
  | { found?: undefined; searched: string[]; refused?: string };

/** goose Desktop's Electron binary: same name on case-insensitive APFS, but not the CLI. */
const DESKTOP_APP = /Goose\.app[\\/]Contents[\\/]MacOS[\\/]/i;

/**
 * `npm start` / `npm run` put each node_modules/.bin and npm's own helper dirs first on PATH, and a
 * browser they start hands that PATH to the host. No agent is installed there: not searched, not listed.
 */
const PACKAGE_MANAGER_DIR = /[\\/]node_modules([\\/]|$)/;

function wellKnownDirs(p: PlatformInfo): string[] {
  const { home, env } = p;
  if (p.platform === "win32") {
    const w = path.win32;
    return [
      w.join(env.USERPROFILE ?? home, ".local", "bin"),
      ...(env.LOCALAPPDATA ? [w.join(env.LOCALAPPDATA, "Goose")] : []),
      ...(env.ProgramFiles ? [w.join(env.ProgramFiles, "Goose")] : []),
    ];
  }
  if (p.platform === "darwin") return [path.posix.join(home, ".local", "bin"), "/opt/homebrew/bin", "/usr/local/bin"];
  return [path.posix.join(home, ".local", "bin"), "/usr/local/bin", "/usr/bin", "/usr/share/goose/bin"];
}

export function pathDirs(pathValue: string | undefined, platform: NodeJS.Platform): string[] {
  if (!pathValue) return [];
  return pathValue.split(platform === "win32" ? ";" : ":").filter((d) => d.length > 0);
}

export function discoverAgent(
  command: string,
  p: PlatformInfo,
  configuredPath: string | undefined,
  isExecutable: (file: string) => boolean,
): Discovery {
  const lib = p.platform === "win32" ? path.win32 : path.posix;
  if (lib.isAbsolute(command)) {
    if (DESKTOP_APP.test(command)) {
      return { searched: [command], refused: `${command} is the goose Desktop app, not the goose CLI` };
    }
    return isExecutable(command) ? { found: command, searched: [command] } : { searched: [command] };
  }
  if (command.includes("/") || command.includes("\\")) {
    return { searched: [command], refused: `"${command}" must be an absolute path or a bare command name` };
  }
  const names = p.platform === "win32" ? windowsCommandNames(command, p.env) : [command];
  const dirs = [...pathDirs(configuredPath, p.platform), ...pathDirs(p.env.PATH ?? p.env.Path, p.platform), ...wellKnownDirs(p)].filter(
    (d) => lib.isAbsolute(d) && !PACKAGE_MANAGER_DIR.test(d),
  );
  const searched: string[] = [];
  for (const dir of dirs) {
    for (const name of names) {
      const file = lib.join(dir, name);
      if (searched.includes(file) || DESKTOP_APP.test(file)) continue;
      searched.push(file);
      if (isExecutable(file)) return { found: file, searched };
    }
  }
  return { searched };
}

/** A PATH for the agent: the recorded login-shell PATH, the browser's, and the install dirs. */
export function agentPath(p: PlatformInfo, configuredPath: string | undefined): string {
  const all = [...pathDirs(configuredPath, p.platform), ...pathDirs(p.env.PATH ?? p.env.Path, p.platform), ...wellKnownDirs(p)];
  return [...new Set(all)].join(p.platform === "win32" ? ";" : ":");
}

/** Why a command was not found, in one sentence: what was looked at, counted in plain words. */
export function notFoundReason(command: string, found: Pick<Discovery, "searched" | "refused">): string {
  if (found.refused) return `${found.refused}.`;
  if (found.searched.length === 1 && found.searched[0] === command) return `${command} does not exist or is not executable.`;
  const n = found.searched.length;
  return `${command} is not on the agent's PATH or in the usual install folders (${n} ${n === 1 ? "place" : "places"} looked in).`;
}
