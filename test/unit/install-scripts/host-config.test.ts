/** The installer's pure decisions: host-config merging, login-shell PATH parsing, which node to record. */
import { describe, expect, it } from "vitest";
import { type ConfigInputs, chooseGooseCommand, configText, mergeHostConfig } from "../../../install-scripts/plan/host-config";
import { cleanPath, LOGIN_SHELL_SCRIPT, PATH_MARKER, parseMarkedPath } from "../../../install-scripts/plan/login-shell";
import { chooseNodePath } from "../../../install-scripts/plan/node-path";
import { parseConfig } from "../../../native-host/setup/config";

const inputs = (o: Partial<ConfigInputs> = {}): ConfigInputs => ({
  platform: "linux",
  home: "/home/me",
  agents: [],
  extensionIds: [],
  ...o,
});

describe("host config merge", () => {
  it("a fresh config gets goose's path, the login PATH, the default profile and cwd", () => {
    const m = mergeHostConfig(undefined, inputs({ goose: "/home/me/.local/bin/goose", loginPath: "/home/me/.local/bin:/usr/bin" }));
    expect(m.config).toEqual({
      defaultProfile: "goose",
      profiles: { goose: { command: "/home/me/.local/bin/goose", args: ["acp"] } },
      cwd: "/home/me",
      path: "/home/me/.local/bin:/usr/bin",
    });
    expect(m.changes).toHaveLength(4);
    expect(() => parseConfig(m.config, { platform: "linux", home: "/home/me", env: {} })).not.toThrow();
  });

  it("keeps everything the user edited and fields it does not know", () => {
    const user = {
      defaultProfile: "claude",
      profiles: {
        goose: { command: "/opt/goose/bin/goose", args: ["acp", "--with-builtin", "developer"], env: { GOOSE_MODE: "approve" } },
        claude: { command: "/usr/local/bin/claude-agent-acp", args: [], env: { ANTHROPIC_API_KEY: "sk-secret" } },
      },
      cwd: "/home/me/work",
      debug: true,
      logFile: "/tmp/gb.log",
      futureField: { x: 1 },
    };
    const m = mergeHostConfig(user, inputs({ goose: "/opt/goose/bin/goose" }));
    expect(m.config).toEqual(user);
    expect(m.changes).toEqual([]);
  });

  it("--agent updates command and args but keeps the profile's env", () => {
    const user = { profiles: { claude: { command: "claude-agent-acp", args: [], env: { ANTHROPIC_API_KEY: "k" } } } };
    const m = mergeHostConfig(
      user,
      inputs({
        agents: [
          { name: "claude", command: "/usr/bin/claude-agent-acp", args: ["--verbose"] },
          { name: "gemini", command: "gemini", args: ["--experimental-acp"] },
        ],
      }),
    );
    expect(m.config.profiles).toEqual({
      claude: { command: "/usr/bin/claude-agent-acp", args: ["--verbose"], env: { ANTHROPIC_API_KEY: "k" } },
      gemini: { command: "gemini", args: ["--experimental-acp"] },
    });
    expect(m.changes).toContain("profiles.claude: /usr/bin/claude-agent-acp --verbose (was claude-agent-acp)");
  });

  it("the PATH is refreshed from the login shell; directories the user added stay, after it", () => {
    const m = mergeHostConfig({ path: "/usr/bin:/home/me/extra" }, inputs({ loginPath: "/home/me/.nvm/bin:/usr/bin" }));
    expect(m.config.path).toBe("/home/me/.nvm/bin:/usr/bin:/home/me/extra");
    const again = mergeHostConfig(m.config, inputs({ loginPath: "/home/me/.nvm/bin:/usr/bin" }));
    expect(again.changes.filter((c) => c.startsWith("path"))).toEqual([]);
  });

  it("extension ids are added once; built-in ids are never written", () => {
    const m = mergeHostConfig(
      { allowedExtensionIds: ["abcdefghijklmnopabcdefghijklmnop"] },
      inputs({
        extensionIds: ["abcdefghijklmnopabcdefghijklmnop", "ponmlkjihgfedcbaponmlkjihgfedcba", "pnljljcndaiadglpnlgkgmginmofjkch"],
      }),
    );
    expect(m.config.allowedExtensionIds).toEqual(["abcdefghijklmnopabcdefghijklmnop", "ponmlkjihgfedcbaponmlkjihgfedcba"]);
  });

  it("merging twice is the same as merging once (re-runs change nothing)", () => {
    const i = inputs({
      goose: "/usr/bin/goose",
      loginPath: "/usr/bin",
      agents: [{ name: "x", command: "/bin/x", args: ["a"] }],
      extensionIds: ["abcdefghijklmnopabcdefghijklmnop"],
    });
    const once = mergeHostConfig(undefined, i);
    const twice = mergeHostConfig(once.config, i);
    expect(twice.changes).toEqual([]);
    expect(configText(twice.config)).toBe(configText(once.config));
  });

  it("goose: a configured absolute path that works wins over discovery; a stale or bare one is replaced", () => {
    const abs = (p: string) => p.startsWith("/");
    expect(chooseGooseCommand("/opt/goose", true, "/usr/bin/goose", abs)).toBe("/opt/goose");
    expect(chooseGooseCommand("/opt/goose", false, "/usr/bin/goose", abs)).toBe("/usr/bin/goose");
    expect(chooseGooseCommand("goose", true, "/usr/bin/goose", abs)).toBe("/usr/bin/goose");
    expect(chooseGooseCommand(undefined, false, undefined, abs)).toBeUndefined();
  });
});

describe("login-shell PATH", () => {
  it("the script is fixed text that prints PATH between markers", () => {
    expect(LOGIN_SHELL_SCRIPT).toBe(`printf '%s%s%s\\n' '${PATH_MARKER}' "$PATH" '${PATH_MARKER}'`);
  });

  it("finds the PATH among rc-file noise before and after", () => {
    const out =
      "Welcome to fish!\n\u001b]7;file:///home/me\u0007nvm: using node v22\n" +
      `${PATH_MARKER}/home/me/.nvm/versions/node/v22/bin:/usr/bin${PATH_MARKER}\nlogout\nHave a nice day\n`;
    expect(parseMarkedPath(out)).toBe("/home/me/.nvm/versions/node/v22/bin:/usr/bin");
  });

  it("no pair of markers: no PATH (a timeout or a shell that died early)", () => {
    expect(parseMarkedPath("bash: no job control in this shell\n")).toBeUndefined();
    expect(parseMarkedPath(`${PATH_MARKER}/usr/bin`)).toBeUndefined();
    expect(parseMarkedPath(`${PATH_MARKER}${PATH_MARKER}`)).toBe("");
  });

  it("keeps absolute entries once each, in order", () => {
    expect(cleanPath("/a:/b::.:bin:/a: /c :~/x", "linux")).toBe("/a:/b:/c");
    expect(cleanPath("C:\\Windows;;relative;C:\\Windows;D:\\x", "win32")).toBe("C:\\Windows;D:\\x");
    expect(
      cleanPath(
        "/repo/node_modules/.bin:/node_modules/.bin:/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:/usr/bin",
        "linux",
      ),
    ).toBe("/usr/bin");
  });
});

describe("node path", () => {
  const links: Record<string, string> = {
    "/opt/homebrew/bin/node": "/opt/homebrew/Cellar/node/22.1.0/bin/node",
    "/opt/homebrew/Cellar/node/22.1.0/bin/node": "/opt/homebrew/Cellar/node/22.1.0/bin/node",
    "/usr/bin/node": "/usr/bin/node",
    "/bin/node": "/usr/bin/node",
    "/home/me/.nvm/versions/node/v22.1.0/bin/node": "/home/me/.nvm/versions/node/v22.1.0/bin/node",
  };
  const real = (f: string) => links[f];

  it("prefers the stable symlink on PATH over the versioned Cellar path it resolves to", () => {
    expect(chooseNodePath("/opt/homebrew/Cellar/node/22.1.0/bin/node", ["/opt/homebrew/bin/node"], real)).toEqual({
      path: "/opt/homebrew/bin/node",
    });
  });

  it("takes the first PATH entry that is the same binary", () => {
    expect(chooseNodePath("/usr/bin/node", ["/usr/bin/node", "/bin/node"], real)).toEqual({ path: "/usr/bin/node" });
    expect(chooseNodePath("/usr/bin/node", ["/home/me/.nvm/versions/node/v22.1.0/bin/node", "/bin/node"], real)).toEqual({
      path: "/bin/node",
    });
  });

  it("keeps the running node when PATH has no link to it, and warns about a version manager's path", () => {
    const r = chooseNodePath("/home/me/.nvm/versions/node/v22.1.0/bin/node", ["/usr/bin/node"], real);
    expect(r.path).toBe("/home/me/.nvm/versions/node/v22.1.0/bin/node");
    expect(r.warning).toMatch(/version manager/);
  });
});
