/** Windows install logic on any OS: the plan for a win32 machine, its registry keys through the fake, and their removal. */
import { describe, expect, it } from "vitest";
import { applyActions } from "../../install-scripts/apply";
import { browserTargets } from "../../install-scripts/browsers";
import { installLayout } from "../../install-scripts/layout";
import { type InstallFacts, planInstall } from "../../install-scripts/plan";
import { MemoryRegistry, parseRegQueryDefault } from "../../install-scripts/registry";
import { removeRegistryKeys } from "../../install-scripts/uninstall";
import type { PlatformInfo } from "../../native-host/setup/paths";
import { CHROMIUM_EXTENSION_IDS, chromeOrigin } from "../../shared/extension-ids";

const win: PlatformInfo = {
  platform: "win32",
  home: "C:\\Users\\me",
  env: {
    LOCALAPPDATA: "C:\\Users\\me\\AppData\\Local",
    APPDATA: "C:\\Users\\me\\AppData\\Roaming",
    Path: "C:\\Windows\\System32;C:\\Program Files\\nodejs",
  },
};
const DATA = "C:\\Users\\me\\AppData\\Local\\goose-browser";
const CHROMIUM_JSON = `${DATA}\\dev.goose_browser.host.chromium.json`;
const FIREFOX_JSON = `${DATA}\\dev.goose_browser.host.firefox.json`;

function facts(): InstallFacts {
  return {
    p: win,
    hostVersion: "0.1.0",
    sourceBundle: "C:\\src\\goose-browser\\dist\\native-host\\host.cjs",
    sourceBundleExists: true,
    bundleFile: `${DATA}\\host\\0.1.0\\host.cjs`,
    layout: installLayout(win),
    targets: browserTargets(win),
    presentVia: {},
    sandboxed: [],
    node: { path: "C:\\Program Files\\nodejs\\node.exe", version: "v22.1.0" },
    loginPath: { source: "environment", path: "C:\\Windows\\System32;C:\\Program Files\\nodejs", why: "Windows: the current PATH" },
    config: { file: "C:\\Users\\me\\AppData\\Roaming\\goose-browser\\host.json", exists: false },
    goose: { chosen: "C:\\Users\\me\\.local\\bin\\goose.exe", version: { ok: true, version: "1.50.0" } },
    agents: [],
  };
}

describe("Windows install plan", () => {
  it("writes the bundle, a silent .bat launcher, two manifest files and a key per brand", () => {
    const plan = planInstall(facts(), { browsers: [], extensionIds: [], agents: [] });
    expect(plan.ok).toBe(true);
    const files = plan.actions.flatMap((a) => (a.kind === "file" ? [[a.role, a.path, a.mode]] : []));
    expect(files).toEqual([
      ["bundle", `${DATA}\\host\\0.1.0\\host.cjs`, 0o644],
      ["launcher", `${DATA}\\goose-browser-host.bat`, 0o755],
      ["config", "C:\\Users\\me\\AppData\\Roaming\\goose-browser\\host.json", 0o600],
      ["manifest", CHROMIUM_JSON, 0o644],
      ["manifest", FIREFOX_JSON, 0o644],
    ]);
    const launcher = plan.actions.find((a) => a.kind === "file" && a.role === "launcher");
    expect(launcher?.kind === "file" && "text" in launcher.content && launcher.content.text).toBe(
      `@echo off\r\n"C:\\Program Files\\nodejs\\node.exe" --expose-gc --max-semi-space-size=2 --min-semi-space-size=2 "${DATA}\\host\\0.1.0\\host.cjs" %*\r\n`,
    );
    const chromium = plan.actions.find((a) => a.kind === "file" && a.path === CHROMIUM_JSON);
    expect(chromium?.kind === "file" && "text" in chromium.content && JSON.parse(chromium.content.text)).toMatchObject({
      path: `${DATA}\\goose-browser-host.bat`,
      allowed_origins: CHROMIUM_EXTENSION_IDS.map(chromeOrigin),
    });
    const config = plan.actions.find((a) => a.kind === "file" && a.role === "config");
    expect(config?.kind === "file" && "text" in config.content && JSON.parse(config.content.text)).toEqual({
      defaultProfile: "goose",
      profiles: { goose: { command: "C:\\Users\\me\\.local\\bin\\goose.exe", args: ["acp"] } },
      cwd: "C:\\Users\\me",
      path: "C:\\Windows\\System32;C:\\Program Files\\nodejs",
    });
  });

  it("sets each HKCU key's default value to the family's manifest file, then removes exactly those keys", async () => {
    const plan = planInstall(facts(), { browsers: [], extensionIds: [], agents: [] });
    const registry = new MemoryRegistry();
    await registry.set("HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\com.other.host", "C:\\other.json");
    const keyActions = plan.actions.filter((a) => a.kind === "registry");
    const applied = await applyActions(keyActions, registry, false);
    expect(applied.results.map((r) => r.outcome)).toEqual(Array(6).fill("created"));
    expect(registry.snapshot()).toEqual({
      "HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\com.other.host": "C:\\other.json",
      "HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\dev.goose_browser.host": CHROMIUM_JSON,
      "HKCU\\Software\\Chromium\\NativeMessagingHosts\\dev.goose_browser.host": CHROMIUM_JSON,
      "HKCU\\Software\\Microsoft\\Edge\\NativeMessagingHosts\\dev.goose_browser.host": CHROMIUM_JSON,
      "HKCU\\Software\\BraveSoftware\\Brave-Browser\\NativeMessagingHosts\\dev.goose_browser.host": CHROMIUM_JSON,
      "HKCU\\Software\\Vivaldi\\NativeMessagingHosts\\dev.goose_browser.host": CHROMIUM_JSON,
      "HKCU\\Software\\Mozilla\\NativeMessagingHosts\\dev.goose_browser.host": FIREFOX_JSON,
    });

    // A re-run finds every key in place.
    expect((await applyActions(keyActions, registry, false)).results.map((r) => r.outcome)).toEqual(Array(6).fill("unchanged"));

    const keys = keyActions.map((a) => (a.kind === "registry" ? { key: a.key, value: a.value, what: a.what } : undefined)!);
    await registry.delete(keys[1]!.key); // already gone: tolerated
    const removed = await removeRegistryKeys(
      [...keys, { key: "HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\com.other.host", value: "x", what: "a foreign key" }],
      registry,
      false,
    );
    expect(removed.map((f) => f.severity)).toEqual(["ok", "info", "ok", "ok", "ok", "ok", "problem"]);
    expect(registry.snapshot()).toEqual({ "HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\com.other.host": "C:\\other.json" });
  });

  it("--browser firefox writes only the Firefox manifest and key; a dry run sets nothing", async () => {
    const plan = planInstall(facts(), { browsers: ["firefox"], extensionIds: [], agents: [] });
    const targets = plan.actions.flatMap((a) => (a.kind === "registry" ? [a.key] : a.role === "manifest" ? [a.path] : []));
    expect(targets).toEqual([FIREFOX_JSON, "HKCU\\Software\\Mozilla\\NativeMessagingHosts\\dev.goose_browser.host"]);
    const registry = new MemoryRegistry();
    const dry = await applyActions(
      plan.actions.filter((a) => a.kind === "registry"),
      registry,
      true,
    );
    expect(dry.results.map((r) => r.outcome)).toEqual(["created"]);
    expect(registry.snapshot()).toEqual({});
  });

  it("refuses an unknown --browser, naming the known ones", () => {
    const plan = planInstall(facts(), { browsers: ["safari"], extensionIds: [], agents: [] });
    expect(plan.ok).toBe(false);
    expect(plan.findings[0]).toMatchObject({
      severity: "problem",
      message: "unknown browser safari",
      fix: "use one of chrome, chromium, edge, brave, vivaldi, firefox",
    });
  });

  it("refuses a node path cmd.exe would misread", () => {
    const f = facts();
    f.node = { path: "C:\\R&D\\node.exe", version: "v22.1.0" };
    const plan = planInstall(f, { browsers: [], extensionIds: [], agents: [] });
    expect(plan.ok).toBe(false);
    expect(plan.findings[0]).toMatchObject({ severity: "problem", subject: "launcher" });
  });
});

describe("reg.exe output", () => {
  it("reads the default value whatever the localized label", () => {
    const out = (label: string) =>
      "\r\nHKEY_CURRENT_USER\\Software\\Google\\Chrome\\NativeMessagingHosts\\dev.goose_browser.host\r\n" +
      `    ${label}    REG_SZ    C:\\Users\\me\\AppData\\Local\\goose-browser\\x.json\r\n\r\n`;
    expect(parseRegQueryDefault(out("(Default)"))).toBe("C:\\Users\\me\\AppData\\Local\\goose-browser\\x.json");
    expect(parseRegQueryDefault(out("(Standard)"))).toBe("C:\\Users\\me\\AppData\\Local\\goose-browser\\x.json");
    expect(parseRegQueryDefault(out("(Valeur par défaut)"))).toBe("C:\\Users\\me\\AppData\\Local\\goose-browser\\x.json");
    expect(parseRegQueryDefault("\r\nHKEY_CURRENT_USER\\Software\\X\r\n")).toBeUndefined();
  });
});
