/**
 * Where `agents` and `add` keep things, per user:
 *   registry cache  Linux $XDG_CACHE_HOME/goose-browser (~/.cache/…), macOS ~/Library/Caches/goose-browser,
 *                   Windows %LOCALAPPDATA%\goose-browser\cache
 *   agents          <data folder (layout.ts)>/agents/<id>/<version>/
 * Pure: the platform, home and environment are parameters.
 */
import { APP_DIR, type PlatformInfo } from "../../native-host/setup/paths";
import { installLayout, nonEmpty, pathLib } from "../browsers/layout";

export function registryCacheFile(p: PlatformInfo): string {
  const lib = pathLib(p.platform);
  let dir: string;
  if (p.platform === "win32") dir = lib.join(nonEmpty(p.env.LOCALAPPDATA) ?? lib.join(p.home, "AppData", "Local"), APP_DIR, "cache");
  else if (p.platform === "darwin") dir = lib.join(p.home, "Library", "Caches", APP_DIR);
  else dir = lib.join(nonEmpty(p.env.XDG_CACHE_HOME) ?? lib.join(p.home, ".cache"), APP_DIR);
  return lib.join(dir, "acp-registry.json");
}

function agentsDir(p: PlatformInfo): string {
  return pathLib(p.platform).join(installLayout(p).dataDir, "agents");
}

export function agentVersionDir(p: PlatformInfo, id: string, version: string): string {
  return pathLib(p.platform).join(agentsDir(p), id, version);
}

/** A version folder of an agent (…/agents/<id>/<version>), the only folders removed whole. */
export function isAgentDir(dir: string, p: PlatformInfo, dataDir = installLayout(p).dataDir): boolean {
  const lib = pathLib(p.platform);
  const rel = lib.relative(lib.join(dataDir, "agents"), dir);
  const parts = rel.split(lib.sep);
  return !lib.isAbsolute(rel) && parts.length === 2 && parts.every((x) => x.length > 0 && x !== ".." && x !== ".");
}
