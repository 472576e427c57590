/** Native-messaging host manifests: one shape for the Chromium family, one for Firefox. */
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_EXTENSION_IDS, chromeOrigin, GECKO_ADDON_ID, HOST_NAME } from "../../shared/extension-ids";
import { writeFileAtomic } from "../apply/files";

export interface ChromiumHostManifest {
  name: string;
  description: string;
  path: string;
  type: "stdio";
  allowed_origins: string[];
}

export interface FirefoxHostManifest {
  name: string;
  description: string;
  path: string;
  type: "stdio";
  allowed_extensions: string[];
}

export type HostManifest = ChromiumHostManifest | FirefoxHostManifest;

const MANIFEST_DESCRIPTION = "goose-browser: runs a local ACP agent (goose) for the goose browser extension";

export function chromiumManifest(launcher: string, ids: readonly string[] = CHROMIUM_EXTENSION_IDS): ChromiumHostManifest {
  return { name: HOST_NAME, description: MANIFEST_DESCRIPTION, path: launcher, type: "stdio", allowed_origins: ids.map(chromeOrigin) };
}

export function firefoxManifest(launcher: string): FirefoxHostManifest {
  return { name: HOST_NAME, description: MANIFEST_DESCRIPTION, path: launcher, type: "stdio", allowed_extensions: [GECKO_ADDON_ID] };
}

/** The exact bytes written: stable, so a re-run can tell that nothing changed. */
export function manifestText(manifest: HostManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Writes `<dir>/<HOST_NAME>.json` (0644) atomically: browsers may read it at any moment. */
export function writeManifest(dir: string, manifest: HostManifest): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${HOST_NAME}.json`);
  writeFileAtomic(file, manifestText(manifest), 0o644);
  return file;
}
