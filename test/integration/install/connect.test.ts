/**
 * `connect`: a goose serve profile written into host.json the way the host reads it, with a fresh
 * token and the command that starts goose serve with it, or the GOOSE_SERVER__SECRET_KEY already set;
 * ws:// to another machine is refused in the host's words and nothing is written; the token stays out
 * of --json; the file holding it is its owner's alone.
 */
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { TempMachine } from "../../helpers/install-harness";

const CONFIG = ".config/goose-browser/host.json";
let m: TempMachine | undefined;
afterEach(() => {
  m?.dispose();
  m = undefined;
});

describe("goose-browser connect", () => {
  it("adds a profile with a fresh token, prints how to start goose serve with it, and keeps it on a second run", async () => {
    m = new TempMachine();
    fs.mkdirSync(m.path(".config/goose-browser"), { recursive: true });
    fs.writeFileSync(m.path(CONFIG), JSON.stringify({ profiles: { claude: { command: "claude-agent-acp" } } }), { mode: 0o644 });
    const first = await m.run("connect", "desktop", "--default");
    expect(first.code).toBe(0);
    const config = JSON.parse(m.read(CONFIG)) as { defaultProfile: string; profiles: Record<string, { url?: string; token?: string }> };
    const token = config.profiles.desktop!.token!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(config).toMatchObject({
      defaultProfile: "desktop",
      profiles: { claude: { command: "claude-agent-acp" }, desktop: { url: "ws://127.0.0.1:3284/acp" } },
    });
    expect(first.out).toContain(`Profile "desktop" added in ${m.path(CONFIG)}: goose serve at ws://127.0.0.1:3284/acp.`);
    expect(first.out).toContain(`  GOOSE_SERVER__SECRET_KEY=${token} goose serve --port 3284\n`);
    expect(fs.statSync(m.path(CONFIG)).mode & 0o777).toBe(0o600);
    const again = await m.run("connect", "desktop", "--json");
    expect(JSON.parse(again.out)).toEqual({
      ok: true,
      configFile: m.path(CONFIG),
      profile: { name: "desktop", url: "ws://127.0.0.1:3284/acp", outcome: "unchanged" },
      token: "kept",
    });
    expect(again.out).not.toContain(token);
  });

  it("takes the GOOSE_SERVER__SECRET_KEY set, and refuses ws:// to another machine without writing", async () => {
    m = new TempMachine();
    m.env.GOOSE_SERVER__SECRET_KEY = "the-key-goose-serve-has";
    const given = await m.run("connect", "box", "--url", "wss://devbox.example:3284/acp", "--certificate", "/certs/devbox.pem");
    expect(given.code).toBe(0);
    expect(given.out).toContain("Its token is the GOOSE_SERVER__SECRET_KEY set here");
    expect(given.out).not.toContain("the-key-goose-serve-has");
    expect(JSON.parse(m.read(CONFIG)).profiles.box).toEqual({
      url: "wss://devbox.example:3284/acp",
      token: "the-key-goose-serve-has",
      certificate: "/certs/devbox.pem",
    });
    const before = m.read(CONFIG);
    const refused = await m.run("connect", "lan", "--url", "ws://192.168.1.20:3284/acp");
    expect(refused.code).toBe(1);
    expect(refused.out).toBe(
      `Could not add the profile: profiles.lan.url uses ws:// to 192.168.1.20, which is not this machine: use wss:// (goose serve --tls), or an SSH tunnel to a loopback port\n`,
    );
    expect(m.read(CONFIG)).toBe(before);
  });
});
