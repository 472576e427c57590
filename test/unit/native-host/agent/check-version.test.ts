/** The version check never rejects: a spawn that throws, or a Windows batch file it cannot start, is a failed check. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkVersion } from "../../../../native-host/agent/check-version";

const linux = { platform: "linux" as const, env: {} };
let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("checkVersion", () => {
  it("a spawn that throws (a NUL byte; on Windows a .cmd's EINVAL) is a failed check, not a rejection", async () => {
    await expect(checkVersion("/bin/echo", ["--version\u0000"], "1.0.0", { PATH: "/usr/bin:/bin" }, linux)).resolves.toEqual({
      ok: false,
      kind: "failed",
      message: "`/bin/echo --version\u0000` could not be run: ERR_INVALID_ARG_VALUE",
    });
    // Without a minimum the version is informative only.
    await expect(checkVersion("/bin/echo", ["--version\u0000"], undefined, {}, linux)).resolves.toEqual({ ok: true });
  });

  it("Windows: an npm shim read from disk whose node is nowhere fails with the launch's reason", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-shim-"));
    const shim = path.join(dir, "gemini.cmd");
    fs.writeFileSync(
      shim,
      '@IF EXIST "%~dp0\\node.exe" (\r\n  "%~dp0\\node.exe"  "%~dp0\\node_modules\\gemini\\cli.js" %*\r\n) ELSE (\r\n  node  "%~dp0\\node_modules\\gemini\\cli.js" %*\r\n)\r\n',
    );
    const r = await checkVersion(shim, ["--version"], "0.1.0", { PATH: "C:\\Windows" }, { platform: "win32", env: {} });
    expect(r).toMatchObject({
      ok: false,
      kind: "failed",
      message: expect.stringMatching(/cannot be run: .*gemini\.cmd runs its script with node/),
    });
  });

  it("reads the version a program prints", async () => {
    await expect(checkVersion("/bin/echo", ["goose", "1.50.0"], "1.16.0", { PATH: "/usr/bin:/bin" }, linux)).resolves.toEqual({
      ok: true,
      version: "1.50.0",
    });
  });
});
