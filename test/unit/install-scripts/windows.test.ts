/** Windows install logic on any OS: the plan for a win32 machine, its registry keys through the fake, and their removal. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyActions } from "../../../install-scripts/apply/apply";
import { emptyReceipt, parseReceipt, serializeReceipt } from "../../../install-scripts/apply/receipt";
import { removeCreatedKeys, removeRegistryKeys } from "../../../install-scripts/apply/uninstall";
import { browserTargets } from "../../../install-scripts/browsers/browsers";
import { installLayout } from "../../../install-scripts/browsers/layout";
import { MemoryRegistry, parseRegQueryDefault, regQueryIsEmpty } from "../../../install-scripts/browsers/registry";
import { gatherInstallFacts } from "../../../install-scripts/plan/facts";
import { type InstallFacts, planInstall } from "../../../install-scripts/plan/plan";
import type { PlatformInfo } from "../../../native-host/setup/paths";
import { CHROMIUM_EXTENSION_IDS, chromeOrigin } from "../../../shared/extension-ids";

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
    executable: false,
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

  it("says once, and rightly, which PATH it recorded: the current one (Windows has no login shell to ask)", () => {
    const plan = planInstall(facts(), { browsers: [], extensionIds: [], agents: [] });
    expect(plan.configChanges).toContain("path: recorded your current PATH");
    const said = [...plan.configChanges, ...plan.findings.map((f) => `${f.subject}: ${f.message}`)].filter((t) => /PATH/.test(t));
    expect(said).toEqual(["path: recorded your current PATH"]);
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

  it("uninstall leaves no empty parent key it created, and no key that holds anything else", async () => {
    const registry = new MemoryRegistry();
    // Chrome's key tree is there already, with another host in it; Vivaldi and the rest are not.
    await registry.set("HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\com.other.host", "C:\\other.json");
    const before = registry.keyList();
    const plan = planInstall(facts(), { browsers: [], extensionIds: [], agents: [] });
    const applied = await applyActions(
      plan.actions.filter((a) => a.kind === "registry"),
      registry,
      false,
    );
    expect(applied.createdKeys).toContain("HKCU\\Software\\Vivaldi");
    expect(applied.createdKeys).toContain("HKCU\\Software\\Vivaldi\\NativeMessagingHosts");
    expect(applied.createdKeys.filter((k) => k.includes("Google"))).toEqual([]);

    const receipt = emptyReceipt({ hostVersion: "0.1.0", platform: "win32", dataDir: DATA, launcher: `${DATA}\\x.bat` }, "C:\\c.json");
    for (const r of applied.results)
      if (r.action.kind === "registry") receipt.registryKeys.push({ key: r.action.key, value: r.action.value, what: r.action.what });
    receipt.createdKeys.push(...applied.createdKeys, "HKCU\\Software\\Unrelated");
    const stored = parseReceipt(serializeReceipt(receipt));
    expect(stored.createdKeys).toEqual([...receipt.createdKeys].sort());
    // Something of the user's appears under a key install created: that key stays.
    await registry.set("HKCU\\Software\\Mozilla\\Firefox\\Setting", "x");
    // An empty key of someone else's that a damaged receipt names: not a parent of ours, so it stays.
    await registry.set("HKCU\\Software\\Unrelated\\x", "user's");
    await registry.delete("HKCU\\Software\\Unrelated\\x");

    await removeRegistryKeys(stored.registryKeys, registry, false);
    const found = await removeCreatedKeys(stored, registry);
    expect(found[0]?.message).toMatch(/^removed \d+ empty keys it had created/);
    expect(registry.keyList()).toEqual(
      [
        ...before,
        "HKCU\\Software\\Mozilla",
        "HKCU\\Software\\Mozilla\\Firefox",
        "HKCU\\Software\\Mozilla\\Firefox\\Setting",
        "HKCU\\Software\\Unrelated",
      ].sort(),
    );
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

describe("Windows --agent with an npm .cmd shim", () => {
  it("gathers the shim, checks it as the host would start it (node and its script), and writes its profile", async () => {
    // A real file: a rooted path such as /tmp/… is absolute to path.win32 too.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-win-agent-"));
    try {
      const shim = path.join(dir, "goose.cmd");
      fs.writeFileSync(
        shim,
        '@IF EXIST "%~dp0\\node.exe" (\r\n  "%~dp0\\node.exe"  "%~dp0\\node_modules\\goose\\cli.js" %*\r\n) ELSE (\r\n  node  "%~dp0\\node_modules\\goose\\cli.js" %*\r\n)\r\n',
        {
          mode: 0o755,
        },
      );
      const p: PlatformInfo = { platform: "win32", home: dir, env: { APPDATA: dir, LOCALAPPDATA: dir, Path: "C:\\Windows" } };
      const agents = [{ name: "goose", command: shim, args: ["acp"] }];
      const f = await gatherInstallFacts(
        { p, execPath: process.execPath, nodeVersion: "v22.1.0", sourceBundle: path.join(dir, "absent.cjs"), hostVersion: "0.1.0" },
        agents,
      );
      // No node beside the shim or on this PATH: the check says so (before, Windows' spawn threw EINVAL and the install died).
      expect(f.agents).toEqual([
        {
          ...agents[0],
          resolved: shim,
          version: { ok: false, kind: "failed", message: expect.stringMatching(/cannot be run: .*goose\.cmd runs its script with node/) },
        },
      ]);
      const plan = planInstall({ ...facts(), agents: f.agents }, { browsers: [], extensionIds: [], agents });
      expect(plan.ok).toBe(true);
      const config = plan.actions.find((a) => a.kind === "file" && a.role === "config");
      expect(config?.kind === "file" && "text" in config.content && JSON.parse(config.content.text).profiles.goose).toEqual({
        command: shim,
        args: ["acp"],
      });
      expect(plan.findings.find((x) => x.subject === "agent goose")).toMatchObject({ severity: "warn" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("reg.exe output", () => {
  it("calls a key empty only when `reg query` prints nothing but its name", () => {
    const key = "HKEY_CURRENT_USER\\Software\\Vivaldi\\NativeMessagingHosts";
    expect(regQueryIsEmpty(`\r\n${key}\r\n\r\n`)).toBe(true);
    expect(regQueryIsEmpty(`\r\n${key}\r\n${key}\\com.other.host\r\n\r\n`)).toBe(false);
    expect(regQueryIsEmpty(`\r\n${key}\r\n    (Default)    REG_SZ    (value not set)\r\n\r\n`)).toBe(false);
  });

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
