/**
 * Where the installer puts its own files: one stable per-user data dir per OS, outside the repo and
 * the npm cache, so moving or deleting either never breaks the browsers' manifests.
 *   Linux   $XDG_DATA_HOME/goose-browser          (~/.local/share/…)
 *   macOS   ~/Library/Application Support/goose-browser
 *   Windows %LOCALAPPDATA%\goose-browser
 * Each host bundle (or standalone executable) is a file of its own under host/<version>/, so installing a new one never rewrites
 * the file a running host was started from; the launcher is the one stable path browsers start.
 * Pure: the platform, home and environment are parameters.
 */
import path from "node:path";
import { launcherFileName } from "../native-host/setup/launcher";
import { dataDir, type PlatformInfo } from "../native-host/setup/paths";
import { HOST_NAME } from "../shared/extension-ids";

export interface InstallLayout {
  dataDir: string;
  /** Holds one folder per installed host version (bundlePath). */
  hostDir: string;
  launcher: string;
  receipt: string;
  /** Windows only: the manifest files the registry keys point at (POSIX manifests live in each browser's dir). */
  chromiumManifest: string;
  firefoxManifest: string;
}

export function pathLib(platform: NodeJS.Platform): typeof path.posix {
  return platform === "win32" ? path.win32 : path.posix;
}

export function installLayout(p: PlatformInfo): InstallLayout {
  const lib = pathLib(p.platform);
  const dir = dataDir(p);
  return {
    dataDir: dir,
    hostDir: lib.join(dir, "host"),
    launcher: lib.join(dir, launcherFileName(p.platform)),
    receipt: lib.join(dir, "install-receipt.json"),
    chromiumManifest: lib.join(dir, `${HOST_NAME}.chromium.json`),
    firefoxManifest: lib.join(dir, `${HOST_NAME}.firefox.json`),
  };
}

export function nonEmpty(v: string | undefined): string | undefined {
  return v && v.length > 0 ? v : undefined;
}

export type BundleState = "absent" | "same" | "different";

const VERSION_NAME = /^[0-9A-Za-z][0-9A-Za-z.+-]*$/;

/**
 * The file a bundle of this version is installed as: host/<version>/host.cjs, or, when that file
 * holds another build of the same version (a rebuilt checkout), host/<version>+<first 8 hex digits
 * of its sha256>/host.cjs. Either way an existing bundle is never rewritten with other bytes.
 */
export function bundlePath(
  layout: InstallLayout,
  platform: NodeJS.Platform,
  version: string,
  sha256: string,
  state: (file: string) => BundleState,
  fileName = "host.cjs",
): string {
  if (!VERSION_NAME.test(version)) throw new Error(`"${version}" is not a version the installer can name a folder after`);
  const lib = pathLib(platform);
  const plain = lib.join(layout.hostDir, version, fileName);
  return state(plain) === "different" ? lib.join(layout.hostDir, `${version}+${sha256.slice(0, 8)}`, fileName) : plain;
}

/** The installed host's file name: the bundle node runs, or the standalone executable (release/build-exe.ts). */
export function hostFileName(platform: NodeJS.Platform, executable: boolean): string {
  if (!executable) return "host.cjs";
  return platform === "win32" ? "goose-browser-host.exe" : "goose-browser-host";
}
