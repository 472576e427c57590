/** The command table: usage lists every command and its options; unknown commands and stray words are refused. */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../../../install-scripts/args";
import { parseArgs, usage } from "../../../../install-scripts/commands/index";

describe("command table", () => {
  it("usage names every command, with --json on each", () => {
    const text = usage();
    for (const name of ["install", "uninstall", "doctor", "agents", "add"]) {
      expect(text).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
      expect(text).toContain(`${name} options:`);
    }
    expect(text.match(/^ {2}--json /gm)).toHaveLength(5);
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
});
