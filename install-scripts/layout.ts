/**
 * Where the installer puts its own files: one stable per-user data dir per OS, outside the repo, so
 * moving or deleting the checkout never breaks the browsers' manifests.
 *   Linux   $XDG_DATA_HOME/goose-browser          (~/.local/share/…)
 *   macOS   ~/Library/Application Support/goose-browser
 *   Windows %LOCALAPPDATA%\goose-browser
 * Pure: the platform, home and environment are parameters.
 */
import path from "node:path";
import { launcherFileName } from "../native-host/setup/launcher";
import { APP_DIR, type PlatformInfo } from "../native-host/setup/paths";
import { HOST_NAME } from "../shared/extension-ids";

export interface InstallLayout {
  dataDir: string;
  /** The host bundle copied from dist/native-host/host.cjs. */
  bundle: string;
  launcher: string;
  receipt: string;
  /** Windows only: the manifest files the registry keys point at (POSIX manifests live in each browser's dir). */
  chromiumManifest: string;
  firefoxManifest: string;
}

export function pathLib(platform: NodeJS.Platform): typeof path.posix {
  return platform === "win32" ? path.win32 : path.posix;
}

function dataDir(p: PlatformInfo): string {
  const lib = pathLib(p.platform);
  if (p.platform === "win32") return lib.join(nonEmpty(p.env.LOCALAPPDATA) ?? lib.join(p.home, "AppData", "Local"), APP_DIR);
  if (p.platform === "darwin") return lib.join(p.home, "Library", "Application Support", APP_DIR);
  return lib.join(nonEmpty(p.env.XDG_DATA_HOME) ?? lib.join(p.home, ".local", "share"), APP_DIR);
}

export function installLayout(p: PlatformInfo): InstallLayout {
  const lib = pathLib(p.platform);
  const dir = dataDir(p);
  return {
    dataDir: dir,
    bundle: lib.join(dir, "host.cjs"),
    launcher: lib.join(dir, launcherFileName(p.platform)),
    receipt: lib.join(dir, "install-receipt.json"),
    chromiumManifest: lib.join(dir, `${HOST_NAME}.chromium.json`),
    firefoxManifest: lib.join(dir, `${HOST_NAME}.firefox.json`),
  };
}

export function nonEmpty(v: string | undefined): string | undefined {
  return v && v.length > 0 ? v : undefined;
}
