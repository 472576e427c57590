/** doctor against real installs in a temporary HOME: broken setups each reported with a fix, --fix, and the live check. */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { HOST_PROTOCOL_VERSION } from "../../../shared/host-protocol";
import { problems, requireBuilt, TempMachine } from "../../helpers/install-harness";

const DATA = ".local/share/goose-browser";
const LAUNCHER = `${DATA}/goose-browser-host`;
const CHROME = ".config/google-chrome/NativeMessagingHosts/dev.goose_browser.host.json";
const CHROMIUM = ".config/chromium/NativeMessagingHosts/dev.goose_browser.host.json";
const CONFIG = ".config/goose-browser/host.json";

let m: TempMachine | undefined;
beforeAll(requireBuilt);
afterEach(() => {
  m?.dispose();
  m = undefined;
});

async function installed(): Promise<TempMachine> {
  m = new TempMachine({ dirs: [".config/google-chrome", ".config/chromium"] });
  const r = await m.run("install");
  expect(r.code, r.out).toBe(0);
  return m;
}

describe("doctor", () => {
  it("passes on a fresh install, with a live check that really starts the host and the agent", async () => {
    const m = await installed();
    const { code, report } = await m.doctor();
    expect(problems(report)).toEqual([]);
    expect(code).toBe(0);
    expect(report.live).toMatchObject({
      ok: true,
      hello: { hostVersion: "0.1.0", protocolVersion: HOST_PROTOCOL_VERSION },
      status: { state: "running" },
      agent: "goose 1.50.0",
      exitCode: 0,
    });
    const subjects = report.findings.filter((f) => f.severity === "ok").map((f) => f.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        "receipt",
        "launcher",
        "node",
        "Google Chrome",
        "Chromium",
        "host config",
        "agent goose (default)",
        "policies",
        "live check",
      ]),
    );
    // The host ran with the temp HOME: its log is there, not in the real home.
    expect(fs.readFileSync(m.path(".local/state/goose-browser/host.log"), "utf8")).toMatch(
      /started by \["chrome-extension:\/\/pnljljcndaiadglpnlgkgmginmofjkch\/"\]/,
    );
    // The agent got the machine's TMPDIR through the host: its default state folder is in the machine, not in /tmp.
    expect(fs.existsSync(path.join(m.tmp, "goose-browser-scripted-agent", "sessions"))).toBe(true);
  });

  it("prints ✓/✗ lines, each problem ending with its fix", async () => {
    const m = await installed();
    fs.rmSync(m.path(CHROME));
    const r = await m.run("doctor", "--no-live");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^ {2}✓ Chromium: .* is valid$/m);
    expect(r.out).toMatch(
      new RegExp(
        "^ {2}✗ Google Chrome: no manifest at .*google-chrome.* " +
          String.raw`\(“Specified native messaging host not found\.”\) → npm run doctor -- --fix$`,
        "m",
      ),
    );
    expect(r.out).toMatch(/1 problem found/);
  });

  it("missing manifest → found, and --fix rewrites it exactly as install does", async () => {
    const m = await installed();
    const original = m.read(CHROME);
    fs.rmSync(m.path(CHROME));
    const { code, report } = await m.doctor("--no-live");
    expect(code).toBe(1);
    expect(problems(report)).toEqual([expect.objectContaining({ subject: "Google Chrome", fix: "npm run doctor -- --fix" })]);
    const fixed = await m.doctor("--fix", "--no-live");
    expect(fixed.code).toBe(0);
    expect(fixed.report.findings).toContainEqual(expect.objectContaining({ subject: "--fix", message: `${m.path(CHROME)} (created)` }));
    expect(m.read(CHROME)).toBe(original);
    expect(m.mode(CHROME)).toBe("644");
  });

  it("wrong extension id → “forbidden”, fixed by --fix", async () => {
    const m = await installed();
    const manifest = JSON.parse(m.read(CHROMIUM));
    manifest.allowed_origins = [`chrome-extension://${"a".repeat(32)}/`];
    fs.writeFileSync(m.path(CHROMIUM), JSON.stringify(manifest));
    const { report } = await m.doctor("--no-live");
    expect(problems(report)).toEqual([
      expect.objectContaining({
        subject: "Chromium",
        message: expect.stringMatching(/allowed_origins lacks chrome-extension:\/\/pnljljcndaiadglpnlgkgmginmofjkch\/.*forbidden/),
      }),
    ]);
    expect((await m.doctor("--fix", "--no-live")).code).toBe(0);
  });

  it("non-executable path → “Failed to start”, with chmod as the fix; the live check is not attempted", async () => {
    const m = await installed();
    fs.chmodSync(m.path(LAUNCHER), 0o644);
    const { code, report } = await m.doctor();
    expect(code).toBe(1);
    const ps = problems(report);
    expect(ps.map((p) => p.subject)).toEqual(["launcher", "Google Chrome", "Chromium"]);
    for (const p of ps) {
      expect(p.message).toMatch(/not executable/);
      expect(p.fix).toMatch(new RegExp(`chmod 755 '${m.path(LAUNCHER)}'`));
    }
    expect(report.findings).toContainEqual(
      expect.objectContaining({ subject: "live check", severity: "info", message: expect.stringMatching(/skipped/) }),
    );
  });

  it("the launcher's node missing → “Native host has exited”, fixed by re-running the installer", async () => {
    const m = await installed();
    const text = m.read(LAUNCHER).replace(/^exec '[^']+'/m, "exec '/nonexistent/node-v18/bin/node'");
    fs.writeFileSync(m.path(LAUNCHER), text);
    const { code, report } = await m.doctor();
    expect(code).toBe(1);
    expect(problems(report)).toEqual([
      expect.objectContaining({
        subject: "node",
        message: expect.stringMatching(/runs \/nonexistent\/node-v18\/bin\/node, which does not exist/),
        fix: expect.stringMatching(/npm run install-host/),
      }),
    ]);
    expect((await m.run("install")).code).toBe(0);
    expect((await m.doctor("--no-live")).code).toBe(0);
  });

  it("a launcher from an older installer (fewer node flags) still works, with a warning to re-install", async () => {
    const m = await installed();
    fs.writeFileSync(m.path(LAUNCHER), m.read(LAUNCHER).replace(" --max-semi-space-size=2", ""));
    const { code, report } = await m.doctor();
    expect(code).toBe(0);
    expect(report.findings.filter((f) => f.subject === "launcher")).toEqual([
      expect.objectContaining({
        severity: "warn",
        message: expect.stringMatching(/without --max-semi-space-size=2/),
        fix: "npm run install-host",
      }),
    ]);
    expect(report.live).toMatchObject({ ok: true });
    expect((await m.run("install")).code).toBe(0);
    const again = await m.doctor("--no-live");
    expect(again.report.findings.filter((f) => f.subject === "launcher")).toEqual([expect.objectContaining({ severity: "ok" })]);
  });

  it("not installed at all → each problem says what to install", async () => {
    m = new TempMachine({ dirs: [".config/chromium"] });
    const { code, report } = await m.doctor();
    expect(code).toBe(1);
    expect(problems(report).map((p) => [p.subject, p.fix])).toEqual([
      ["receipt", "npm run install-host"],
      ["launcher", "npm run install-host"],
      ["Chromium", "npm run install-host"],
      // No config, so the host would look for goose on the browser's minimal PATH.
      ["agent goose (default)", expect.stringMatching(/^install goose \(https:.*\), then re-run `npm run install-host`/)],
    ]);
  });

  it("a policy that disables user-level hosts is reported with what to ask the administrator", async () => {
    const m = await installed();
    const dir = `${m.policyRoot}/etc/opt/chrome/policies/managed`;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${dir}/corp.json`, JSON.stringify({ NativeMessagingUserLevelHosts: false }));
    const { report } = await m.doctor("--no-live");
    expect(problems(report)).toEqual([
      expect.objectContaining({
        section: "policies",
        subject: "Google Chrome policy",
        fix: expect.stringMatching(/administrator.*\/etc\/opt\/chrome\/native-messaging-hosts/),
      }),
    ]);
  });

  it("live check: an agent that cannot be found fails at the start step with the host's own fix", async () => {
    const m = await installed();
    const config = JSON.parse(m.read(CONFIG));
    config.profiles.goose.command = m.path("gone/goose");
    fs.writeFileSync(m.path(CONFIG), JSON.stringify(config));
    const { code, report } = await m.doctor();
    expect(code).toBe(1);
    expect(report.live).toMatchObject({ ok: false, step: "agent start" });
    expect(problems(report).map((p) => p.subject)).toEqual(["agent goose (default)", "live check"]);
    const live = problems(report).find((p) => p.subject === "live check")!;
    expect(live.message).toMatch(/goose: .*gone\/goose not found/);
    expect(live.fix?.length).toBeGreaterThan(10);
  });
});
