/** The executable's messages name the file the user ran, as they can type it again (command-names.ts). */
import { describe, expect, it } from "vitest";
import { exeCommand } from "../../../install-scripts/command-names";

describe("exeCommand", () => {
  it("run from its own folder: ./ and its file name, never a goose-browser-host that is on no PATH", () => {
    expect(exeCommand("/home/u/Downloads/goose-browser-host-linux-x64", "/home/u/Downloads", "/usr/bin:/bin", "linux")).toBe(
      "./goose-browser-host-linux-x64",
    );
  });

  it("run from elsewhere: its full path; from a PATH folder: its bare name", () => {
    expect(exeCommand("/home/u/Downloads/goose-browser-host-linux-x64", "/home/u", "/usr/bin:/bin", "linux")).toBe(
      "/home/u/Downloads/goose-browser-host-linux-x64",
    );
    expect(exeCommand("/home/u/.local/bin/gbh", "/tmp", "/usr/bin:/home/u/.local/bin/", "linux")).toBe("gbh");
  });

  it("quotes a path with a space for the shell that will read it", () => {
    expect(exeCommand("/home/u/My Files/goose-browser-host-linux-x64", "/", "/usr/bin", "linux")).toBe(
      "'/home/u/My Files/goose-browser-host-linux-x64'",
    );
    expect(
      exeCommand("C:\\Users\\U\\Downloads\\goose-browser-host-windows-x64.exe", "c:\\users\\u\\downloads", "C:\\Windows", "win32"),
    ).toBe(".\\goose-browser-host-windows-x64.exe");
    expect(exeCommand("C:\\Users\\U V\\goose-browser-host-windows-x64.exe", "C:\\", "C:\\Windows", "win32")).toBe(
      '& "C:\\Users\\U V\\goose-browser-host-windows-x64.exe"',
    );
  });
});
