import { describe, expect, it } from "vitest";
import { hasProfile, parseConfig, profileNamed, serveProfileNamed } from "../../../../native-host/setup/config";
import type { PlatformInfo } from "../../../../native-host/setup/paths";
import { GOOSE_SERVE_MIN_VERSION } from "../../../../shared/serve-profiles";

const linux: PlatformInfo = { platform: "linux", home: "/home/me", env: {} };
const TOKEN = "0123456789abcdef-secret";

function parse(profile: Record<string, unknown>) {
  return parseConfig({ profiles: { desktop: profile } }, linux);
}

function errorOf(profile: Record<string, unknown>): string {
  try {
    parse(profile);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("parsed");
}

describe("goose serve profiles in host.json", () => {
  it("reads a URL and a token as a profile of its own kind, listed with the others in the file's order", () => {
    const c = parseConfig(
      {
        defaultProfile: "desktop",
        profiles: { claude: { command: "claude-agent-acp" }, desktop: { url: "ws://127.0.0.1:3284/acp", token: TOKEN } },
      },
      linux,
    );
    expect(serveProfileNamed(c, "desktop")).toEqual({
      url: { ws: "ws://127.0.0.1:3284/acp", http: "http://127.0.0.1:3284/acp", loopback: true },
      token: TOKEN,
      minVersion: GOOSE_SERVE_MIN_VERSION,
    });
    expect(profileNamed(c, "desktop")).toBeUndefined();
    expect(c.profileNames).toEqual(["goose", "claude", "desktop"]);
    expect(c.defaultProfile).toBe("desktop");
    expect(hasProfile(c, "desktop") && hasProfile(c, "claude") && !hasProfile(c, "toString")).toBe(true);
  });

  it("takes the path /acp when the URL has none, wss:// to another machine, a remote cwd, and minVersion null", () => {
    expect(serveProfileNamed(parse({ url: "ws://localhost:3284", token: TOKEN }), "desktop")?.url.ws).toBe("ws://localhost:3284/acp");
    const remote = serveProfileNamed(
      parse({ url: "wss://devbox.example:3284/acp", token: TOKEN, cwd: "/workspace", minVersion: null }),
      "desktop",
    );
    expect(remote).toEqual({
      url: { ws: "wss://devbox.example:3284/acp", http: "https://devbox.example:3284/acp", loopback: false },
      token: TOKEN,
      cwd: "/workspace",
    });
  });

  it("refuses ws:// to any host but this machine, and says why and what to use", () => {
    expect(errorOf({ url: "ws://192.168.1.20:3284/acp", token: TOKEN })).toBe(
      "profiles.desktop.url uses ws:// to 192.168.1.20, which is not this machine: use wss:// (goose serve --tls), or an SSH tunnel to a loopback port",
    );
    expect(errorOf({ url: "http://devbox:3284", token: TOKEN })).toContain("not this machine");
  });

  it("refuses a token in the URL, a missing or spaced token, and a command beside the URL, never repeating the token", () => {
    const inUrl = errorOf({ url: `ws://127.0.0.1:3284/acp?token=${TOKEN}`, token: TOKEN });
    expect(inUrl).toBe('profiles.desktop.url must not hold a user, a query or a fragment: put the token in the profile\'s "token"');
    expect(errorOf({ url: "ws://127.0.0.1:3284/acp" })).toBe(
      "profiles.desktop.token must be the server's GOOSE_SERVER__SECRET_KEY: printable characters, no spaces",
    );
    expect(errorOf({ url: "ws://127.0.0.1:3284/acp", token: `${TOKEN} x` })).not.toContain(TOKEN);
    expect(errorOf({ url: "ws://127.0.0.1:3284/acp", token: TOKEN, command: "goose" })).toBe(
      "profiles.desktop has a url, so it connects to a goose serve and runs no command: remove profiles.desktop.command",
    );
    expect(errorOf({ url: "ftp://127.0.0.1/", token: TOKEN })).toBe("profiles.desktop.url must start with ws:// or wss:// (got ftp://)");
    expect(errorOf({ url: "ws://127.0.0.1:3284/acp", token: TOKEN, cwd: "workspace" })).toBe(
      "profiles.desktop.cwd must be an absolute path on the server's machine",
    );
  });

  it("takes the server's certificate for wss:// only, as an absolute path", () => {
    const pinned = serveProfileNamed(parse({ url: "wss://devbox:3284/acp", token: TOKEN, certificate: "/home/me/devbox.pem" }), "desktop");
    expect(pinned?.certificate).toBe("/home/me/devbox.pem");
    expect(errorOf({ url: "wss://devbox:3284/acp", token: TOKEN, certificate: "devbox.pem" })).toBe(
      "profiles.desktop.certificate must be the absolute path of the server's certificate (a PEM file)",
    );
    expect(errorOf({ url: "ws://127.0.0.1:3284/acp", token: TOKEN, certificate: "/home/me/devbox.pem" })).toBe(
      "profiles.desktop.certificate is for a wss:// URL",
    );
  });

  it("keeps the name goose for the goose CLI", () => {
    expect(() => parseConfig({ profiles: { goose: { url: "ws://127.0.0.1:3284/acp", token: TOKEN } } }, linux)).toThrow(
      "profiles.goose is the goose CLI's profile: give the goose serve profile another name",
    );
  });
});
