import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { agentEnvironment } from "../../../../native-host/agent/environment";
import { isAllowedCaller, parseCaller } from "../../../../native-host/setup/caller";
import { launcherScript, shQuote } from "../../../../native-host/setup/launcher";
import { DEV_EXTENSION_ID, DEV_EXTENSION_KEY, GECKO_ADDON_ID } from "../../../../shared/extension-ids";

describe("caller check", () => {
  it("accepts our Chrome origin, with or without Windows' --parent-window", () => {
    expect(isAllowedCaller(parseCaller([`chrome-extension://${DEV_EXTENSION_ID}/`]))).toBe(true);
    expect(isAllowedCaller(parseCaller([`chrome-extension://${DEV_EXTENSION_ID}/`, "--parent-window=0"]))).toBe(true);
    expect(isAllowedCaller(parseCaller(["--parent-window=1234", `chrome-extension://${DEV_EXTENSION_ID}/`]))).toBe(true);
  });

  it("accepts our Firefox add-on id", () => {
    expect(isAllowedCaller(parseCaller(["/home/me/.mozilla/native-messaging-hosts/x.json", GECKO_ADDON_ID]))).toBe(true);
    expect(isAllowedCaller(parseCaller(["/x.json", "other@addon"]))).toBe(false);
  });

  it("refuses other extensions, no arguments and junk", () => {
    expect(isAllowedCaller(parseCaller([`chrome-extension://${"a".repeat(32)}/`]))).toBe(false);
    expect(isAllowedCaller(parseCaller([]))).toBe(false);
    expect(isAllowedCaller(parseCaller(["https://evil.example/"]))).toBe(false);
  });

  it("accepts extra ids from the config", () => {
    const store = "b".repeat(32);
    expect(isAllowedCaller(parseCaller([`chrome-extension://${store}/`]), [store])).toBe(true);
  });

  it("the dev id is the one Chrome derives from the manifest key", () => {
    const hex = createHash("sha256").update(Buffer.from(DEV_EXTENSION_KEY, "base64")).digest("hex").slice(0, 32);
    expect([...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join("")).toBe(DEV_EXTENSION_ID);
  });
});

describe("launcher", () => {
  it("runs node by absolute path with the arguments, and survives quotes in paths", () => {
    const script = launcherScript("linux", "/opt/my node/bin/node", "/home/o'neil/host.cjs");
    expect(script.startsWith("#!/bin/sh\n")).toBe(true);
    expect(script).toContain(
      `exec '/opt/my node/bin/node' --expose-gc --max-semi-space-size=2 --min-semi-space-size=2 '/home/o'\\''neil/host.cjs' "$@"`,
    );
    // sh reads the quoted words back exactly.
    const words = execFileSync("/bin/sh", ["-c", `printf '%s\\n' ${shQuote("/a b/it's")} ${shQuote("$HOME`x`")}`]).toString();
    expect(words).toBe("/a b/it's\n$HOME`x`\n");
  });

  it("Linux: runs the host with one malloc arena and keeps the user's own tunables, which the agent gets back", () => {
    // The launcher up to its exec, then the environment the host would start with.
    const setup = launcherScript("linux", "/usr/bin/node", "/h/host.cjs").replace(/^exec .*$/m, "env");
    const hostEnv = (user: Record<string, string>) =>
      Object.fromEntries(
        execFileSync("/bin/sh", ["-c", setup], { env: { PATH: "/usr/bin:/bin", ...user } })
          .toString()
          .split("\n")
          .filter((l) => l.includes("TUNABLES"))
          .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
      ) as Record<string, string>;
    const none = hostEnv({});
    expect(none.GLIBC_TUNABLES).toBe("glibc.malloc.arena_max=1");
    expect(agentEnvironment(none)).toEqual({});
    const own = hostEnv({ GLIBC_TUNABLES: "glibc.malloc.tcache_count=5" });
    expect(own.GLIBC_TUNABLES).toBe("glibc.malloc.arena_max=1:glibc.malloc.tcache_count=5");
    expect(agentEnvironment({ ...own, HOME: "/h" })).toEqual({ GLIBC_TUNABLES: "glibc.malloc.tcache_count=5", HOME: "/h" });
    expect(agentEnvironment(hostEnv({ GLIBC_TUNABLES: "" }))).toEqual({});
    // Not started by such a launcher (tests, an older one): the environment as it is.
    expect(agentEnvironment({ GLIBC_TUNABLES: "glibc.malloc.arena_max=1", HOME: "/h" })).toEqual({
      GLIBC_TUNABLES: "glibc.malloc.arena_max=1",
      HOME: "/h",
    });
  });

  it("writes a silent .bat on Windows and refuses paths cmd.exe would interpret", () => {
    expect(launcherScript("win32", "C:\\node\\node.exe", "C:\\gb\\host.cjs")).toBe(
      '@echo off\r\n"C:\\node\\node.exe" --expose-gc --max-semi-space-size=2 --min-semi-space-size=2 "C:\\gb\\host.cjs" %*\r\n',
    );
    expect(() => launcherScript("win32", "C:\\a&b\\node.exe", "C:\\h.cjs")).toThrow(/cmd.exe/);
  });
});
