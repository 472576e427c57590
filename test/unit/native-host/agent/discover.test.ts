import { describe, expect, it } from "vitest";
import { agentPath, discoverAgent } from "../../../../native-host/agent/discover";
import type { PlatformInfo } from "../../../../native-host/setup/paths";
import { compareVersions, parseVersion } from "../../../../shared/version";

const only =
  (...files: string[]) =>
  (f: string) =>
    files.includes(f);

describe("discoverAgent", () => {
  const linux: PlatformInfo = { platform: "linux", home: "/home/me", env: { PATH: "/usr/bin:/bin" } };

  it("uses a configured absolute path and nothing else", () => {
    expect(discoverAgent("/opt/goose/goose", linux, undefined, only("/opt/goose/goose"))).toEqual({
      found: "/opt/goose/goose",
      searched: ["/opt/goose/goose"],
    });
    expect(discoverAgent("/opt/goose/goose", linux, undefined, only("/usr/bin/goose"))).toEqual({ searched: ["/opt/goose/goose"] });
  });

  it("searches the recorded PATH, then the browser's PATH, then the Linux install dirs, in order", () => {
    const r = discoverAgent("goose", linux, "/rec/bin", () => false);
    expect(r.searched).toEqual([
      "/rec/bin/goose",
      "/usr/bin/goose",
      "/bin/goose",
      "/home/me/.local/bin/goose",
      "/usr/local/bin/goose",
      "/usr/share/goose/bin/goose",
    ]);
    expect(discoverAgent("goose", linux, undefined, only("/home/me/.local/bin/goose", "/usr/local/bin/goose")).found).toBe(
      "/home/me/.local/bin/goose",
    );
  });

  it("leaves npm's node_modules/.bin and helper dirs (npm start's PATH) out of the search and its report", () => {
    const npmRun: PlatformInfo = {
      platform: "linux",
      home: "/home/me",
      env: {
        PATH: [
          "/src/goose-browser/node_modules/.bin",
          "/src/node_modules/.bin",
          "/node_modules/.bin",
          "/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin",
          "/usr/bin",
        ].join(":"),
      },
    };
    const r = discoverAgent("goose", npmRun, undefined, (f) => f.includes("node_modules"));
    expect(r).toEqual({
      searched: ["/usr/bin/goose", "/home/me/.local/bin/goose", "/usr/local/bin/goose", "/usr/share/goose/bin/goose"],
    });
    const win: PlatformInfo = { platform: "win32", home: "C:\\Users\\me", env: { Path: "C:\\src\\node_modules\\.bin;C:\\Tools" } };
    expect(discoverAgent("goose", win, undefined, () => false).searched[0]).toBe("C:\\Tools\\goose.com");
  });

  it("searches the macOS dirs and never picks goose Desktop's app binary", () => {
    const mac: PlatformInfo = { platform: "darwin", home: "/Users/me", env: { PATH: "/Applications/Goose.app/Contents/MacOS:/usr/bin" } };
    const r = discoverAgent("goose", mac, undefined, () => false);
    expect(r.searched).toEqual(["/usr/bin/goose", "/Users/me/.local/bin/goose", "/opt/homebrew/bin/goose", "/usr/local/bin/goose"]);
    const desktop = discoverAgent("/Applications/Goose.app/Contents/MacOS/goose", mac, undefined, () => true);
    expect(desktop.found).toBeUndefined();
    expect(desktop.refused).toMatch(/Desktop app/);
  });

  it("looks for goose with each PATHEXT extension in the Windows locations", () => {
    const win: PlatformInfo = {
      platform: "win32",
      home: "C:\\Users\\me",
      env: {
        Path: "C:\\Windows\\System32",
        USERPROFILE: "C:\\Users\\me",
        LOCALAPPDATA: "C:\\Users\\me\\AppData\\Local",
        PATHEXT: ".EXE;.CMD;.VBS",
      },
    };
    expect(discoverAgent("goose", win, undefined, () => false).searched).toEqual([
      "C:\\Windows\\System32\\goose.exe",
      "C:\\Windows\\System32\\goose.cmd",
      "C:\\Users\\me\\.local\\bin\\goose.exe",
      "C:\\Users\\me\\.local\\bin\\goose.cmd",
      "C:\\Users\\me\\AppData\\Local\\Goose\\goose.exe",
      "C:\\Users\\me\\AppData\\Local\\Goose\\goose.cmd",
    ]);
  });

  it("finds an npm-installed agent's .cmd shim by its bare name (PATHEXT's default), and a name with its extension as it is", () => {
    const win: PlatformInfo = {
      platform: "win32",
      home: "C:\\Users\\me",
      env: { Path: "C:\\nodejs;C:\\Users\\me\\AppData\\Roaming\\npm" },
    };
    const shim = "C:\\Users\\me\\AppData\\Roaming\\npm\\claude-agent-acp.cmd";
    const r = discoverAgent("claude-agent-acp", win, undefined, only(shim));
    expect(r.found).toBe(shim);
    expect(r.searched.slice(0, 4)).toEqual([".com", ".exe", ".bat", ".cmd"].map((e) => `C:\\nodejs\\claude-agent-acp${e}`));
    expect(discoverAgent("claude-agent-acp.cmd", win, undefined, only(shim)).found).toBe(shim);
    expect(discoverAgent("claude-agent-acp.cmd", win, undefined, () => false).searched[0]).toBe("C:\\nodejs\\claude-agent-acp.cmd");
  });

  it("refuses relative paths with directories (they would depend on the host's cwd)", () => {
    const r = discoverAgent("bin/goose", linux, undefined, () => true);
    expect(r.found).toBeUndefined();
    expect(r.refused).toContain("absolute");
  });

  it("gives the agent a PATH with the recorded, inherited and install dirs, deduplicated", () => {
    expect(agentPath(linux, "/rec:/usr/bin")).toBe("/rec:/usr/bin:/bin:/home/me/.local/bin:/usr/local/bin:/usr/share/goose/bin");
  });
});

describe("version parsing", () => {
  it.each([
    [" 1.50.0\n", [1, 50, 0]],
    ["goose 1.16.0", [1, 16, 0]],
    ["v2.3.4-beta.1", [2, 3, 4]],
    ["no version", undefined],
  ])("parses %j", (out, v) => expect(parseVersion(out)).toEqual(v));

  it("compares numerically, not as strings", () => {
    expect(compareVersions([1, 9, 0], [1, 16, 0])).toBeLessThan(0);
    expect(compareVersions([1, 16, 0], [1, 16, 0])).toBe(0);
    expect(compareVersions([2, 0, 0], [1, 99, 99])).toBeGreaterThan(0);
  });
});
