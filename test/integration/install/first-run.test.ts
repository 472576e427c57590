/**
 * A new user's first install, in a temporary HOME and a fake system root: a browser installed but
 * never started (no profile folder yet), no browser at all, and goose installed after install-host.
 */

import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_EXTENSION_IDS, chromeOrigin } from "../../../shared/extension-ids";
import { FAKE_GOOSE, problems, requireBuilt, TempMachine } from "../../helpers/install-harness";

const CHROME_MANIFEST = ".config/google-chrome/NativeMessagingHosts/dev.goose_browser.host.json";
const CONFIG = ".config/goose-browser/host.json";

let m: TempMachine | undefined;
beforeAll(requireBuilt);
afterEach(() => {
  m?.dispose();
  m = undefined;
});

/** A goose the user installs later: a program that runs the fake goose. */
function installGoose(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "goose");
  fs.writeFileSync(file, `#!/bin/sh\nexec '${FAKE_GOOSE}' "$@"\n`, { mode: 0o755 });
  return file;
}

/** `install --json`'s findings: one per browser, where the text prints one line for them all. */
function installFindings(out: string): Array<{ severity: string; subject: string; message: string; group?: unknown }> {
  return (JSON.parse(out) as { findings: Array<{ severity: string; subject: string; message: string }> }).findings;
}

describe("a browser installed but never started", () => {
  it("Linux: install-host finds Chrome by its program, creates its folder and registers it; doctor agrees", async () => {
    m = new TempMachine({ apps: ["/opt/google/chrome/chrome"] });
    expect(fs.existsSync(m.path(".config/google-chrome"))).toBe(false);
    const r = await m.run("install", "--json");
    expect(r.code, r.out).toBe(0);
    expect(JSON.parse(m.read(CHROME_MANIFEST)).allowed_origins).toEqual(CHROMIUM_EXTENSION_IDS.map(chromeOrigin));
    expect(installFindings(r.out)).toContainEqual({
      severity: "ok",
      subject: "Google Chrome",
      message: expect.stringMatching(/google-chrome\/NativeMessagingHosts\/dev\.goose_browser\.host\.json \(created\)$/),
      group: { name: "browsers", item: "Google Chrome (created)" },
    });

    const { code, report } = await m.doctor("--no-live");
    expect(problems(report)).toEqual([]);
    expect(code).toBe(0);
    expect(report.findings).toContainEqual(
      expect.objectContaining({ subject: "registered", severity: "ok", message: "1 browser can start the host: Google Chrome" }),
    );
  });

  it("macOS: an app in /Applications or ~/Applications counts as installed", async () => {
    m = new TempMachine({ platform: "darwin", apps: ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"] });
    fs.mkdirSync(m.path("Applications/Brave Browser.app"), { recursive: true });
    const r = await m.run("install", "--dry-run", "--json");
    expect(r.code, r.out).toBe(0);
    const found = installFindings(r.out);
    const line = (subject: string) => found.find((f) => f.subject === subject)?.message;
    expect(line("Google Chrome")).toMatch(/Library\/Application Support\/Google\/Chrome\/NativeMessagingHosts\/.* \(would create\)$/);
    expect(line("Brave")).toMatch(/Library\/Application Support\/BraveSoftware\/Brave-Browser\/NativeMessagingHosts\/.* \(would create\)$/);
    expect(line("Chromium")).toMatch(/^not installed for this user/);
  });
});

describe("no browser at all", () => {
  it("install-host fails with the fix, doctor counts zero registrations as a problem; installing a browser fixes both", async () => {
    m = new TempMachine();
    const r = await m.run("install");
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(
      new RegExp(
        "✗ browsers: no supported browser is installed for this user, so no browser can start the host → " +
          "install Google Chrome, Chromium, .* then re-run `npm run install-host`",
      ),
    );

    const before = await m.doctor("--no-live");
    expect(before.code).toBe(1);
    expect(problems(before.report)).toEqual([
      expect.objectContaining({
        subject: "registered",
        message: "no browser has the host registered, so none can start it",
        fix: expect.stringMatching(/^install Google Chrome, .*then run `npm run install-host`$/),
      }),
    ]);

    m.installApp("/usr/lib/chromium/chromium");
    expect((await m.run("install")).code).toBe(0);
    const after = await m.doctor("--no-live");
    expect(problems(after.report)).toEqual([]);
    expect(after.code).toBe(0);
  });

  it("a never-started browser whose manifest was removed is a problem of its own, fixed by --fix", async () => {
    m = new TempMachine({ apps: ["/opt/google/chrome/chrome"] });
    expect((await m.run("install")).code).toBe(0);
    fs.rmSync(m.path(".config/google-chrome"), { recursive: true });
    const { report } = await m.doctor("--no-live");
    expect(problems(report).map((p) => [p.subject, p.fix])).toEqual([["Google Chrome", "npm run doctor -- --fix"]]);
    expect((await m.doctor("--fix", "--no-live")).code).toBe(0);
    expect(fs.existsSync(m.path(CHROME_MANIFEST))).toBe(true);
  });
});

describe("goose installed after install-host", () => {
  it("only on the current PATH: doctor says where it found it and that install-host must record it; after that it passes", async () => {
    m = new TempMachine({ dirs: [".config/chromium"], loginPath: "/usr/bin:/bin" });
    expect((await m.run("install")).code).toBe(0);
    expect(JSON.parse(m.read(CONFIG)).profiles).toEqual({});
    const missing = await m.doctor("--no-live");
    expect(problems(missing.report)).toEqual([
      expect.objectContaining({ subject: "agent goose (default)", message: expect.stringMatching(/^goose not found \(searched /) }),
    ]);

    // The user installs goose somewhere of their own and puts it on PATH in this terminal.
    const goose = installGoose(path.join(m.root, "opt/goose/bin"));
    m.env = { ...m.env, PATH: `${path.dirname(goose)}:${m.env.PATH}` };
    const late = await m.doctor("--no-live");
    expect(problems(late.report)).toEqual([
      expect.objectContaining({
        subject: "agent goose (default)",
        message:
          `${goose} is on your current PATH, but not where the host looks ` +
          "(the PATH recorded at install time, the browser's, the usual install dirs)",
        fix: `re-run \`npm run install-host\`: it records ${goose} in the host config`,
      }),
    ]);

    expect((await m.run("install")).code).toBe(0);
    expect(JSON.parse(m.read(CONFIG)).profiles.goose.command).toBe(goose);
    const fixed = await m.doctor("--no-live");
    expect(problems(fixed.report)).toEqual([]);
    expect(fixed.report.findings).toContainEqual(expect.objectContaining({ subject: "agent goose (default)", severity: "ok" }));
  });

  it(
    "in ~/.local/bin (where goose's installer puts it): doctor finds it at once " + "and says it was found in a usual install location",
    async () => {
      m = new TempMachine({ dirs: [".config/chromium"], loginPath: "/usr/bin:/bin" });
      expect((await m.run("install")).code).toBe(0);
      const goose = installGoose(m.path(".local/bin"));
      const { code, report } = await m.doctor("--no-live");
      expect(problems(report)).toEqual([]);
      expect(code).toBe(0);
      expect(report.findings).toContainEqual(
        expect.objectContaining({
          subject: "agent goose (default)",
          severity: "ok",
          message: `${goose} (1.50.0), found in a usual install location`,
        }),
      );
    },
  );
});
