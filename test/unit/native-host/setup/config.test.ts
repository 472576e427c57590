import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, parseConfig, profileNamed } from "../../../../native-host/setup/config";
import { configFile, defaultLogFile, type PlatformInfo } from "../../../../native-host/setup/paths";

const linux: PlatformInfo = { platform: "linux", home: "/home/me", env: {} };
const mac: PlatformInfo = { platform: "darwin", home: "/Users/me", env: {} };
const win: PlatformInfo = {
  platform: "win32",
  home: "C:\\Users\\me",
  env: { APPDATA: "C:\\Users\\me\\AppData\\Roaming", LOCALAPPDATA: "C:\\Users\\me\\AppData\\Local" },
};

describe("per-OS paths", () => {
  it("puts the config file in each OS's config dir, overridable by one variable", () => {
    expect(configFile(linux)).toBe("/home/me/.config/goose-browser/host.json");
    expect(configFile({ ...linux, env: { XDG_CONFIG_HOME: "/x" } })).toBe("/x/goose-browser/host.json");
    expect(configFile(mac)).toBe("/Users/me/Library/Application Support/goose-browser/host.json");
    expect(configFile(win)).toBe("C:\\Users\\me\\AppData\\Roaming\\goose-browser\\host.json");
    expect(configFile({ ...mac, env: { GOOSE_BROWSER_HOST_CONFIG: "/tmp/c.json" } })).toBe("/tmp/c.json");
  });

  it("puts the log in each OS's state dir", () => {
    expect(defaultLogFile(linux)).toBe("/home/me/.local/state/goose-browser/host.log");
    expect(defaultLogFile({ ...linux, env: { XDG_STATE_HOME: "/s" } })).toBe("/s/goose-browser/host.log");
    expect(defaultLogFile(mac)).toBe("/Users/me/Library/Logs/goose-browser/host.log");
    expect(defaultLogFile(win)).toBe("C:\\Users\\me\\AppData\\Local\\goose-browser\\host.log");
  });
});

describe("host config", () => {
  it("defaults to goose ≥ 1.16.0 in the home directory", () => {
    const c = parseConfig({}, linux);
    expect(c.defaultProfile).toBe("goose");
    expect(c.profiles.goose).toEqual({
      command: "goose",
      args: ["acp"],
      env: {},
      minVersion: "1.16.0",
      versionArgs: ["--version"],
      serveFiles: true,
    });
    expect(c.cwd).toBe("/home/me");
    expect(c.debug).toBe(false);
  });

  it("reads profiles for other ACP agents; a goose profile keeps goose's version check", () => {
    const c = parseConfig(
      {
        defaultProfile: "claude",
        profiles: {
          goose: { command: "/opt/goose" },
          claude: { command: "claude-agent-acp", env: { A: "1" } },
          gemini: { command: "gemini", args: ["--experimental-acp"], minVersion: "0.2.0" },
        },
        cwd: "/work",
        path: "/a:/b",
        debug: true,
      },
      linux,
    );
    expect(Object.keys(c.profiles)).toEqual(["goose", "claude", "gemini"]);
    expect(c.profiles.goose).toMatchObject({ command: "/opt/goose", args: ["acp"], minVersion: "1.16.0" });
    expect(c.profiles.claude).toEqual({
      command: "claude-agent-acp",
      args: [],
      env: { A: "1" },
      versionArgs: ["--version"],
      serveFiles: false,
    });
    expect(c.profiles.gemini!.minVersion).toBe("0.2.0");
    expect(c).toMatchObject({ defaultProfile: "claude", cwd: "/work", path: "/a:/b", debug: true });
    expect(parseConfig({ profiles: { goose: { minVersion: null } } }, linux).profiles.goose!.minVersion).toBeUndefined();
  });

  it("ignores fields it does not know and takes the extension ids it is given", () => {
    const c = parseConfig(
      { future: { x: 1 }, profiles: { x: { command: "x", later: true } }, allowedExtensionIds: ["a".repeat(32)] },
      linux,
    );
    expect(c.profiles.x).toEqual({ command: "x", args: [], env: {}, versionArgs: ["--version"], serveFiles: false });
    expect(c.allowedExtensionIds).toEqual(["a".repeat(32)]);
  });

  it("serves the agent's files for goose unless turned off, for another agent only when turned on", () => {
    const c = parseConfig(
      {
        profiles: {
          goose: { command: "/opt/goose" },
          off: { command: "goose", serveFiles: false },
          gemini: { command: "gemini", serveFiles: true },
          claude: { command: "claude" },
        },
      },
      linux,
    );
    expect([c.profiles.goose, c.profiles.off, c.profiles.gemini, c.profiles.claude].map((p) => p!.serveFiles)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(parseConfig({ profiles: { goose: { serveFiles: false } } }, linux).profiles.goose!.serveFiles).toBe(false);
    expect(() => parseConfig({ profiles: { goose: { serveFiles: "yes" } } }, linux)).toThrow(
      "profiles.goose.serveFiles must be true or false",
    );
  });

  it("takes a browser tool call's time-out, and leaves it to the shared default when absent", () => {
    expect(parseConfig({ toolCallTimeoutMs: 600 }, linux).toolCallTimeoutMs).toBe(600);
    expect(parseConfig({}, linux)).not.toHaveProperty("toolCallTimeoutMs");
  });

  it("takes versionArgs: [] as no version check, which cannot go with a minimum", () => {
    expect(parseConfig({ profiles: { goose: { versionArgs: [] } } }, linux).profiles.goose).toEqual({
      command: "goose",
      args: ["acp"],
      env: {},
      versionArgs: [],
      serveFiles: true,
    });
    expect(() => parseConfig({ profiles: { x: { command: "x", versionArgs: [], minVersion: "1.0.0" } } }, linux)).toThrow(
      "profiles.x.minVersion needs versionArgs to check it with",
    );
  });

  it.each([
    [[], "the config must be an object"],
    [{ defaultProfile: "nope" }, 'defaultProfile "nope" is not in profiles'],
    [{ cwd: "relative/dir" }, "cwd must be an absolute path"],
    [{ profiles: { x: {} } }, "profiles.x.command is required"],
    [{ profiles: { x: { command: "x", args: "acp" } } }, "profiles.x.args must be a list of strings"],
    [{ profiles: { x: { command: "x", env: { K: 1 } } } }, "profiles.x.env.K must be a string"],
    [{ allowedExtensionIds: ["not-an-id"] }, "allowedExtensionIds"],
    [{ debug: "yes" }, "debug must be true or false"],
    [{ toolCallTimeoutMs: 0 }, "toolCallTimeoutMs must be a whole number of milliseconds above 0"],
    [{ toolCallTimeoutMs: "600" }, "toolCallTimeoutMs must be a whole number of milliseconds above 0"],
    [{ profiles: [] }, "profiles must be an object"],
    [{ profiles: { x: "goose" } }, "profiles.x must be an object"],
    [{ profiles: { x: { command: "" } } }, "profiles.x.command must be a non-empty string"],
    [{ profiles: { x: { command: "x", versionArgs: [1] } } }, "profiles.x.versionArgs must be a list of strings"],
    [{ profiles: { x: { command: "x", minVersion: 3 } } }, "profiles.x.minVersion must be a non-empty string"],
    [{ logFile: 3 }, "logFile must be a non-empty string"],
    [{ defaultProfile: "" }, "defaultProfile must be a non-empty string"],
    [{ path: null }, "path must be a non-empty string"],
    [{ profiles: { x: { command: "x", env: ["A=1"] } } }, "profiles.x.env must be an object"],
    [{ profiles: { x: { command: "x", minVersion: "" } } }, "profiles.x.minVersion must be a non-empty string"],
    [{ allowedExtensionIds: "pnljljcndaiadglpnlgkgmginmofjkch" }, "allowedExtensionIds must be a list of 32-letter extension ids"],
    [JSON.parse('{"profiles":{"__proto__":{"command":"x"}}}'), "profiles.__proto__ is not a usable profile name"],
  ])("rejects %j with a message naming the field", (raw, message) => {
    expect(() => parseConfig(raw, linux)).toThrow(message);
  });

  it.each([
    "constructor",
    "__proto__",
    "toString",
    "hasOwnProperty",
    "valueOf",
  ])("finds no profile named %s unless one is configured", (name) => {
    const c = parseConfig({}, linux);
    expect(profileNamed(c, name)).toBeUndefined();
    expect(profileNamed(c, "goose")?.command).toBe("goose");
    expect(() => parseConfig({ defaultProfile: name }, linux)).toThrow(`defaultProfile "${name}" is not in profiles`);
  });

  it("keeps profiles named like built-in properties as ordinary profiles", () => {
    const c = parseConfig(
      { defaultProfile: "constructor", profiles: { constructor: { command: "c" }, toString: { command: "t" } } },
      linux,
    );
    expect(profileNamed(c, "constructor")?.command).toBe("c");
    expect(profileNamed(c, "toString")?.command).toBe("t");
    expect(Object.keys(c.profiles)).toEqual(["goose", "constructor", "toString"]);
    expect(profileNamed(c, 5)).toBeUndefined();
  });

  it("loads a file, reports a broken one, and uses defaults when there is none", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-config-"));
    const file = path.join(dir, "host.json");
    const absent = loadConfig(file, linux);
    expect(absent).toMatchObject({ found: false, config: { defaultProfile: "goose" } });
    expect(absent.error).toBeUndefined();
    fs.writeFileSync(file, "{ not json");
    const broken = loadConfig(file, linux);
    expect(broken.found).toBe(true);
    expect(broken.error).toContain(`${file} is not a valid host config`);
    fs.writeFileSync(file, JSON.stringify({ profiles: { x: { command: "x", env: { K: 1 } } } }));
    expect(loadConfig(file, linux).error).toBe(`${file} is not a valid host config: profiles.x.env.K must be a string`);
    fs.writeFileSync(file, JSON.stringify({ cwd: "/srv" }));
    expect(loadConfig(file, linux)).toMatchObject({ found: true, config: { cwd: "/srv" } });
    expect(loadConfig(file, linux).error).toBeUndefined();
  });
});
