/** What the host spawns for a configured command, per OS: Windows batch files through their npm shim or cmd.exe. */
import { describe, expect, it } from "vitest";
import { type LaunchIO, planLaunch } from "../../../../native-host/agent/launch";
import type { PlatformInfo } from "../../../../native-host/setup/paths";

const NPM = "C:\\Users\\me\\AppData\\Roaming\\npm";
const SHIM = `${NPM}\\claude-agent-acp.cmd`;
const SCRIPT = `${NPM}\\node_modules\\@zed-industries\\claude-code-acp\\dist\\index.js`;
const SHIM_TEXT = [
  "@ECHO off",
  "GOTO start",
  ":find_dp0",
  "SET dp0=%~dp0",
  "EXIT /b",
  ":start",
  "SETLOCAL",
  "CALL :find_dp0",
  'IF EXIST "%dp0%\\node.exe" (',
  '  SET "_prog=%dp0%\\node.exe"',
  ") ELSE (",
  '  SET "_prog=node"',
  "  SET PATHEXT=%PATHEXT:;.JS;=;%",
  ")",
  'endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\\node_modules\\@zed-industries\\claude-code-acp\\dist\\index.js" %*',
  "",
].join("\r\n");

/** A machine's files, as the planner reads them. */
function files(entries: Record<string, string>): LaunchIO {
  return { readText: (f) => entries[f], isFile: (f) => f in entries };
}

const win: PlatformInfo = { platform: "win32", home: "C:\\Users\\me", env: { SystemRoot: "C:\\WINDOWS" } };
const env = (PATH: string): NodeJS.ProcessEnv => ({ PATH });

describe("planLaunch", () => {
  it("Linux and macOS: the command itself, whatever its name", () => {
    for (const platform of ["linux", "darwin"] as const) {
      const p: PlatformInfo = { platform, home: "/home/me", env: {} };
      expect(planLaunch("/opt/agent.cmd", ["acp"], p, env("/usr/bin"), files({ "/opt/agent.cmd": SHIM_TEXT }))).toEqual({
        ok: true,
        command: { file: "/opt/agent.cmd", args: ["acp"] },
      });
    }
  });

  it("Windows: a program is spawned as it is", () => {
    expect(planLaunch("C:\\goose\\goose.exe", ["acp"], win, env(""), files({}))).toEqual({
      ok: true,
      command: { file: "C:\\goose\\goose.exe", args: ["acp"] },
    });
  });

  it("an npm shim: its own node.exe first, with the script, then the profile's args", () => {
    const io = files({ [SHIM]: SHIM_TEXT, [`${NPM}\\node.exe`]: "", "C:\\Program Files\\nodejs\\node.exe": "" });
    expect(planLaunch(SHIM, ["--acp", "x y"], win, env("C:\\Program Files\\nodejs"), io)).toEqual({
      ok: true,
      command: { file: `${NPM}\\node.exe`, args: [SCRIPT, "--acp", "x y"], via: "npm shim" },
    });
  });

  it("an npm shim without a node beside it: the first node on the agent's PATH, as the shim's `node` would be", () => {
    const io = files({ [SHIM]: SHIM_TEXT, "C:\\nvm\\node.exe": "", "C:\\later\\node.exe": "" });
    expect(planLaunch(SHIM, [], win, env("C:\\Windows\\System32;relative;C:\\nvm;C:\\later"), io)).toEqual({
      ok: true,
      command: { file: "C:\\nvm\\node.exe", args: [SCRIPT], via: "npm shim" },
    });
    // `Path`, as Windows spells it, is read too.
    expect(planLaunch(SHIM, [], win, { Path: "C:\\later" }, io)).toMatchObject({ ok: true, command: { file: "C:\\later\\node.exe" } });
  });

  it("an npm shim whose node is nowhere: refused with what to install", () => {
    const r = planLaunch(SHIM, [], win, env("C:\\Windows"), files({ [SHIM]: SHIM_TEXT }));
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/runs its script with node.*not on the agent's PATH/) });
    expect(!r.ok && r.fix).toMatch(/Install Node\.js/);
  });

  it("any other batch file: cmd.exe from SystemRoot, /d /s /c, its arguments quoted verbatim", () => {
    const bat = "C:\\Tools\\my agent.bat";
    const r = planLaunch(bat, ["acp", "a&b"], win, env(""), files({ [bat]: "@echo off\r\ncall setup.bat\r\nagent.exe %*\r\n" }));
    expect(r).toEqual({
      ok: true,
      command: {
        file: "C:\\WINDOWS\\System32\\cmd.exe",
        args: ["/d", "/s", "/c", '"C:\\Tools\\my^ agent.bat ^^^"acp^^^" ^^^"a^^^&b^^^""'],
        windowsVerbatimArguments: true,
        via: "cmd.exe",
      },
    });
  });

  it("a batch file it cannot read goes through cmd.exe too; an argument with a line break is refused there", () => {
    expect(planLaunch("C:\\x.cmd", [], win, env(""), files({}))).toMatchObject({ ok: true, command: { via: "cmd.exe" } });
    const r = planLaunch("C:\\x.cmd", ["one\ntwo"], win, env(""), files({}));
    expect(r).toMatchObject({ ok: false, message: expect.stringContaining("line break") });
  });
});
