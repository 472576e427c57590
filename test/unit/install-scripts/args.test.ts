/** cli.ts argument parsing, --agent forms included (split here, never by a shell). */
import { describe, expect, it } from "vitest";
import { parseAgentSpec, splitWords, UsageError } from "../../../install-scripts/args";
import { parseArgs as parseCommandLine } from "../../../install-scripts/commands/index";

/** The typed arguments a command line parses to (or help). */
const parseArgs = (argv: string[]) => {
  const r = parseCommandLine(argv);
  return "help" in r ? { command: "help" } : r.args;
};

describe("parseArgs", () => {
  it("install with every option, in both --opt value and --opt=value forms", () => {
    expect(
      parseArgs([
        "install",
        "--agent",
        "claude=claude-agent-acp",
        "--agent=gemini=gemini --experimental-acp",
        "--browser",
        "chrome,Firefox",
        "--browser=edge",
        "--extension-id",
        "abcdefghijklmnopabcdefghijklmnop",
        "--dry-run",
      ]),
    ).toEqual({
      command: "install",
      agents: [
        { name: "claude", command: "claude-agent-acp", args: [] },
        { name: "gemini", command: "gemini", args: ["--experimental-acp"] },
      ],
      browsers: ["chrome", "firefox", "edge"],
      extensionIds: ["abcdefghijklmnopabcdefghijklmnop"],
      dryRun: true,
      json: false,
    });
  });

  it("uninstall and doctor flags; help by default", () => {
    expect(parseArgs(["uninstall", "--purge"])).toEqual({ command: "uninstall", purge: true, dryRun: false, json: false });
    expect(parseArgs(["install", "--json"])).toMatchObject({ command: "install", json: true });
    expect(parseArgs(["uninstall", "--json"])).toMatchObject({ command: "uninstall", json: true });
    expect(parseArgs(["doctor", "--fix", "--json", "--no-live"])).toEqual({ command: "doctor", fix: true, json: true, live: false });
    expect(parseArgs(["doctor"])).toEqual({ command: "doctor", fix: false, json: false, live: true });
    expect(parseArgs([])).toEqual({ command: "help" });
    expect(parseArgs(["--help"])).toEqual({ command: "help" });
  });

  it.each([
    [["frobnicate"], /unknown command/],
    [["install", "--bogus"], /unknown install option --bogus/],
    [["install", "--agent"], /--agent needs a value/],
    [["install", "--extension-id", "ABC"], /not an extension id/],
    [["install", "--agent", "gemini=gemini", "--experimental-acp"], /unknown install option --experimental-acp/],
    [["install", "--agent", "gemini=gemini", "acp"], /unexpected argument "acp"/],
    [["uninstall", "--purge=yes"], /takes no value/],
  ])("%j is a usage error", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});

describe("--agent NAME=COMMAND [ARGS]", () => {
  it.each([
    ["claude=claude-agent-acp", { name: "claude", command: "claude-agent-acp", args: [] }],
    ["gemini=gemini --experimental-acp", { name: "gemini", command: "gemini", args: ["--experimental-acp"] }],
    ["codex=  codex-acp   --model  'o3 mini' ", { name: "codex", command: "codex-acp", args: ["--model", "o3 mini"] }],
    ['my.agent=/opt/My Agent/run --flag="a b"', { name: "my.agent", command: "/opt/My", args: ["Agent/run", "--flag=a b"] }],
    ['x="/opt/My Agent/run" acp', { name: "x", command: "/opt/My Agent/run", args: ["acp"] }],
    ["win=C:\\Tools\\agent.exe --acp", { name: "win", command: "C:\\Tools\\agent.exe", args: ["--acp"] }],
    ["goose=goose acp", { name: "goose", command: "goose", args: ["acp"] }],
    ["sh=echo $HOME;rm -rf ~ `id`", { name: "sh", command: "echo", args: ["$HOME;rm", "-rf", "~", "`id`"] }],
  ])("%s", (spec, expected) => {
    expect(parseAgentSpec(spec)).toEqual(expected);
  });

  it.each([["=goose"], ["goose"], ["bad name=x"], ["x="], ["x=  "], ['x="unclosed']])("%j is refused", (spec) => {
    expect(() => parseAgentSpec(spec)).toThrow(UsageError);
  });
});

describe("splitWords", () => {
  it("quotes group, backslash escapes only quotes and spaces, nothing expands", () => {
    expect(splitWords(`a "b c" 'd "e"' f\\ g h\\"i \\\\server\\share C:\\dir\\x ""`)).toEqual([
      "a",
      "b c",
      'd "e"',
      "f g",
      'h"i',
      "\\\\server\\share",
      "C:\\dir\\x",
      "",
    ]);
    expect(splitWords("  ")).toEqual([]);
  });
});
