/** The installer and uninstaller on a Linux layout, with real files in a temporary HOME. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DIST_BUNDLE, FAKE_GOOSE, FAKE_GOOSE_DIR, ROOT, requireBuilt, TempMachine } from "../../helpers/install-harness";

const DATA = ".local/share/goose-browser";
const CHROME = ".config/google-chrome/NativeMessagingHosts/dev.goose_browser.host.json";
const CHROMIUM = ".config/chromium/NativeMessagingHosts/dev.goose_browser.host.json";
const CONFIG = ".config/goose-browser/host.json";
const BROWSER_DIRS = [".config/google-chrome", ".config/chromium", ".var/app/org.chromium.Chromium", "snap/chromium"];

let m: TempMachine | undefined;
beforeAll(requireBuilt);
afterEach(() => {
  m?.dispose();
  m = undefined;
});

function expectedChromiumManifest(home: string): string {
  return `{
  "name": "dev.goose_browser.host",
  "description": "goose-browser: runs a local ACP agent (goose) for the goose browser extension",
  "path": "${home}/.local/share/goose-browser/goose-browser-host",
  "type": "stdio",
  "allowed_origins": [
    "chrome-extension://pnljljcndaiadglpnlgkgmginmofjkch/"
  ]
}
`;
}

describe("install (Linux layout)", () => {
  it("writes the bundle, launcher, config and one exact manifest per present browser, nothing in sandboxed ones", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    const before = m.snapshot();
    const r = await m.run("install");
    expect(r.code, r.out).toBe(0);

    expect(m.read(CHROME)).toBe(expectedChromiumManifest(m.home));
    expect(m.read(CHROMIUM)).toBe(expectedChromiumManifest(m.home));
    const added = m.snapshot().filter((e) => !before.includes(e));
    expect(added).toEqual([
      ".config/chromium/NativeMessagingHosts/",
      CHROMIUM,
      ".config/google-chrome/NativeMessagingHosts/",
      CHROME,
      ".config/goose-browser/",
      CONFIG,
      ".local/",
      ".local/share/",
      `${DATA}/`,
      `${DATA}/goose-browser-host`,
      `${DATA}/host.cjs`,
      `${DATA}/install-receipt.json`,
    ]);

    expect([m.mode(CHROME), m.mode(CHROMIUM), m.mode(`${DATA}/host.cjs`), m.mode(`${DATA}/install-receipt.json`)]).toEqual([
      "644",
      "644",
      "644",
      "644",
    ]);
    expect(m.mode(`${DATA}/goose-browser-host`)).toBe("755");
    expect(m.mode(CONFIG)).toBe("600");
    expect(fs.readFileSync(m.path(`${DATA}/host.cjs`)).equals(fs.readFileSync(DIST_BUNDLE))).toBe(true);

    const launcher = m.read(`${DATA}/goose-browser-host`);
    // node by absolute path, with the host's node flags (launcher.ts), then the copied bundle.
    const node = /^exec '([^']+)' --expose-gc --max-semi-space-size=2 --min-semi-space-size=2 '([^']+)' "\$@"$/m.exec(launcher);
    expect(node?.[2]).toBe(m.path(`${DATA}/host.cjs`));
    expect(fs.realpathSync(node![1]!)).toBe(fs.realpathSync(process.execPath));

    // goose found through the login shell's PATH (the installer's own PATH lacks it).
    expect(JSON.parse(m.read(CONFIG))).toEqual({
      defaultProfile: "goose",
      profiles: { goose: { command: FAKE_GOOSE, args: ["acp"] } },
      cwd: m.home,
      path: `${FAKE_GOOSE_DIR}:/usr/bin:/bin`,
    });

    expect(r.out).toMatch(/✓ goose: .*dist\/fixtures\/bin\/goose \(1\.50\.0\)/);
    expect(r.out).toMatch(/! Chromium \(Flatpak\): found .*org\.chromium\.Chromium, but .*sandbox.* → use a non-Flatpak build/);
    expect(r.out).toMatch(/! Chromium \(Snap\): found .*snap\/chromium, but .* → install Google Chrome/);
    expect(r.out).toMatch(/– Vivaldi: not installed for this user \(no .*\.config\/vivaldi\), skipped/);
    expect(r.out).toMatch(/Next: reload the extension/);
  });

  it("a second run changes nothing: same bytes, modes, mtimes and receipt", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    expect((await m.run("install")).code).toBe(0);
    const first = m.snapshot(true);
    const receipt = m.read(`${DATA}/install-receipt.json`);
    const again = await m.run("install");
    expect(again.code).toBe(0);
    expect(m.snapshot(true)).toEqual(first);
    expect(m.read(`${DATA}/install-receipt.json`)).toBe(receipt);
    expect(again.out).not.toMatch(/\((created|updated)/);
    expect(again.out).toMatch(/nothing changed/);
  });

  it("re-running is an upgrade: a stale bundle and a broken launcher mode are replaced", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    await m.run("install");
    fs.writeFileSync(m.path(`${DATA}/host.cjs`), "// old host\n");
    fs.chmodSync(m.path(`${DATA}/goose-browser-host`), 0o644);
    const r = await m.run("install");
    expect(r.out).toMatch(/✓ host bundle: .*host\.cjs \(updated\)/);
    expect(r.out).toMatch(/✓ launcher: .*goose-browser-host \(updated/);
    expect(fs.readFileSync(m.path(`${DATA}/host.cjs`)).equals(fs.readFileSync(DIST_BUNDLE))).toBe(true);
    expect(m.mode(`${DATA}/goose-browser-host`)).toBe("755");
    expect(fs.readdirSync(m.path(DATA)).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("keeps the user's config edits and only fills in what is missing", async () => {
    m = new TempMachine({ dirs: [".config/chromium", ".config/goose-browser"] });
    const user = {
      defaultProfile: "claude",
      profiles: {
        goose: { command: "goose", env: { GOOSE_MODE: "approve" } },
        claude: { command: "/opt/claude/claude-agent-acp", args: [], env: { ANTHROPIC_API_KEY: "sk-test" } },
      },
      cwd: "/srv/work",
      debug: true,
    };
    fs.writeFileSync(m.path(CONFIG), JSON.stringify(user), { mode: 0o640 });
    const r = await m.run("install", "--agent", "gemini=gemini --experimental-acp");
    expect(r.code, r.out).toBe(0);
    expect(JSON.parse(m.read(CONFIG))).toEqual({
      ...user,
      profiles: {
        goose: { command: FAKE_GOOSE, env: { GOOSE_MODE: "approve" }, args: ["acp"] },
        claude: user.profiles.claude,
        gemini: { command: "gemini", args: ["--experimental-acp"] },
      },
      path: `${FAKE_GOOSE_DIR}:/usr/bin:/bin`,
    });
    expect(m.mode(CONFIG)).toBe("640");
    expect(r.out).toMatch(/! agent gemini: gemini was not found/);
  });

  it("an unreadable config is left alone and reported; everything else is still installed", async () => {
    m = new TempMachine({ dirs: [".config/chromium", ".config/goose-browser"] });
    fs.writeFileSync(m.path(CONFIG), "{ not json");
    const r = await m.run("install");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/✗ host config: .*host\.json is not usable: not JSON.* → fix or delete/);
    expect(m.read(CONFIG)).toBe("{ not json");
    expect(fs.existsSync(m.path(CHROMIUM))).toBe(true);
  });

  it("without goose it still installs and says how to get goose", async () => {
    m = new TempMachine({ dirs: [".config/chromium"], loginPath: "/usr/bin:/bin" });
    const r = await m.run("install");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/! goose: not found .* → install goose \(https:\/\/block\.github\.io\/goose/);
    expect(JSON.parse(m.read(CONFIG)).profiles).toEqual({});
  });

  it("--browser limits the run; the receipt keeps earlier runs' files; --extension-id reaches manifest and config", async () => {
    m = new TempMachine({ dirs: [".config/google-chrome", ".config/chromium"] });
    await m.run("install", "--browser", "chromium");
    expect(fs.existsSync(m.path(CHROMIUM))).toBe(true);
    expect(fs.existsSync(m.path(CHROME))).toBe(false);
    await m.run("install", "--browser", "chrome", "--extension-id", "abcdefghijklmnopabcdefghijklmnop");
    expect(JSON.parse(m.read(CHROME)).allowed_origins).toEqual([
      "chrome-extension://pnljljcndaiadglpnlgkgmginmofjkch/",
      "chrome-extension://abcdefghijklmnopabcdefghijklmnop/",
    ]);
    expect(JSON.parse(m.read(CONFIG)).allowedExtensionIds).toEqual(["abcdefghijklmnopabcdefghijklmnop"]);
    const receipt = JSON.parse(m.read(`${DATA}/install-receipt.json`)) as { files: Array<{ path: string }> };
    expect(receipt.files.map((f) => path.relative(m!.home, f.path))).toEqual([
      CHROMIUM,
      CHROME,
      `${DATA}/goose-browser-host`,
      `${DATA}/host.cjs`,
    ]);
  });

  it("--dry-run changes nothing", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    const before = m.snapshot(true);
    const r = await m.run("install", "--dry-run");
    expect(r.code, r.out).toBe(0);
    expect(m.snapshot(true)).toEqual(before);
    expect(r.out).toMatch(/Google Chrome: .* \(would create\)/);
  });
});

describe("uninstall (Linux layout)", () => {
  it("removes exactly what install wrote; --purge also the config and logs; nothing of ours is left", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    const pristine = m.snapshot();
    await m.run("install");
    fs.mkdirSync(m.path(".local/state/goose-browser"), { recursive: true });
    fs.writeFileSync(m.path(".local/state/goose-browser/host.log"), "log\n");
    // Something of the user's next to ours stays.
    fs.writeFileSync(m.path(".config/chromium/NativeMessagingHosts/com.other.host.json"), "{}");

    const r = await m.run("uninstall");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/– host config: kept .*host\.json/);
    const left = m.snapshot().filter((e) => !pristine.includes(e));
    expect(left).toEqual([
      ".config/chromium/NativeMessagingHosts/",
      ".config/chromium/NativeMessagingHosts/com.other.host.json",
      ".config/goose-browser/",
      CONFIG,
      ".local/",
      ".local/state/",
      ".local/state/goose-browser/",
      ".local/state/goose-browser/host.log",
    ]);

    fs.rmSync(m.path(".config/chromium/NativeMessagingHosts"), { recursive: true });
    const purge = await m.run("uninstall", "--purge");
    expect(purge.code, purge.out).toBe(0);
    // .local/state was made by this test (as the host's logger would), not by the installer.
    expect(m.snapshot().filter((e) => !pristine.includes(e))).toEqual([".local/", ".local/state/"]);
  });

  it("--dry-run removes nothing; a real run tolerates things already gone; a second one is a no-op", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    const pristine = m.snapshot();
    await m.run("install");
    const installed = m.snapshot(true);
    const dry = await m.run("uninstall", "--dry-run", "--purge");
    expect(dry.out).toMatch(/✓ launcher: would remove /);
    expect(m.snapshot(true)).toEqual(installed);
    fs.rmSync(m.path(CHROME));
    fs.rmSync(m.path(`${DATA}/host.cjs`));
    const r = await m.run("uninstall", "--purge");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/– manifest for Google Chrome: .* was already gone/);
    expect(m.snapshot()).toEqual(pristine);
    const again = await m.run("uninstall");
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/nothing installed to remove/);
  });
});

describe("cli.ts as a program", () => {
  it("runs standalone with node --import tsx, in a temp HOME, and rejects bad usage with exit 2", () => {
    m = new TempMachine({ dirs: [".config/chromium"] });
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "install-scripts/cli.ts"), ...args], {
        cwd: ROOT,
        env: m!.env,
        encoding: "utf8",
        timeout: 30_000,
      });
    const ok = run("install");
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(fs.existsSync(m.path(CHROMIUM))).toBe(true);
    const bad = run("install", "--agent", "nope");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--agent expects NAME=COMMAND[\s\S]*Usage:/);
  });
});
