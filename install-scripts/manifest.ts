/** Native-messaging host manifests: one shape for the Chromium family, one for Firefox. */
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_EXTENSION_IDS, GECKO_ADDON_ID, HOST_NAME, chromeOrigin } from "../shared/extension-ids";

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

const DESCRIPTION = "goose-browser: runs a local ACP agent (goose) for the goose browser extension";

export function chromiumManifest(launcher: string, ids: readonly string[] = CHROMIUM_EXTENSION_IDS): ChromiumHostManifest {
  return { name: HOST_NAME, description: DESCRIPTION, path: launcher, type: "stdio", allowed_origins: ids.map(chromeOrigin) };
}

export function firefoxManifest(launcher: string): FirefoxHostManifest {
  return { name: HOST_NAME, description: DESCRIPTION, path: launcher, type: "stdio", allowed_extensions: [GECKO_ADDON_ID] };
}

/** Writes `<dir>/<HOST_NAME>.json` (0644) atomically: browsers may read it at any moment. */
export function writeManifest(dir: string, manifest: ChromiumHostManifest | FirefoxHostManifest): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${HOST_NAME}.json`);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o644 });
  fs.chmodSync(tmp, 0o644);
  fs.renameSync(tmp, file);
  return file;
}
