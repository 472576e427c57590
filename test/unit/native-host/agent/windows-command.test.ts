/**
 * Windows command names and starts, on any OS: PATHEXT, npm's cmd-shim output (written here from the
 * shapes npm 6 and npm ≥ 7 install), and cmd.exe quoting checked by reading the line back the way
 * cmd.exe and CommandLineToArgvW do (the small readers below follow `cmd /?` and Microsoft's
 * "Parsing C++ command-line arguments").
 */
import { describe, expect, it } from "vitest";
import {
  cmdExeArguments,
  escapeForCmd,
  parseCmdShim,
  quoteArgument,
  startableExtensions,
  windowsCommandNames,
} from "../../../../native-host/agent/windows-command";

const SHIM = "C:\\Users\\me\\AppData\\Roaming\\npm\\claude-agent-acp.cmd";
const NPM = "C:\\Users\\me\\AppData\\Roaming\\npm";

/** npm ≥ 7 (cmd-shim 4+), for a bin whose shebang is `#!/usr/bin/env node` plus `shebangArgs`. */
function modernShim(target: string, shebangArgs = ""): string {
  return [
    "@ECHO off",
    "GOTO start",
    ":find_dp0",
    "SET dp0=%~dp0",
    "EXIT /b",
    ":start",
    "SETLOCAL",
    "CALL :find_dp0",
    "",
    'IF EXIST "%dp0%\\node.exe" (',
    '  SET "_prog=%dp0%\\node.exe"',
    ") ELSE (",
    '  SET "_prog=node"',
    "  SET PATHEXT=%PATHEXT:;.JS;=;%",
    ")",
    "",
    `endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%" ${shebangArgs} "%dp0%\\${target}" %*`,
    "",
  ].join("\r\n");
}

/** npm 6 (cmd-shim 2/3). */
const npm6Shim = [
  '@IF EXIST "%~dp0\\node.exe" (',
  '  "%~dp0\\node.exe"  "%~dp0\\node_modules\\@google\\gemini-cli\\dist\\index.js" %*',
  ") ELSE (",
  "  @SETLOCAL",
  "  @SET PATHEXT=%PATHEXT:;.JS;=;%",
  '  node  "%~dp0\\node_modules\\@google\\gemini-cli\\dist\\index.js" %*',
  ")",
  "",
].join("\r\n");

describe("PATHEXT", () => {
  it("defaults to .COM;.EXE;.BAT;.CMD and keeps only what the host can start, in order, lower-cased", () => {
    expect(startableExtensions({})).toEqual([".com", ".exe", ".bat", ".cmd"]);
    expect(startableExtensions({ PATHEXT: ".CMD;.EXE;.VBS;.JS;.PY;.exe" })).toEqual([".cmd", ".exe"]);
  });

  it("tries a bare name with each extension, and a name with its own extension as it is", () => {
    expect(windowsCommandNames("gemini", {})).toEqual(["gemini.com", "gemini.exe", "gemini.bat", "gemini.cmd"]);
    expect(windowsCommandNames("goose.exe", {})).toEqual(["goose.exe"]);
    expect(windowsCommandNames("agent.CMD", {})).toEqual(["agent.CMD"]);
    // A dot is no extension unless PATHEXT says so.
    expect(windowsCommandNames("gemini-2.5", { PATHEXT: ".EXE;.CMD" })).toEqual(["gemini-2.5.exe", "gemini-2.5.cmd"]);
  });
});

describe("parseCmdShim", () => {
  it("npm ≥ 7: node (its own node.exe first) and the script beside the shim", () => {
    expect(parseCmdShim(modernShim("node_modules\\@zed-industries\\claude-code-acp\\dist\\index.js"), SHIM)).toEqual({
      kind: "node",
      preferLocal: true,
      args: [`${NPM}\\node_modules\\@zed-industries\\claude-code-acp\\dist\\index.js`],
    });
  });

  it("keeps the shebang's node options before the script, and resolves ..\\ in the target", () => {
    const shim = modernShim("..\\lib\\node_modules\\agent\\bin\\cli.mjs", "--no-warnings --enable-source-maps");
    expect(parseCmdShim(shim, "C:\\tools\\bin\\agent.cmd")).toEqual({
      kind: "node",
      preferLocal: true,
      args: ["--no-warnings", "--enable-source-maps", "C:\\tools\\lib\\node_modules\\agent\\bin\\cli.mjs"],
    });
  });

  it("npm 6: the last line, with its IF EXIST node.exe preference", () => {
    expect(parseCmdShim(npm6Shim, `${NPM}\\gemini.cmd`)).toEqual({
      kind: "node",
      preferLocal: true,
      args: [`${NPM}\\node_modules\\@google\\gemini-cli\\dist\\index.js`],
    });
  });

  it("a shim for a program (an .exe bin) starts that program", () => {
    const shim =
      '@ECHO off\r\nGOTO start\r\n:find_dp0\r\nSET dp0=%~dp0\r\nEXIT /b\r\n:start\r\nSETLOCAL\r\nCALL :find_dp0\r\n"%dp0%\\node_modules\\x\\bin\\x.exe"   %*\r\n';
    expect(parseCmdShim(shim, `${NPM}\\x.cmd`)).toEqual({ kind: "program", file: `${NPM}\\node_modules\\x\\bin\\x.exe`, args: [] });
  });

  it.each([
    ["another interpreter", modernShim("x.sh").replaceAll('"_prog=node"', '"_prog=sh"').replace("node.exe", "sh.exe")],
    [
      "a variable of its own (lost if the host ran the script)",
      modernShim("x.js").replace("SETLOCAL", 'SETLOCAL\r\nSET "NODE_OPTIONS=--max-old-space-size=4096"'),
    ],
    ["a pipe on the line", '@echo off\r\nnode "%~dp0\\x.js" | more %*\r\n'],
    ["a variable in the script path", '@echo off\r\nnode "%APPDATA%\\x.js" %*\r\n'],
    ["no forwarding of %*", '@echo off\r\nnode "%~dp0\\x.js"\r\n'],
    ["a batch file that does its own work", "@echo off\r\ncall setup.bat\r\nagent.exe %1 %2\r\n"],
    ["a shim for another batch file", '@echo off\r\n"%~dp0\\other.cmd" %*\r\n'],
  ])("is not an npm shim: %s", (_, text) => {
    expect(parseCmdShim(text, SHIM)).toBeUndefined();
  });
});

/** CommandLineToArgvW's reading of one argument (the rules quoteArgument writes for). */
function argvRead(s: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    while (s[i] === " " || s[i] === "\t") i++;
    if (i >= s.length) break;
    let arg = "";
    let quoted = false;
    for (; i < s.length && (quoted || (s[i] !== " " && s[i] !== "\t")); i++) {
      let n = 0;
      while (s[i] === "\\") {
        n++;
        i++;
      }
      if (s[i] === '"') {
        arg += "\\".repeat(Math.floor(n / 2));
        if (n % 2 === 1) arg += '"';
        else quoted = !quoted;
      } else {
        arg += "\\".repeat(n);
        if (i < s.length) arg += s[i];
        else break;
      }
    }
    out.push(arg);
  }
  return out;
}

/** One pass of cmd.exe over a line with no quote region: `%NAME%` of a defined variable expands, then `^x` → x. */
function cmdPass(line: string, vars: Record<string, string>): string {
  const expanded = line.replace(/%([^%]+)%/g, (m, name: string) => vars[name] ?? m);
  let out = "";
  for (let i = 0; i < expanded.length; i++) {
    const c = expanded[i]!;
    if (c === "^") out += expanded[++i] ?? "";
    else if (/[&|<>"]/.test(c)) throw new Error(`unescaped ${c} would split the command or open a quote: ${line}`);
    else out += c;
  }
  return out;
}

const TRICKY = [
  "acp",
  "",
  "two words",
  'say "hi"',
  "C:\\path with space\\",
  "C:\\trailing\\\\",
  'back\\"slash',
  "100%",
  "%PATH%",
  "%USERPROFILE%\\x",
  "a^b",
  "a&b",
  "a|b",
  "<in >out",
  "(x)!",
  "semi;colon,comma=eq",
];

describe("quoting for cmd.exe and CommandLineToArgvW", () => {
  it.each(TRICKY)("quoteArgument round-trips %j", (arg) => {
    expect(argvRead(quoteArgument(arg))).toEqual([arg]);
  });

  it("doubles backslashes only before a quote, and always quotes", () => {
    expect(quoteArgument("C:\\dir\\")).toBe('"C:\\dir\\\\"');
    expect(quoteArgument("C:\\dir\\file")).toBe('"C:\\dir\\file"');
    expect(quoteArgument('a\\"b')).toBe('"a\\\\\\"b"');
    expect(quoteArgument("")).toBe('""');
  });

  it("escapes every cmd.exe special character with ^", () => {
    expect(escapeForCmd('"a&b|c%d^e"')).toBe('^"a^&b^|c^%d^^e^"');
  });

  it("the /c line survives cmd.exe's two passes (the /c line, the shim's %*) and reads back as the same arguments", () => {
    const vars = { PATH: "C:\\Windows", USERPROFILE: "C:\\Users\\me" };
    const [d, s, c, line] = cmdExeArguments("C:\\Program Files (x86)\\Agent & Co\\agent.cmd", TRICKY);
    expect([d, s, c]).toEqual(["/d", "/s", "/c"]);
    // /s: cmd.exe strips the first and the last quote.
    expect(line!.startsWith('"') && line!.endsWith('"')).toBe(true);
    const first = cmdPass(line!.slice(1, -1), vars);
    const file = "C:\\Program Files (x86)\\Agent & Co\\agent.cmd ";
    expect(first.startsWith(file)).toBe(true);
    const forwarded = first.slice(file.length);
    // The batch file's line: `node "script" %*`, parsed once more.
    expect(argvRead(cmdPass(forwarded, vars))).toEqual(TRICKY);
  });

  it("a % before a variable name never expands: it is escaped on both passes", () => {
    const line = cmdExeArguments("C:\\a.cmd", ["%PATH%"])[3]!;
    expect(line).not.toContain('"%PATH%"');
    const vars = { PATH: "EXPANDED" };
    expect(argvRead(cmdPass(cmdPass(line.slice(1, -1), vars).slice("C:\\a.cmd ".length), vars))).toEqual(["%PATH%"]);
  });
});
