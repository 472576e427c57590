/** doctor's pure judgements: a manifest as the browser meets it, and enterprise policies. */
import { describe, expect, it } from "vitest";
import { judgeManifest, type ManifestExpectation, type ManifestInspection } from "../../../install-scripts/browsers/manifest-check";
import { judgePolicy, LINUX_POLICY_SOURCES } from "../../../install-scripts/browsers/policies";
import { formatFinding } from "../../../install-scripts/report";

const LAUNCHER = "/home/me/.local/share/goose-browser/goose-browser-host";
const DEV = "pnljljcndaiadglpnlgkgmginmofjkch";
const chromium: ManifestExpectation = { family: "chromium", ids: [DEV], launcher: LAUNCHER, platform: "linux" };
const firefox: ManifestExpectation = { family: "firefox", ids: [], launcher: LAUNCHER, platform: "linux" };
const FILE = "/home/me/.config/google-chrome/NativeMessagingHosts/dev.goose_browser.host.json";

function inspected(json: unknown, target = { exists: true, executable: true }): ManifestInspection {
  return { file: FILE, found: true, json, target };
}
const good = {
  name: "dev.goose_browser.host",
  description: "x",
  path: LAUNCHER,
  type: "stdio",
  allowed_origins: [`chrome-extension://${DEV}/`],
};

describe("judgeManifest", () => {
  it("a correct manifest is one ✓ line", () => {
    expect(judgeManifest("Google Chrome", inspected(good), chromium)).toEqual([
      { severity: "ok", subject: "Google Chrome", message: `${FILE} is valid` },
    ]);
  });

  it.each([
    ["missing", { file: FILE, found: false }, /no manifest at .*Specified native messaging host not found/, /doctor -- --fix/],
    ["not JSON", { file: FILE, found: true, error: "not JSON: Unexpected token" }, /unusable: not JSON/, /doctor -- --fix/],
    ["wrong name", inspected({ ...good, name: "com.other" }), /names host "com.other"/, /doctor -- --fix/],
    ["wrong type", inspected({ ...good, type: "socket" }), /type "socket"/, /doctor -- --fix/],
    ["relative path", inspected({ ...good, path: "host" }), /no absolute "path"/, /doctor -- --fix/],
    ["launcher missing", inspected(good, { exists: false, executable: false }), /does not exist/, /install-host/],
    ["launcher not executable", inspected(good, { exists: true, executable: false }), /not executable.*Failed to start/, /chmod 755/],
    [
      "foreign path not executable",
      inspected({ ...good, path: "/etc/passwd" }, { exists: true, executable: false }),
      /not executable/,
      /doctor -- --fix/,
    ],
    [
      "wrong id",
      inspected({ ...good, allowed_origins: [`chrome-extension://${"a".repeat(32)}/`] }),
      /lacks chrome-extension:\/\/pnlj.*forbidden/,
      /doctor -- --fix/,
    ],
  ] as const)("%s: a problem with its fix", (_, m, message, fix) => {
    const findings = judgeManifest("Google Chrome", m as ManifestInspection, chromium);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.severity).toBe("problem");
    expect(findings[0]!.message).toMatch(message);
    expect(findings[0]!.fix).toMatch(fix);
  });

  it("a working manifest that points at another launcher is a warning (--fix repoints it)", () => {
    const [f] = judgeManifest("Chromium", inspected({ ...good, path: "/work/main/dist/native-host/goose-browser-host" }), chromium);
    expect(f).toMatchObject({ severity: "warn", fix: "npm run doctor -- --fix" });
  });

  it("Firefox needs the add-on id in allowed_extensions", () => {
    const ff = { ...good, allowed_origins: undefined, allowed_extensions: ["someone@else"] };
    expect(judgeManifest("Firefox", inspected(ff), firefox)[0]!.message).toMatch(
      /allowed_extensions lacks goose-browser@goose-browser.dev/,
    );
    expect(
      judgeManifest("Firefox", inspected({ ...ff, allowed_extensions: ["goose-browser@goose-browser.dev"] }), firefox)[0]!.severity,
    ).toBe("ok");
  });

  it("every problem prints on one line ending with its fix", () => {
    const line = formatFinding(judgeManifest("Google Chrome", { file: FILE, found: false }, chromium)[0]!);
    const chromeSays = "“Specified native messaging host not found.”";
    expect(line).toBe(`✗ Google Chrome: no manifest at ${FILE} (${chromeSays}) → npm run doctor -- --fix`);
  });
});

describe("judgePolicy", () => {
  const chrome = LINUX_POLICY_SOURCES[0]!;
  const files = ["/etc/opt/chrome/policies/managed/corp.json"];

  it("no native-messaging policy: nothing to say", () => {
    expect(judgePolicy(chrome, { HomepageLocation: "https://x" }, files)).toEqual([]);
  });

  it("NativeMessagingUserLevelHosts=false ignores our per-user manifest", () => {
    const [f] = judgePolicy(chrome, { NativeMessagingUserLevelHosts: false }, files);
    expect(f).toMatchObject({ severity: "problem", subject: "Google Chrome policy" });
    expect(f!.message).toMatch(/corp\.json/);
    expect(f!.fix).toMatch(/\/etc\/opt\/chrome\/native-messaging-hosts/);
  });

  it("a blocklist of * or of our name blocks us unless the allowlist names us", () => {
    expect(judgePolicy(chrome, { NativeMessagingBlocklist: ["*"] }, files)[0]!.fix).toMatch(/NativeMessagingAllowlist/);
    expect(judgePolicy(chrome, { NativeMessagingBlocklist: ["dev.goose_browser.host"] }, files)).toHaveLength(1);
    expect(judgePolicy(chrome, { NativeMessagingBlocklist: ["*"], NativeMessagingAllowlist: ["dev.goose_browser.host"] }, files)).toEqual(
      [],
    );
    expect(judgePolicy(chrome, { NativeMessagingBlocklist: ["com.other"] }, files)).toEqual([]);
  });
});
