/** The installer and uninstaller on a Linux layout, with real files in a temporary HOME. */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../install-scripts/cli";
import { CHROMIUM_EXTENSION_IDS, chromeOrigin } from "../../../shared/extension-ids";
import { DIST_BUNDLE, FAKE_GOOSE, FAKE_GOOSE_DIR, ROOT, requireBuilt, TempMachine } from "../../helpers/install-harness";

const DATA = ".local/share/goose-browser";
const CHROME = ".config/google-chrome/NativeMessagingHosts/dev.goose_browser.host.json";
const CHROMIUM = ".config/chromium/NativeMessagingHosts/dev.goose_browser.host.json";
const CONFIG = ".config/goose-browser/host.json";
const BUNDLE = `${DATA}/host/0.1.0/host.cjs`;
const LOG = ".local/state/goose-browser/host.log";
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
${CHROMIUM_EXTENSION_IDS.map((id) => `    "${chromeOrigin(id)}"`).join(",\n")}
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
      `${DATA}/host/`,
      `${DATA}/host/0.1.0/`,
      BUNDLE,
      `${DATA}/install-receipt.json`,
      // The install starts the installed host once; it logs that start.
      ".local/state/",
      ".local/state/goose-browser/",
      LOG,
    ]);

    expect([m.mode(CHROME), m.mode(CHROMIUM), m.mode(BUNDLE), m.mode(`${DATA}/install-receipt.json`)]).toEqual([
      "644",
      "644",
      "644",
      "644",
    ]);
    expect(m.mode(`${DATA}/goose-browser-host`)).toBe("755");
    expect(m.mode(CONFIG)).toBe("600");
    expect(fs.readFileSync(m.path(BUNDLE)).equals(fs.readFileSync(DIST_BUNDLE))).toBe(true);

    const launcher = m.read(`${DATA}/goose-browser-host`);
    // node by absolute path, with the host's node flags (launcher.ts), then the copied bundle.
    const node = /^exec '([^']+)' --expose-gc --max-semi-space-size=2 --min-semi-space-size=2 '([^']+)' "\$@"$/m.exec(launcher);
    expect(node?.[2]).toBe(m.path(BUNDLE));
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
    // Every browser not installed on one line, not one each.
    expect(r.out).toMatch(/^– not installed for this user .*: Google Chrome Beta, .*Vivaldi, Firefox$/m);
    expect(r.out.split("\n").filter((l) => l.includes("not installed"))).toHaveLength(1);
    expect(r.out).toMatch(/^✓ browsers: Google Chrome \(created\), Chromium \(created\)$/m);
    expect(r.out).toMatch(/^✓ host check: started it once: goose-browser 0\.1\.0 answered/m);
    expect(r.out).toMatch(/Next: reload the extension/);
  });

  it("a second run changes nothing: same bytes, modes, mtimes and receipt", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    expect((await m.run("install")).code).toBe(0);
    // The host's log aside: each install starts the installed host once, and the host logs its start.
    const snapshot = () => m!.snapshot(true).filter((e) => !e.startsWith(`${LOG} `));
    const first = snapshot();
    const receipt = m.read(`${DATA}/install-receipt.json`);
    const again = await m.run("install");
    expect(again.code).toBe(0);
    expect(snapshot()).toEqual(first);
    expect(m.read(`${DATA}/install-receipt.json`)).toBe(receipt);
    expect(again.out).not.toMatch(/\((created|updated)/);
    expect(again.out).toMatch(/nothing changed/);
  });

  it("another build of the same version gets a file of its own; the one a running host uses is never rewritten", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    await m.run("install");
    fs.writeFileSync(m.path(BUNDLE), "// another build of 0.1.0\n");
    fs.chmodSync(m.path(`${DATA}/goose-browser-host`), 0o644);
    const r = await m.run("install");
    expect(r.code, r.out).toBe(0);
    const sha8 = createHash("sha256").update(fs.readFileSync(DIST_BUNDLE)).digest("hex").slice(0, 8);
    const next = `${DATA}/host/0.1.0+${sha8}/host.cjs`;
    expect(r.out).toMatch(
      new RegExp(`✓ host bundle: .*0\\.1\\.0\\+${sha8}/host\\.cjs \\(created; kept .*0\\.1\\.0/host\\.cjs for hosts still running it\\)`),
    );
    expect(r.out).toMatch(/✓ launcher: .*goose-browser-host \(updated/);
    expect(m.read(BUNDLE)).toBe("// another build of 0.1.0\n");
    expect(fs.readFileSync(m.path(next)).equals(fs.readFileSync(DIST_BUNDLE))).toBe(true);
    expect(m.read(`${DATA}/goose-browser-host`)).toContain(`'${m.path(next)}'`);
    expect(m.mode(`${DATA}/goose-browser-host`)).toBe("755");
    expect(fs.readdirSync(m.path(DATA)).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("an upgrade keeps the bundle it replaced for running hosts and removes the older ones", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    // Three builds of one version, as a checkout rebuilt twice makes them.
    const build = (n: number) => {
      const file = path.join(m!.root, `host-${n}.cjs`);
      fs.writeFileSync(file, Buffer.concat([fs.readFileSync(DIST_BUNDLE), Buffer.from(`\n// build ${n}\n`)]));
      return { file, dir: `${DATA}/host/0.1.0+${createHash("sha256").update(fs.readFileSync(file)).digest("hex").slice(0, 8)}` };
    };
    const [two, three] = [build(2), build(3)];
    const install = async (bundle: string) => {
      const out: string[] = [];
      const code = await runCli(["install"], { ...m!.context(out), source: { bundle, version: "0.1.0" } });
      expect(code, out.join("")).toBe(0);
      return out.join("");
    };
    await install(DIST_BUNDLE);
    await install(two.file);
    const hosts = () => fs.readdirSync(m!.path(`${DATA}/host`)).sort();
    expect(hosts()).toEqual(["0.1.0", path.basename(two.dir)].sort());
    const out = await install(three.file);
    expect(out).toMatch(/✓ host bundle: .* \(created; kept .* for hosts still running it; removed 1 older\)/);
    expect(hosts()).toEqual([path.basename(two.dir), path.basename(three.dir)].sort());
    const receipt = JSON.parse(m.read(`${DATA}/install-receipt.json`)) as { files: Array<{ path: string; what: string }>; dirs: string[] };
    expect(receipt.files.filter((f) => f.what === "host bundle").map((f) => path.relative(m!.home, f.path))).toEqual(
      [`${two.dir}/host.cjs`, `${three.dir}/host.cjs`].sort(),
    );
    expect(receipt.dirs).not.toContain(m.path(`${DATA}/host/0.1.0`));
  });

  it("starts the installed host once and refuses one that answers with another version", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    const out: string[] = [];
    const code = await runCli(["install"], { ...m.context(out), source: { bundle: DIST_BUNDLE, version: "9.9.9" } });
    expect(code).toBe(1);
    expect(out.join("")).toMatch(/✗ host check: the installed host says it is 0\.1\.0, not 9\.9\.9 → re-run/);
    const exits = path.join(m.root, "exits.cjs");
    fs.writeFileSync(exits, "process.exit(9);\n");
    const broken: string[] = [];
    expect(await runCli(["install", "--json"], { ...m.context(broken), source: { bundle: exits, version: "0.1.0" } })).toBe(1);
    expect(JSON.parse(broken.join("")).findings).toContainEqual(
      expect.objectContaining({
        severity: "problem",
        subject: "host check",
        message: expect.stringMatching(/did not answer: the host exited \(code 9\)/),
      }),
    );
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
      ...CHROMIUM_EXTENSION_IDS.map(chromeOrigin),
      "chrome-extension://abcdefghijklmnopabcdefghijklmnop/",
    ]);
    expect(JSON.parse(m.read(CONFIG)).allowedExtensionIds).toEqual(["abcdefghijklmnopabcdefghijklmnop"]);
    const receipt = JSON.parse(m.read(`${DATA}/install-receipt.json`)) as { files: Array<{ path: string }> };
    expect(receipt.files.map((f) => path.relative(m!.home, f.path))).toEqual([CHROMIUM, CHROME, `${DATA}/goose-browser-host`, BUNDLE]);
  });

  it("--dry-run changes nothing", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    const before = m.snapshot(true);
    const r = await m.run("install", "--dry-run");
    expect(r.code, r.out).toBe(0);
    expect(m.snapshot(true)).toEqual(before);
    expect(r.out).toMatch(/✓ browsers: .*Google Chrome \(would create\)/);
  });
});

describe("uninstall (Linux layout)", () => {
  it("removes exactly what install wrote, the config too while it is as install wrote it; nothing of ours is left", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    const pristine = m.snapshot();
    await m.run("install");
    // Something of the user's next to ours stays.
    fs.writeFileSync(m.path(".config/chromium/NativeMessagingHosts/com.other.host.json"), "{}");

    const r = await m.run("uninstall");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/✓ host config: removed .*host\.json/);
    expect(m.snapshot().filter((e) => !pristine.includes(e))).toEqual([
      ".config/chromium/NativeMessagingHosts/",
      ".config/chromium/NativeMessagingHosts/com.other.host.json",
      // The host's log, from the start the install checked.
      ".local/",
      ".local/state/",
      ".local/state/goose-browser/",
      LOG,
    ]);
  });

  it("a config the user changed stays, also when a later install adds to it; --purge removes it and the logs", async () => {
    m = new TempMachine({ dirs: BROWSER_DIRS });
    const pristine = m.snapshot();
    const kept = [".config/goose-browser/", CONFIG, ".local/", ".local/state/", ".local/state/goose-browser/", LOG];
    await m.run("install");
    const config = JSON.parse(m.read(CONFIG)) as Record<string, unknown>;
    fs.writeFileSync(m.path(CONFIG), JSON.stringify({ ...config, debug: true }));
    const r = await m.run("uninstall");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/– host config: kept .*host\.json/);
    expect(m.snapshot().filter((e) => !pristine.includes(e))).toEqual(kept);

    // Installed again over the user's file, which an --agent then changes: it stays theirs.
    expect((await m.run("install")).code).toBe(0);
    expect((await m.run("install", "--agent", "gemini=gemini --experimental-acp")).code).toBe(0);
    expect(JSON.parse(m.read(CONFIG))).toMatchObject({ debug: true, profiles: { gemini: { command: "gemini" } } });
    expect((await m.run("uninstall")).code).toBe(0);
    expect(m.snapshot().filter((e) => !pristine.includes(e))).toEqual(kept);

    const purge = await m.run("uninstall", "--purge");
    expect(purge.code, purge.out).toBe(0);
    // .local/state was made by the host's logger, not by the installer.
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
    fs.rmSync(m.path(BUNDLE));
    const r = await m.run("uninstall", "--purge");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/– manifest for Google Chrome: .* was already gone/);
    expect(m.snapshot()).toEqual([...pristine, ".local/", ".local/state/"].sort());
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
