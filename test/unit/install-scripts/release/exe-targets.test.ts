import { describe, expect, it } from "vitest";
import { isCliCommand } from "../../../../install-scripts/commands/index";
import { ALL_EXE_TARGETS, exeFileName, parseTargets } from "../../../../install-scripts/release/exe-targets";

describe("exe targets", () => {
  it("builds the five platforms by default and refuses an unknown one", () => {
    expect(parseTargets(undefined)).toEqual(["linux-x64", "linux-arm64", "macos-arm64", "macos-x64", "windows-x64"]);
    expect(parseTargets("linux-x64, macos-arm64")).toEqual(["linux-x64", "macos-arm64"]);
    expect(() => parseTargets("linux-x64,freebsd-x64")).toThrow(/unknown target freebsd-x64/);
    expect(ALL_EXE_TARGETS).toHaveLength(5);
  });

  it("names the release files by target, .exe for Windows", () => {
    expect(exeFileName("linux-arm64")).toBe("goose-browser-host-linux-arm64");
    expect(exeFileName("windows-x64")).toBe("goose-browser-host-windows-x64.exe");
  });
});

describe("the executable's dispatch (release/exe-main.ts)", () => {
  it("runs the CLI for its commands, help and no argument, and the host for what browsers pass", () => {
    for (const argv of [[], ["install"], ["uninstall", "--purge"], ["doctor"], ["agents"], ["add", "x"], ["help"], ["--help"], ["-h"]]) {
      expect(isCliCommand(argv), argv.join(" ")).toBe(true);
    }
    for (const argv of [
      ["chrome-extension://pnljljcndaiadglpnlgkgmginmofjkch/"],
      ["chrome-extension://pnljljcndaiadglpnlgkgmginmofjkch/", "--parent-window=0"],
      ["/home/me/.mozilla/native-messaging-hosts/dev.goose_browser.host.json", "goose-browser@goose-browser.dev"],
    ]) {
      expect(isCliCommand(argv), argv.join(" ")).toBe(false);
    }
  });
});
