/** Where the installer writes, per OS: data dir, browser manifest dirs, registry keys, launcher, manifests. */
import { describe, expect, it } from "vitest";
import { browserTargets, sandboxedCandidates, selectTargets } from "../../../install-scripts/browsers/browsers";
import { hostFileName, installLayout } from "../../../install-scripts/browsers/layout";
import { chromiumManifest, firefoxManifest, manifestText } from "../../../install-scripts/browsers/manifest";
import { launcherScript, parseLauncher } from "../../../native-host/setup/launcher";
import type { PlatformInfo } from "../../../native-host/setup/paths";

const linux: PlatformInfo = { platform: "linux", home: "/home/me", env: {} };
const mac: PlatformInfo = { platform: "darwin", home: "/Users/me", env: {} };
const win: PlatformInfo = {
  platform: "win32",
  home: "C:\\Users\\me",
  env: { LOCALAPPDATA: "C:\\Users\\me\\AppData\\Local", APPDATA: "C:\\Users\\me\\AppData\\Roaming" },
};

const manifestFiles = (p: PlatformInfo) =>
  Object.fromEntries(browserTargets(p).map((t) => [t.id, t.where === "dir" ? t.manifestFile : t.key]));

describe("data dir", () => {
  it("is per user and outside the checkout on every OS", () => {
    expect(installLayout(linux)).toEqual({
      dataDir: "/home/me/.local/share/goose-browser",
      hostDir: "/home/me/.local/share/goose-browser/host",
      launcher: "/home/me/.local/share/goose-browser/goose-browser-host",
      receipt: "/home/me/.local/share/goose-browser/install-receipt.json",
      chromiumManifest: "/home/me/.local/share/goose-browser/dev.goose_browser.host.chromium.json",
      firefoxManifest: "/home/me/.local/share/goose-browser/dev.goose_browser.host.firefox.json",
    });
    expect(installLayout({ ...linux, env: { XDG_DATA_HOME: "/data" } }).dataDir).toBe("/data/goose-browser");
    expect(installLayout(mac).launcher).toBe("/Users/me/Library/Application Support/goose-browser/goose-browser-host");
    expect(installLayout(win)).toMatchObject({
      dataDir: "C:\\Users\\me\\AppData\\Local\\goose-browser",
      launcher: "C:\\Users\\me\\AppData\\Local\\goose-browser\\goose-browser-host.bat",
      chromiumManifest: "C:\\Users\\me\\AppData\\Local\\goose-browser\\dev.goose_browser.host.chromium.json",
    });
  });
});

describe("browser location table", () => {
  it("Linux: each browser's NativeMessagingHosts under ~/.config, Firefox under ~/.mozilla", () => {
    expect(manifestFiles(linux)).toEqual({
      chrome: "/home/me/.config/google-chrome/NativeMessagingHosts/dev.goose_browser.host.json",
      "chrome-beta": "/home/me/.config/google-chrome-beta/NativeMessagingHosts/dev.goose_browser.host.json",
      "chrome-dev": "/home/me/.config/google-chrome-unstable/NativeMessagingHosts/dev.goose_browser.host.json",
      chromium: "/home/me/.config/chromium/NativeMessagingHosts/dev.goose_browser.host.json",
      edge: "/home/me/.config/microsoft-edge/NativeMessagingHosts/dev.goose_browser.host.json",
      "edge-beta": "/home/me/.config/microsoft-edge-beta/NativeMessagingHosts/dev.goose_browser.host.json",
      "edge-dev": "/home/me/.config/microsoft-edge-dev/NativeMessagingHosts/dev.goose_browser.host.json",
      brave: "/home/me/.config/BraveSoftware/Brave-Browser/NativeMessagingHosts/dev.goose_browser.host.json",
      vivaldi: "/home/me/.config/vivaldi/NativeMessagingHosts/dev.goose_browser.host.json",
      firefox: "/home/me/.mozilla/native-messaging-hosts/dev.goose_browser.host.json",
    });
  });

  it("Linux: Chromium-family dirs follow $XDG_CONFIG_HOME; Firefox hosts stay in ~/.mozilla", () => {
    const p = { ...linux, env: { XDG_CONFIG_HOME: "/cfg" } };
    const t = browserTargets(p);
    expect(manifestFiles(p).chrome).toBe("/cfg/google-chrome/NativeMessagingHosts/dev.goose_browser.host.json");
    expect(manifestFiles(p).firefox).toBe("/home/me/.mozilla/native-messaging-hosts/dev.goose_browser.host.json");
    const ff = t.find((x) => x.id === "firefox")!;
    expect(ff.where === "dir" && ff.presence).toEqual(["/home/me/.mozilla", "/cfg/mozilla", "/home/me/snap/firefox"]);
    // A Firefox never started yet is found by its program, Debian's ESR included.
    expect(ff.where === "dir" && ff.apps).toContain("/usr/lib/firefox-esr/firefox-esr");
    const chrome = t.find((x) => x.id === "chrome")!;
    expect(chrome.where === "dir" && chrome.presence).toEqual(["/cfg/google-chrome"]);
  });

  it("macOS: ~/Library/Application Support/<vendor>/NativeMessagingHosts", () => {
    const S = "/Users/me/Library/Application Support";
    expect(manifestFiles(mac)).toEqual({
      chrome: `${S}/Google/Chrome/NativeMessagingHosts/dev.goose_browser.host.json`,
      "chrome-beta": `${S}/Google/Chrome Beta/NativeMessagingHosts/dev.goose_browser.host.json`,
      "chrome-dev": `${S}/Google/Chrome Dev/NativeMessagingHosts/dev.goose_browser.host.json`,
      "chrome-canary": `${S}/Google/Chrome Canary/NativeMessagingHosts/dev.goose_browser.host.json`,
      chromium: `${S}/Chromium/NativeMessagingHosts/dev.goose_browser.host.json`,
      edge: `${S}/Microsoft Edge/NativeMessagingHosts/dev.goose_browser.host.json`,
      "edge-beta": `${S}/Microsoft Edge Beta/NativeMessagingHosts/dev.goose_browser.host.json`,
      "edge-dev": `${S}/Microsoft Edge Dev/NativeMessagingHosts/dev.goose_browser.host.json`,
      "edge-canary": `${S}/Microsoft Edge Canary/NativeMessagingHosts/dev.goose_browser.host.json`,
      brave: `${S}/BraveSoftware/Brave-Browser/NativeMessagingHosts/dev.goose_browser.host.json`,
      vivaldi: `${S}/Vivaldi/NativeMessagingHosts/dev.goose_browser.host.json`,
      firefox: `${S}/Mozilla/NativeMessagingHosts/dev.goose_browser.host.json`,
    });
    const ff = browserTargets(mac).find((x) => x.id === "firefox")!;
    expect(ff.where === "dir" && ff.presence).toEqual([`${S}/Firefox`, `${S}/Mozilla`]);
  });

  it("Windows: one HKCU key per brand", () => {
    expect(manifestFiles(win)).toEqual({
      chrome: "HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\dev.goose_browser.host",
      chromium: "HKCU\\Software\\Chromium\\NativeMessagingHosts\\dev.goose_browser.host",
      edge: "HKCU\\Software\\Microsoft\\Edge\\NativeMessagingHosts\\dev.goose_browser.host",
      brave: "HKCU\\Software\\BraveSoftware\\Brave-Browser\\NativeMessagingHosts\\dev.goose_browser.host",
      vivaldi: "HKCU\\Software\\Vivaldi\\NativeMessagingHosts\\dev.goose_browser.host",
      firefox: "HKCU\\Software\\Mozilla\\NativeMessagingHosts\\dev.goose_browser.host",
    });
  });

  it("--browser picks a brand (all its channels) or one channel", () => {
    const ids = (w: string[]) => selectTargets(browserTargets(linux), w).map((t) => t.id);
    expect(ids(["chrome"])).toEqual(["chrome", "chrome-beta", "chrome-dev"]);
    expect(ids(["chrome-beta", "firefox"])).toEqual(["chrome-beta", "firefox"]);
    expect(ids([])).toHaveLength(10);
  });

  it("knows the Flatpak and Snap dirs of sandboxed browsers on Linux only", () => {
    expect(sandboxedCandidates(linux).map((s) => s.dir)).toEqual([
      "/home/me/.var/app/com.google.Chrome",
      "/home/me/.var/app/org.chromium.Chromium",
      "/home/me/.var/app/com.microsoft.Edge",
      "/home/me/.var/app/com.brave.Browser",
      "/home/me/.var/app/com.vivaldi.Vivaldi",
      "/home/me/.var/app/org.mozilla.firefox",
      "/home/me/snap/chromium",
    ]);
    for (const s of sandboxedCandidates(linux)) expect(s.fix.length).toBeGreaterThan(10);
    expect(sandboxedCandidates(mac)).toEqual([]);
    expect(sandboxedCandidates(win)).toEqual([]);
  });
});

describe("manifests", () => {
  it("Chromium family: exact JSON with the extension origins", () => {
    const text = manifestText(
      chromiumManifest("/home/me/.local/share/goose-browser/goose-browser-host", [
        "pnljljcndaiadglpnlgkgmginmofjkch",
        "abcdefghijklmnopabcdefghijklmnop",
      ]),
    );
    expect(text).toBe(
      `{
  "name": "dev.goose_browser.host",
  "description": "goose-browser: runs a local ACP agent (goose) for the goose browser extension",
  "path": "/home/me/.local/share/goose-browser/goose-browser-host",
  "type": "stdio",
  "allowed_origins": [
    "chrome-extension://pnljljcndaiadglpnlgkgmginmofjkch/",
    "chrome-extension://abcdefghijklmnopabcdefghijklmnop/"
  ]
}
`,
    );
  });

  it("Firefox: exact JSON with the add-on id; Windows paths are escaped JSON strings", () => {
    expect(JSON.parse(manifestText(firefoxManifest("C:\\Users\\me\\AppData\\Local\\goose-browser\\goose-browser-host.bat")))).toEqual({
      name: "dev.goose_browser.host",
      description: "goose-browser: runs a local ACP agent (goose) for the goose browser extension",
      path: "C:\\Users\\me\\AppData\\Local\\goose-browser\\goose-browser-host.bat",
      type: "stdio",
      allowed_extensions: ["goose-browser@goose-browser.dev"],
    });
  });
});

describe("launcher", () => {
  it("POSIX: execs node by absolute path; doctor reads the paths back, quotes included", () => {
    const text = launcherScript("linux", "/opt/it's/node", "/home/me/.local/share/goose-browser/host.cjs");
    expect(text).toBe(
      "#!/bin/sh\n# goose-browser native-messaging host launcher (generated; do not edit)\n" +
        `export GOOSE_BROWSER_GLIBC_TUNABLES="\${GLIBC_TUNABLES-}"\n` +
        `export GLIBC_TUNABLES="glibc.malloc.arena_max=1\${GLIBC_TUNABLES:+:$GLIBC_TUNABLES}"\n` +
        "exec '/opt/it'\\''s/node' --expose-gc --max-semi-space-size=2 --min-semi-space-size=2 '/home/me/.local/share/goose-browser/host.cjs' \"$@\"\n",
    );
    // glibc's tunables only where glibc is the C library.
    expect(launcherScript("darwin", "/opt/node", "/h/host.cjs")).toBe(
      "#!/bin/sh\n# goose-browser native-messaging host launcher (generated; do not edit)\n" +
        "exec '/opt/node' --expose-gc --max-semi-space-size=2 --min-semi-space-size=2 '/h/host.cjs' \"$@\"\n",
    );
    expect(parseLauncher("linux", text)).toEqual({
      node: "/opt/it's/node",
      flags: ["--expose-gc", "--max-semi-space-size=2", "--min-semi-space-size=2"],
      bundle: "/home/me/.local/share/goose-browser/host.cjs",
    });
    // Launchers written before the flags, or before the second one, still read.
    for (const flags of [[], ["--expose-gc"]]) {
      expect(parseLauncher("linux", `exec '/usr/bin/node' ${flags.map((f) => `${f} `).join("")}'/h/host.cjs' "$@"\n`)).toEqual({
        node: "/usr/bin/node",
        flags,
        bundle: "/h/host.cjs",
      });
    }
    expect(parseLauncher("linux", "#!/bin/sh\nexec node host.cjs\n")).toBeUndefined();
  });

  it("Windows: a .bat that prints nothing", () => {
    const text = launcherScript("win32", "C:\\Program Files\\nodejs\\node.exe", "C:\\Users\\me\\AppData\\Local\\goose-browser\\host.cjs");
    expect(text).toBe(
      '@echo off\r\n"C:\\Program Files\\nodejs\\node.exe" --expose-gc --max-semi-space-size=2 --min-semi-space-size=2 "C:\\Users\\me\\AppData\\Local\\goose-browser\\host.cjs" %*\r\n',
    );
    expect(parseLauncher("win32", '@echo off\r\n"C:\\n\\node.exe" --expose-gc "C:\\h\\host.cjs" %*\r\n')).toEqual({
      node: "C:\\n\\node.exe",
      flags: ["--expose-gc"],
      bundle: "C:\\h\\host.cjs",
    });
    expect(parseLauncher("win32", text)).toEqual({
      node: "C:\\Program Files\\nodejs\\node.exe",
      flags: ["--expose-gc", "--max-semi-space-size=2", "--min-semi-space-size=2"],
      bundle: "C:\\Users\\me\\AppData\\Local\\goose-browser\\host.cjs",
    });
    expect(() => launcherScript("win32", "C:\\a&b\\node.exe", "C:\\x\\host.cjs")).toThrow(/cmd\.exe/);
  });

  it("the standalone executable: started as it is, no node; read back with no node", () => {
    const exe = "/home/me/.local/share/goose-browser/host/0.2.0/goose-browser-host";
    const text = launcherScript("linux", undefined, exe);
    expect(text).toBe(
      "#!/bin/sh\n# goose-browser native-messaging host launcher (generated; do not edit)\n" +
        `export GOOSE_BROWSER_GLIBC_TUNABLES="\${GLIBC_TUNABLES-}"\n` +
        `export GLIBC_TUNABLES="glibc.malloc.arena_max=1\${GLIBC_TUNABLES:+:$GLIBC_TUNABLES}"\n` +
        `exec '${exe}' "$@"\n`,
    );
    expect(parseLauncher("linux", text)).toEqual({ flags: [], bundle: exe });
    expect(parseLauncher("darwin", launcherScript("darwin", undefined, "/it's/x"))).toEqual({ flags: [], bundle: "/it's/x" });
    const win = "C:\\Users\\me\\AppData\\Local\\goose-browser\\host\\0.2.0\\goose-browser-host.exe";
    expect(launcherScript("win32", undefined, win)).toBe(`@echo off\r\n"${win}" %*\r\n`);
    expect(parseLauncher("win32", launcherScript("win32", undefined, win))).toEqual({ flags: [], bundle: win });
    expect(() => launcherScript("win32", undefined, "C:\\a%b\\x.exe")).toThrow(/cmd\.exe/);
  });
});

describe("hostFileName", () => {
  it("names the bundle host.cjs and the executable after the launcher, .exe on Windows", () => {
    expect(hostFileName("linux", false)).toBe("host.cjs");
    expect(hostFileName("win32", false)).toBe("host.cjs");
    expect(hostFileName("darwin", true)).toBe("goose-browser-host");
    expect(hostFileName("win32", true)).toBe("goose-browser-host.exe");
  });
});
