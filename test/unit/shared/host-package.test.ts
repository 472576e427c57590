/** The setup screen and the README give the user the same install command, from one constant. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostInstallCommand } from "../../../shared/host-package";

const README = fs.readFileSync(path.resolve(import.meta.dirname, "../../../README.md"), "utf8");

/** The commands of the first ```sh block under `## Install`. */
function installCommands(): string[] {
  const section = README.slice(README.indexOf("## Install\n"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter(Boolean);
}

describe("install command", () => {
  it("the README's install step is the command the setup screen shows", () => {
    expect(hostInstallCommand()).toBe("npx -y goose-browser@latest install");
    expect(hostInstallCommand("0.2.0")).toBe("npx -y goose-browser@0.2.0 install");
    expect(installCommands()).toEqual([hostInstallCommand()]);
  });

  it("the README says goose needs a model provider, and the command that sets one", () => {
    expect(README).toMatch(/model provider[\s\S]{0,80}`goose configure`/);
  });
});
