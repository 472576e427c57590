/** The registry's format, the choice of distribution for a machine, and the profile merge into host.json. */
import { describe, expect, it } from "vitest";
import { withProfile } from "../../../../install-scripts/acp-registry/profile-write";
import { parseRegistry } from "../../../../install-scripts/acp-registry/registry-format";
import { archiveFormat, planInstall, programPath, registryPlatform } from "../../../../install-scripts/acp-registry/resolve";

const SHA = "a".repeat(64);
const tools = { node: "/usr/bin/node", npxCli: "/usr/lib/node_modules/npm/bin/npx-cli.js" };
const p = { platform: "linux" as const, home: "/home/me", env: {} };

function agent(distribution: unknown) {
  const { agents, skipped } = parseRegistry({ agents: [{ id: "x", name: "X", version: "1.0.0", description: "d", distribution }] });
  expect(skipped).toEqual([]);
  return agents[0]!;
}

describe("registry format", () => {
  it("keeps good entries and names each bad one", () => {
    const r = parseRegistry({
      agents: [
        { id: "ok", version: "1.0.0", distribution: { npx: { package: "ok" } } },
        { id: "Bad_Id", version: "1.0.0", distribution: { npx: { package: "b" } } },
        { id: "v", version: "../../1", distribution: {} },
        { id: "opt", version: "1.0.0", distribution: { npx: { package: "--global" } } },
        {
          id: "sum",
          version: "1.0.0",
          distribution: { binary: { "linux-x86_64": { archive: "https://x/a.zip", cmd: "a", sha256: "nothex" } } },
        },
        { id: "ok", version: "2.0.0", distribution: { npx: { package: "ok" } } },
      ],
    });
    expect(r.agents.map((a) => a.id)).toEqual(["ok"]);
    expect(r.skipped).toHaveLength(5);
    expect(r.skipped.join("\n")).toMatch(/lowercase[\s\S]*not a version[\s\S]*not a package name[\s\S]*64 hex[\s\S]*listed twice/);
    expect(() => parseRegistry({ version: "1" })).toThrow(/not an ACP registry/);
  });
});

describe("planInstall", () => {
  it("maps OS and CPU to the registry's platform keys", () => {
    expect(registryPlatform("linux", "x64")).toBe("linux-x86_64");
    expect(registryPlatform("darwin", "arm64")).toBe("darwin-aarch64");
    expect(registryPlatform("win32", "x64")).toBe("windows-x86_64");
    expect(registryPlatform("freebsd", "x64")).toBeUndefined();
  });

  it("knows the archive formats it can unpack", () => {
    expect(archiveFormat("https://h/r/a-1.tar.gz?x=1")).toBe("tar.gz");
    expect(archiveFormat("https://h/a.TGZ")).toBe("tar.gz");
    expect(archiveFormat("https://h/a.zip")).toBe("zip");
    expect(archiveFormat("https://h/goose.tar.bz2")).toBe("tar.bz2");
    expect(archiveFormat("https://h/a.tar.xz")).toBe("unsupported");
    expect(archiveFormat("https://h/a.dmg")).toBe("unsupported");
    expect(archiveFormat("https://h/agent")).toBe("raw");
  });

  it("prefers a verified binary, and falls back to npx with the reason kept", () => {
    const both = agent({
      binary: { "linux-x86_64": { archive: "https://h/a.tar.gz", sha256: SHA, cmd: "./bin\\a", args: ["acp"] } },
      npx: { package: "@s/a@1.0.0", cmd: "a-acp", args: ["--acp"] },
    });
    expect(planInstall(both, "linux-x86_64", tools)).toMatchObject({ kind: "binary", cmd: "bin/a", sha256: SHA, format: "tar.gz" });
    expect(planInstall(both, "darwin-aarch64", tools)).toMatchObject({
      kind: "npx",
      profile: { command: "/usr/bin/node", args: [tools.npxCli, "--yes", "--package", "@s/a@1.0.0", "a-acp", "--acp"] },
    });
    const unverified = agent({ binary: { "linux-x86_64": { archive: "https://h/a.tar.gz", cmd: "a" } } });
    expect(planInstall(unverified, "linux-x86_64", tools)).toMatchObject({
      kind: "unavailable",
      reason: expect.stringContaining("no sha256"),
    });
    const xz = agent({ binary: { "linux-x86_64": { archive: "https://h/a.tar.xz", sha256: SHA, cmd: "a" } }, npx: { package: "a" } });
    expect(planInstall(xz, "linux-x86_64", tools)).toMatchObject({ kind: "npx" });
    expect(planInstall(xz, "linux-x86_64", { node: "/n" })).toMatchObject({
      kind: "unavailable",
      reason: expect.stringMatching(/cannot unpack[\s\S]*npx-cli\.js/),
    });
    const climbs = agent({ binary: { "linux-x86_64": { archive: "https://h/a.zip", sha256: SHA, cmd: "../../bin/sh" } } });
    expect(planInstall(climbs, "linux-x86_64", tools)).toMatchObject({
      kind: "unavailable",
      reason: expect.stringContaining("not a path inside"),
    });
  });

  it("reads the program path relative to the archive's root only", () => {
    expect(programPath("./goose-package\\goose.exe")).toBe("goose-package/goose.exe");
    expect(programPath("/usr/bin/a")).toBeUndefined();
    expect(programPath("C:\\a.exe")).toBeUndefined();
    expect(programPath("a/../../b")).toBeUndefined();
  });
});

describe("withProfile", () => {
  const spec = { command: "/a/bin", args: ["acp"], env: { FROM_REGISTRY: "1", KEY: "registry" } };

  it("adds a profile and keeps the rest of the file, the user's env winning", () => {
    const current = JSON.stringify({
      debug: true,
      profiles: { x: { command: "old", env: { KEY: "mine" }, minVersion: "1.0.0" }, y: { command: "y" } },
    });
    const r = withProfile(current, "/c/host.json", "x", spec, p);
    expect(r.outcome).toBe("updated");
    expect(JSON.parse(r.text)).toEqual({
      debug: true,
      profiles: { x: { command: "/a/bin", args: ["acp"], env: { FROM_REGISTRY: "1", KEY: "mine" }, versionArgs: [] }, y: { command: "y" } },
    });
    expect(withProfile(r.text, "/c/host.json", "x", spec, p).outcome).toBe("unchanged");
    expect(withProfile(undefined, "/c/host.json", "z", spec, p).outcome).toBe("added");
    // goose keeps its version check.
    const goose = JSON.parse(withProfile(undefined, "/c/host.json", "goose", spec, p).text) as { profiles: { goose: object } };
    expect(goose.profiles.goose).toEqual({ command: "/a/bin", args: ["acp"], env: spec.env });
  });

  it("refuses a file the host could not read, rather than replacing it", () => {
    expect(() => withProfile("{ // notes\n}", "/c/host.json", "x", spec, p)).toThrow(/not valid JSON.*fix or delete it/);
    expect(() => withProfile("[]", "/c/host.json", "x", spec, p)).toThrow(/not a JSON object/);
    expect(() => withProfile(JSON.stringify({ cwd: "relative" }), "/c/host.json", "x", spec, p)).toThrow(/cwd must be an absolute path/);
  });
});
