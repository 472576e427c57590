/**
 * Where each browser looks for a user-level native-messaging host, per OS (Chrome's
 * https://developer.chrome.com/docs/extensions/develop/concepts/native-messaging#native-messaging-host-location
 * and MDN's https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions/Native_manifests).
 * Pure: the platform, home, environment and system root are parameters.
 *
 * Linux/macOS: a manifest file `<HOST_NAME>.json` in the browser's NativeMessagingHosts dir, written
 * when the browser is installed (its program or app exists) or has a profile dir for this user; a
 * browser installed but never started has no profile dir yet, and reads the manifest we create
 * there on its first start. Windows: an HKCU key per brand whose default value is the manifest's
 * path; all of them are written, since a key costs nothing and brand detection on Windows is unreliable.
 */

import type { PlatformInfo } from "../../native-host/setup/paths";
import { HOST_NAME } from "../../shared/extension-ids";
import { nonEmpty, pathLib } from "./layout";

type Brand = "chrome" | "chromium" | "edge" | "brave" | "vivaldi" | "firefox";

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
      /** Its profile dirs: any of them existing means the user has run it. */
      presence: string[];
      /** Its programs (Linux) or app bundles (macOS): any of them existing means it is installed. */
      apps: string[];
    })
  | (TargetBase & { where: "registry"; key: string });

function family(brand: Brand): Family {
  return brand === "firefox" ? "firefox" : "chromium";
}

/** `apps`: Linux programs (absolute, under the system root) or macOS app bundle names. */
type Row = [id: string, brand: Brand, label: string, dir: string, apps: string[]];

// The vendors' .deb/.rpm install paths and the distributions' packages. Snap and Flatpak builds
// are left out on purpose: they cannot start our host (see sandboxedCandidates).
const LINUX_CHROMIUM: Row[] = [
  ["chrome", "chrome", "Google Chrome", "google-chrome", ["/opt/google/chrome/chrome", "/usr/bin/google-chrome-stable"]],
  ["chrome-beta", "chrome", "Google Chrome Beta", "google-chrome-beta", ["/opt/google/chrome-beta/chrome", "/usr/bin/google-chrome-beta"]],
  [
    "chrome-dev",
    "chrome",
    "Google Chrome Dev",
    "google-chrome-unstable",
    ["/opt/google/chrome-unstable/chrome", "/usr/bin/google-chrome-unstable"],
  ],
  ["chromium", "chromium", "Chromium", "chromium", ["/usr/lib/chromium/chromium", "/usr/lib64/chromium-browser/chromium-browser"]],
  ["edge", "edge", "Microsoft Edge", "microsoft-edge", ["/opt/microsoft/msedge/msedge", "/usr/bin/microsoft-edge-stable"]],
  [
    "edge-beta",
    "edge",
    "Microsoft Edge Beta",
    "microsoft-edge-beta",
    ["/opt/microsoft/msedge-beta/msedge", "/usr/bin/microsoft-edge-beta"],
  ],
  ["edge-dev", "edge", "Microsoft Edge Dev", "microsoft-edge-dev", ["/opt/microsoft/msedge-dev/msedge", "/usr/bin/microsoft-edge-dev"]],
  ["brave", "brave", "Brave", "BraveSoftware/Brave-Browser", ["/opt/brave.com/brave/brave", "/usr/bin/brave-browser"]],
  ["vivaldi", "vivaldi", "Vivaldi", "vivaldi", ["/opt/vivaldi/vivaldi", "/usr/bin/vivaldi-stable"]],
];
// Debian and Ubuntu ship the ESR as firefox-esr.
const LINUX_FIREFOX_APPS = [
  "/usr/lib/firefox/firefox",
  "/usr/lib64/firefox/firefox",
  "/opt/firefox/firefox",
  "/usr/lib/firefox-esr/firefox-esr",
];

const MAC_CHROMIUM: Row[] = [
  ["chrome", "chrome", "Google Chrome", "Google/Chrome", ["Google Chrome.app"]],
  ["chrome-beta", "chrome", "Google Chrome Beta", "Google/Chrome Beta", ["Google Chrome Beta.app"]],
  ["chrome-dev", "chrome", "Google Chrome Dev", "Google/Chrome Dev", ["Google Chrome Dev.app"]],
  ["chrome-canary", "chrome", "Google Chrome Canary", "Google/Chrome Canary", ["Google Chrome Canary.app"]],
  ["chromium", "chromium", "Chromium", "Chromium", ["Chromium.app"]],
  ["edge", "edge", "Microsoft Edge", "Microsoft Edge", ["Microsoft Edge.app"]],
  ["edge-beta", "edge", "Microsoft Edge Beta", "Microsoft Edge Beta", ["Microsoft Edge Beta.app"]],
  ["edge-dev", "edge", "Microsoft Edge Dev", "Microsoft Edge Dev", ["Microsoft Edge Dev.app"]],
  ["edge-canary", "edge", "Microsoft Edge Canary", "Microsoft Edge Canary", ["Microsoft Edge Canary.app"]],
  ["brave", "brave", "Brave", "BraveSoftware/Brave-Browser", ["Brave Browser.app"]],
  ["vivaldi", "vivaldi", "Vivaldi", "Vivaldi", ["Vivaldi.app"]],
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

function registryKey(vendorPath: string): string {
  return `HKCU\\Software\\${vendorPath}\\NativeMessagingHosts\\${HOST_NAME}`;
}

/** `systemRoot`: "/" normally; tests point it at a fake root holding /opt, /usr and /Applications. */
export function browserTargets(p: PlatformInfo, systemRoot = "/"): BrowserTarget[] {
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
  const dirTarget = (id: string, brand: Brand, label: string, manifestDir: string, presence: string[], apps: string[]): BrowserTarget => ({
    id,
    brand,
    label,
    family: family(brand),
    where: "dir",
    manifestDir,
    manifestFile: lib.join(manifestDir, `${HOST_NAME}.json`),
    presence,
    apps,
  });
  const inRoot = (file: string) => lib.join(systemRoot, file);
  // Apps live in /Applications, or in ~/Applications when installed for one user.
  const macApps = (names: string[]) => names.flatMap((n) => [lib.join(systemRoot, "Applications", n), lib.join(p.home, "Applications", n)]);
  const chromiumTargets = (base: string, table: Row[], apps: (listed: string[]) => string[]) =>
    table.map(([id, brand, label, dir, listed]) => {
      const browserDir = lib.join(base, ...dir.split("/"));
      return dirTarget(id, brand, label, lib.join(browserDir, "NativeMessagingHosts"), [browserDir], apps(listed));
    });
  if (p.platform === "darwin") {
    const support = lib.join(p.home, "Library", "Application Support");
    // Firefox reads the Mozilla dir (no profile subfolder); its profiles live under Firefox/.
    return [
      ...chromiumTargets(support, MAC_CHROMIUM, macApps),
      dirTarget(
        "firefox",
        "firefox",
        "Firefox",
        lib.join(support, "Mozilla", "NativeMessagingHosts"),
        [lib.join(support, "Firefox"), lib.join(support, "Mozilla")],
        macApps(["Firefox.app"]),
      ),
    ];
  }
  const config = nonEmpty(p.env.XDG_CONFIG_HOME) ?? lib.join(p.home, ".config");
  // Firefox ≥ 147 keeps profiles in $XDG_CONFIG_HOME/mozilla but still reads hosts only from
  // ~/.mozilla; the Snap Firefox asks the WebExtensions portal, which reads the same dir.
  return [
    ...chromiumTargets(config, LINUX_CHROMIUM, (listed) => listed.map(inRoot)),
    dirTarget(
      "firefox",
      "firefox",
      "Firefox",
      lib.join(p.home, ".mozilla", "native-messaging-hosts"),
      [lib.join(p.home, ".mozilla"), lib.join(config, "mozilla"), lib.join(p.home, "snap", "firefox")],
      LINUX_FIREFOX_APPS.map(inRoot),
    ),
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
      why:
        "a Flatpak browser starts native hosts inside its sandbox, where there is no node and no goose, " +
        "so no manifest was written for it",
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
      why:
        "the Chromium snap starts native hosts confined to the snap, where node and goose from your system cannot run, " +
        "so no manifest was written for it",
      fix: "install Google Chrome, or Chromium from a .deb/.rpm rather than the snap, and re-run the installer",
    },
  ];
}

/** `--browser` accepts a brand ("chrome": every channel) or one target id ("chrome-beta"). */
export function selectTargets(targets: BrowserTarget[], wanted: readonly string[]): BrowserTarget[] {
  if (wanted.length === 0) return targets;
  return targets.filter((t) => wanted.includes(t.brand) || wanted.includes(t.id));
}
