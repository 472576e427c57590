/** Reading the login shell's PATH from real processes: noise, a hung rc file, a daemon holding stdout, odd shell paths. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { captureLoginPath } from "../../../install-scripts/plan/login-shell";

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A fake login shell at a path with a space and a quote: run by path, never through another shell. */
function shell(body: string): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-shell-"));
  const file = path.join(dir, "my 'shell");
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

const p = (SHELL: string) => ({ platform: "linux" as const, home: "/home/me", env: { PATH: "/usr/bin:/bin", SHELL, HOME: "/home/me" } });

describe("captureLoginPath", () => {
  it("runs $SHELL -l -i -c <fixed script> and keeps only the PATH between the markers", async () => {
    const sh = shell(
      [
        `[ "$1 $2 $3" = "-l -i -c" ] || exit 9`,
        `echo "motd: welcome"`,
        `PATH="/opt/tools/bin:relative:/usr/bin:/opt/tools/bin"; export PATH`,
        `eval "$4"`,
        `echo "logout"`,
      ].join("\n"),
    );
    expect(await captureLoginPath(p(sh))).toEqual({ source: "login-shell", shell: sh, path: "/opt/tools/bin:/usr/bin" });
  });

  it("falls back to the current PATH, saying why, when the shell hangs", async () => {
    const sh = shell("sleep 30");
    const t0 = Date.now();
    const r = await captureLoginPath(p(sh), 300);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(r).toEqual({ source: "environment", path: "/usr/bin:/bin", why: `${sh} did not answer within 0.3 s` });
  });

  it("does not wait for a daemon an rc file left holding stdout", async () => {
    const sh = shell(`(sleep 5 &)\nPATH=/x/bin; export PATH\neval "$4"`);
    const t0 = Date.now();
    const r = await captureLoginPath(p(sh), 10_000);
    expect(r).toMatchObject({ source: "login-shell", path: "/x/bin" });
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it("a shell that prints no PATH, or cannot start, falls back too", async () => {
    expect(await captureLoginPath(p(shell("echo nothing here")))).toMatchObject({
      source: "environment",
      path: "/usr/bin:/bin",
      why: expect.stringMatching(/printed no PATH/),
    });
    expect(await captureLoginPath(p("/nonexistent/zsh"))).toMatchObject({
      source: "environment",
      why: expect.stringMatching(/cannot run \/nonexistent\/zsh/),
    });
  });
});
