/**
 * Where each browser looks for a user-level native-messaging host, per OS (see
 * ../shared/reference/native-hosts.md §2.3). Pure: the platform, home and environment are parameters.
 *
 * Linux/macOS: a manifest file `<HOST_NAME>.json` in the browser's NativeMessagingHosts dir, written
 * only when the browser's own dir exists (we never create a profile dir for a browser the user
 * doesn't have). Windows: an HKCU key per brand whose default value is the manifest's path; all of
 * them are written, since a key costs nothing and brand detection on Windows is unreliable.
 */

import type { PlatformInfo } from "../native-host/paths";
import { HOST_NAME } from "../shared/extension-ids";
import { nonEmpty, pathLib } from "./layout";

export type Brand = "chrome" | "chromium" | "edge" | "brave" | "vivaldi" | "firefox";
export const BRANDS: readonly Brand[] = ["chrome", "chromium", "edge", "brave", "vivaldi", "firefox"];

export type Family = "chromium" | "firefox";

interface TargetBase {
  /** Unique per OS: "chrome", "chrome-beta", …, "firefox". */
  id: string;
  brand: Brand;
  label: string;
  family: Family;
}

export type BrowserTarget =
  | (TargetBase & {
      where: "dir";
      manifestDir: string;
      manifestFile: string;
      /** The browser counts as installed for this user when any of these exists. */
      presence: string[];
    })
  | (TargetBase & { where: "registry"; key: string });

function family(brand: Brand): Family {
  return brand === "firefox" ? "firefox" : "chromium";
}

type Row = [id: string, brand: Brand, label: string, dir: string];

const LINUX_CHROMIUM: Row[] = [
  ["chrome", "chrome", "Google Chrome", "google-chrome"],
  ["chrome-beta", "chrome", "Google Chrome Beta", "google-chrome-beta"],
  ["chrome-dev", "chrome", "Google Chrome Dev", "google-chrome-unstable"],
  ["chromium", "chromium", "Chromium", "chromium"],
  ["edge", "edge", "Microsoft Edge", "microsoft-edge"],
  ["edge-beta", "edge", "Microsoft Edge Beta", "microsoft-edge-beta"],
  ["edge-dev", "edge", "Microsoft Edge Dev", "microsoft-edge-dev"],
  ["brave", "brave", "Brave", "BraveSoftware/Brave-Browser"],
  ["vivaldi", "vivaldi", "Vivaldi", "vivaldi"],
];

const MAC_CHROMIUM: Row[] = [
  ["chrome", "chrome", "Google Chrome", "Google/Chrome"],
  ["chrome-beta", "chrome", "Google Chrome Beta", "Google/Chrome Beta"],
  ["chrome-dev", "chrome", "Google Chrome Dev", "Google/Chrome Dev"],
  ["chrome-canary", "chrome", "Google Chrome Canary", "Google/Chrome Canary"],
  ["chromium", "chromium", "Chromium", "Chromium"],
  ["edge", "edge", "Microsoft Edge", "Microsoft Edge"],
  ["edge-beta", "edge", "Microsoft Edge Beta", "Microsoft Edge Beta"],
  ["edge-dev", "edge", "Microsoft Edge Dev", "Microsoft Edge Dev"],
  ["edge-canary", "edge", "Microsoft Edge Canary", "Microsoft Edge Canary"],
  ["brave", "brave", "Brave", "BraveSoftware/Brave-Browser"],
  ["vivaldi", "vivaldi", "Vivaldi", "Vivaldi"],
];

/** HKCU\Software\<…>\NativeMessagingHosts\<HOST_NAME>; Chrome's key also serves Opera. */
const WINDOWS_KEYS: Array<[id: Brand, label: string, vendorPath: string]> = [
  ["chrome", "Google Chrome", "Google\\Chrome"],
  ["chromium", "Chromium", "Chromium"],
  ["edge", "Microsoft Edge", "Microsoft\\Edge"],
  ["brave", "Brave", "BraveSoftware\\Brave-Browser"],
  ["vivaldi", "Vivaldi", "Vivaldi"],
  ["firefox", "Firefox", "Mozilla"],
];

export function registryKey(vendorPath: string): string {
  return `HKCU\\Software\\${vendorPath}\\NativeMessagingHosts\\${HOST_NAME}`;
}

export function browserTargets(p: PlatformInfo): BrowserTarget[] {
  if (p.platform === "win32") {
    return WINDOWS_KEYS.map(([brand, label, vendor]) => ({
      id: brand,
      brand,
      label,
      family: family(brand),
      where: "registry",
      key: registryKey(vendor),
    }));
  }
  const lib = pathLib(p.platform);
  const dirTarget = (id: string, brand: Brand, label: string, manifestDir: string, presence: string[]): BrowserTarget => ({
    id,
    brand,
    label,
    family: family(brand),
    where: "dir",
    manifestDir,
    manifestFile: lib.join(manifestDir, `${HOST_NAME}.json`),
    presence,
  });
  const chromiumTargets = (base: string, table: Row[]) =>
    table.map(([id, brand, label, dir]) => {
      const browserDir = lib.join(base, ...dir.split("/"));
      return dirTarget(id, brand, label, lib.join(browserDir, "NativeMessagingHosts"), [browserDir]);
    });
  if (p.platform === "darwin") {
    const support = lib.join(p.home, "Library", "Application Support");
    // Firefox reads the Mozilla dir (no profile subfolder); its profiles live under Firefox/.
    return [
      ...chromiumTargets(support, MAC_CHROMIUM),
      dirTarget("firefox", "firefox", "Firefox", lib.join(support, "Mozilla", "NativeMessagingHosts"), [
        lib.join(support, "Firefox"),
        lib.join(support, "Mozilla"),
      ]),
    ];
  }
  const config = nonEmpty(p.env.XDG_CONFIG_HOME) ?? lib.join(p.home, ".config");
  // Firefox ≥ 147 keeps profiles in $XDG_CONFIG_HOME/mozilla but still reads hosts only from
  // ~/.mozilla; the Snap Firefox asks the WebExtensions portal, which reads the same dir.
  return [
    ...chromiumTargets(config, LINUX_CHROMIUM),
    dirTarget("firefox", "firefox", "Firefox", lib.join(p.home, ".mozilla", "native-messaging-hosts"), [
      lib.join(p.home, ".mozilla"),
      lib.join(config, "mozilla"),
      lib.join(p.home, "snap", "firefox"),
    ]),
  ];
}

/** A sandboxed browser build that cannot start our host: detected only to explain why. */
export interface SandboxedBrowser {
  label: string;
  brand: Brand;
  kind: "flatpak" | "snap";
  dir: string;
  why: string;
  fix: string;
}

const FLATPAK_IDS: Array<[appId: string, brand: Brand, label: string]> = [
  ["com.google.Chrome", "chrome", "Google Chrome"],
  ["org.chromium.Chromium", "chromium", "Chromium"],
  ["com.microsoft.Edge", "edge", "Microsoft Edge"],
  ["com.brave.Browser", "brave", "Brave"],
  ["com.vivaldi.Vivaldi", "vivaldi", "Vivaldi"],
  ["org.mozilla.firefox", "firefox", "Firefox"],
];

/** Candidate sandboxed installs on Linux; the caller keeps those whose `dir` exists. */
export function sandboxedCandidates(p: PlatformInfo): SandboxedBrowser[] {
  if (p.platform !== "linux") return [];
  const lib = pathLib(p.platform);
  const flatpaks = FLATPAK_IDS.map(
    ([appId, brand, label]): SandboxedBrowser => ({
      label: `${label} (Flatpak)`,
      brand,
      kind: "flatpak",
      dir: lib.join(p.home, ".var", "app", appId),
      why: "a Flatpak browser starts native hosts inside its sandbox, where there is no node and no goose, so no manifest was written for it",
      fix: `use a non-Flatpak build of ${label} (your distribution's package or the vendor's .deb/.rpm) and re-run the installer`,
    }),
  );
  return [
    ...flatpaks,
    {
      label: "Chromium (Snap)",
      brand: "chromium",
      kind: "snap",
      dir: lib.join(p.home, "snap", "chromium"),
      why: "the Chromium snap starts native hosts confined to the snap, where node and goose from your system cannot run, so no manifest was written for it",
      fix: "install Google Chrome, or Chromium from a .deb/.rpm rather than the snap, and re-run the installer",
    },
  ];
}

/** `--browser` accepts a brand ("chrome": every channel) or one target id ("chrome-beta"). */
export function selectTargets(targets: BrowserTarget[], wanted: readonly string[]): BrowserTarget[] {
  if (wanted.length === 0) return targets;
  return targets.filter((t) => wanted.includes(t.brand) || wanted.includes(t.id));
}

export function knownBrowserNames(p: PlatformInfo): string[] {
  return [...new Set([...BRANDS, ...browserTargets(p).map((t) => t.id)])];
}
