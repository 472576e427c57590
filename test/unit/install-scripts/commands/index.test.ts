/** The command table: usage lists every command and its options; unknown commands and stray words are refused. */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../../../install-scripts/args";
import { runCli } from "../../../../install-scripts/cli";
import type { CliContext } from "../../../../install-scripts/cli-context";
import { parseArgs, usage } from "../../../../install-scripts/commands/index";

describe("command table", () => {
  it("usage names every command, with --json on each", () => {
    const text = usage();
    for (const name of ["install", "uninstall", "doctor", "agents", "add", "connect"]) {
      expect(text).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
      expect(text).toContain(`${name} options:`);
    }
    expect(text.match(/^ {2}--json /gm)).toHaveLength(6);
  });

  it("binds the parsed arguments to the command's run", () => {
    const r = parseArgs(["doctor", "--no-live"]);
    expect("help" in r).toBe(false);
    if (!("help" in r)) {
      expect(r.args).toEqual({ command: "doctor", fix: false, json: false, live: false });
      expect(typeof r.run).toBe("function");
    }
  });

  it("refuses words a command does not take", () => {
    expect(() => parseArgs(["doctor", "now"])).toThrow(UsageError);
    expect(() => parseArgs(["doctor", "now"])).toThrow(/unexpected argument "now"/);
  });

  it.each(["install", "uninstall", "doctor", "agents", "add"])("`%s --help` prints that command's usage and exits 0", async (name) => {
    const out: string[] = [];
    const err: string[] = [];
    // Help runs nothing, so a context that would fail on any use shows it was never touched.
    const ctx = new Proxy(
      { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) },
      {
        get: (target, key) => {
          if (key in target) return target[key as keyof typeof target];
          throw new Error(`help used ctx.${String(key)}`);
        },
      },
    ) as unknown as CliContext;
    for (const argv of [
      [name, "--help"],
      [name, "-h"],
      ["help", name],
    ]) {
      out.length = 0;
      expect(await runCli(argv, ctx)).toBe(0);
      expect(err).toEqual([]);
      const text = out.join("");
      expect(text).toMatch(new RegExp(`^Usage: .* ${name}( <id>)? \\[options\\]`));
      expect(text).toContain("--json");
      expect(text).toContain("--help");
      // Only this command's options: no other command's heading.
      expect(text).not.toContain("options:");
    }
  });

  it("--help wins over other words, even a missing argument, but not after --", () => {
    expect(parseArgs(["install", "--bogus", "--help"])).toEqual({ help: true, command: "install" });
    expect(parseArgs(["add", "--help"])).toEqual({ help: true, command: "add" });
    const after = parseArgs(["add", "--", "--help"]);
    expect("help" in after ? after : after.args).toMatchObject({ command: "add", positionals: ["--help"] });
  });
});
