/**
 * `agents` and `add` against a local copy of the ACP Registry (registry-copy.ts), in a throwaway
 * HOME: an npx agent, binary agents in .tar.gz and .zip made here by the system's tar and zip, a
 * checksum mismatch refused with nothing written, the registry cache over http, and `uninstall`
 * removing what `add` wrote (the receipt lists it).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TempMachine } from "../../helpers/install-harness";
import { FIXTURE_REGISTRY, type RegistryCopy, writeRegistryCopy } from "../../helpers/registry-copy";

const RECEIPT = ".local/share/goose-browser/install-receipt.json";
const LOG = ".local/state/goose-browser/host.log";

let m: TempMachine;
let copy: RegistryCopy;
const CONFIG = ".config/goose-browser/host.json";
const AGENTS = ".local/share/goose-browser/agents";

beforeEach(() => {
  m = new TempMachine();
  copy = writeRegistryCopy(m.root, { SCRIPTED_AGENT_STATE_DIR: path.join(m.root, "agent-state") });
});
afterEach(() => m.dispose());

function config(): {
  defaultProfile?: string;
  profiles: Record<string, { command: string; args: string[]; env: Record<string, string>; versionArgs?: string[] }>;
} {
  return JSON.parse(m.read(CONFIG));
}

describe("goose-browser agents", () => {
  it("lists the registry's agents with how each runs here, and --json for scripts", async () => {
    const human = await m.run("agents", "--registry", copy.url);
    expect(human.code).toBe(0);
    expect(human.out).toMatch(/^10 agents in the ACP Registry/);
    expect(human.out).toMatch(/gemini\s+0\.18\.0\s+npx @google\/gemini-cli@0\.18\.0/);
    expect(human.out).toMatch(/scripted-tar\s+1\.2\.3\s+\S+ tar\.gz/);
    // In a checkout, its own command for it (no goose-browser is on this PATH).
    expect(human.out).toContain("Add one: npm run add-agent -- <id>");

    const { code, out } = await m.run("agents", "--registry", copy.url, "--json");
    expect(code).toBe(0);
    const listed = JSON.parse(out) as { agents: { id: string; install: string; reason?: string }[]; skipped: string[] };
    const byId = Object.fromEntries(listed.agents.map((a) => [a.id, a]));
    expect(byId.gemini?.install).toBe("npx");
    expect(byId["scripted-zip"]?.install).toBe("binary");
    // fast-agent has only a Python package: said, not attempted.
    expect(byId["fast-agent"]?.install).toBe("unavailable");
    expect(byId["fast-agent"]?.reason).toContain("uvx");
    expect(human.out).toContain("fast-agent is not installable here: its Python package");
    expect(listed.skipped).toEqual([expect.stringContaining("version")]);
  });

  it("fetches an http registry once, then uses the cached copy until --refresh", async () => {
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests++;
      res.setHeader("content-type", "application/json");
      res.end(fs.readFileSync(FIXTURE_REGISTRY));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/registry.json`;
    try {
      const first = JSON.parse((await m.run("agents", "--registry", url, "--json")).out) as { from: string; agents: unknown[] };
      expect(first.from).toBe("network");
      expect(first.agents).toHaveLength(4);
      expect(fs.existsSync(m.path(".cache/goose-browser/acp-registry.json"))).toBe(true);
      const second = JSON.parse((await m.run("agents", "--registry", url, "--json")).out) as { from: string };
      expect(second.from).toBe("cache");
      expect(requests).toBe(1);
      await m.run("agents", "--registry", url, "--refresh", "--json");
      expect(requests).toBe(2);
    } finally {
      server.close();
    }
    // The server is gone: the cached copy still answers, fresh for an hour.
    const offline = await m.run("agents", "--registry", url);
    expect(offline.code).toBe(0);
    expect(offline.out).toContain("claude-acp");
  });

  it("says what to do when the registry cannot be read", async () => {
    const r = await m.run("agents", "--registry", `${copy.url}.missing`);
    expect(r.code).toBe(1);
    expect(r.out).toContain("Could not read the ACP Registry");
    expect(r.out).toContain("--registry URL");
  });
});

describe("goose-browser add", () => {
  it("adds an npx agent as node + npm's npx-cli.js (no shell), keeping the user's other profiles and env", async () => {
    fs.mkdirSync(path.dirname(m.path(CONFIG)), { recursive: true });
    const mine = { command: "/opt/mine/agent", args: ["--acp"], env: { MY_KEY: "k" } };
    fs.writeFileSync(
      m.path(CONFIG),
      JSON.stringify({
        defaultProfile: "mine",
        profiles: { mine, gemini: { command: "old", env: { GEMINI_API_KEY: "secret" } } },
        debug: true,
      }),
    );

    const r = await m.run("add", "gemini", "--registry", copy.url);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('Profile "gemini" updated');
    const c = config();
    expect(c.defaultProfile).toBe("mine");
    expect(c.profiles.mine).toEqual(mine);
    const gemini = c.profiles.gemini!;
    expect(path.isAbsolute(gemini.command)).toBe(true);
    expect(fs.realpathSync(gemini.command)).toBe(fs.realpathSync(process.execPath));
    const [npxCli, ...rest] = gemini.args;
    expect(npxCli).toMatch(/npx-cli\.js$/);
    expect(fs.existsSync(npxCli!)).toBe(true);
    expect(rest).toEqual(["--yes", "@google/gemini-cli@0.18.0", "--experimental-acp"]);
    expect(gemini.env).toEqual({ GEMINI_API_KEY: "secret" });
    expect(gemini.versionArgs).toEqual([]);
    // Nothing to install for npx: no agent folder.
    expect(fs.existsSync(m.path(AGENTS))).toBe(false);
  });

  for (const [id, format] of [
    ["scripted-tar", "tar.gz"],
    ["scripted-zip", "zip"],
    ["scripted-bz2", "tar.bz2"],
  ] as const) {
    it(`installs a ${format} binary into the data folder, verified, and its profile runs the agent`, async () => {
      const r = await m.run("add", id, "--registry", copy.url, "--json");
      expect(r.code, r.out).toBe(0);
      const result = JSON.parse(r.out) as { dir: string; profile: { command: string; outcome: string } };
      const dir = m.path(`${AGENTS}/${id}/1.2.3`);
      expect(result.dir).toBe(dir);
      expect(fs.readdirSync(dir).sort()).toEqual(["README.txt", "bin"]);
      const program = path.join(dir, "bin", "scripted-agent");
      expect(fs.statSync(program).mode & 0o111).not.toBe(0);
      expect(execFileSync(program, ["--version"], { encoding: "utf8" })).toBe(" 1.50.0\n");
      const profile = config().profiles[id]!;
      expect(profile).toEqual({
        command: program,
        args: ["acp"],
        env: { SCRIPTED_AGENT_STATE_DIR: path.join(m.root, "agent-state") },
        versionArgs: [],
      });
      // No staging folder left beside it.
      expect(fs.readdirSync(path.dirname(dir))).toEqual(["1.2.3"]);

      // Again: nothing changes, and it says so.
      const before = m.snapshot(true);
      const again = await m.run("add", id, "--registry", copy.url);
      expect(again.code).toBe(0);
      expect(again.out).toContain("Already installed");
      expect(again.out).toContain("unchanged");
      expect(m.snapshot(true)).toEqual(before);
    });
  }

  it("refuses an archive whose sha256 is not the registry's, and writes nothing", async () => {
    const before = m.snapshot(true);
    const r = await m.run("add", "tampered", "--registry", copy.url);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/has sha256 [0-9a-f]{64}, but the registry says [0-9a-f]{64}/);
    expect(r.out).toContain("nothing was installed or changed");
    expect(m.snapshot(true)).toEqual(before);
  });

  it("leaves nothing behind when the archive lacks the program the registry names", async () => {
    const before = m.snapshot(true);
    const r = await m.run("add", "no-program", "--registry", copy.url);
    expect(r.code).toBe(1);
    expect(r.out).toContain("the archive has no bin/absent");
    expect(m.snapshot(true)).toEqual(before);
  });

  it("refuses an unknown agent, one it cannot install here, and a host.json that is not JSON, writing nothing", async () => {
    const unknown = await m.run("add", "nobody", "--registry", copy.url);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No agent "nobody"');
    const uvx = await m.run("add", "fast-agent", "--registry", copy.url);
    expect(uvx.code).toBe(1);
    expect(uvx.out).toMatch(/Cannot add fast-agent here: .*uvx/);
    fs.mkdirSync(path.dirname(m.path(CONFIG)), { recursive: true });
    fs.writeFileSync(m.path(CONFIG), "{ // my notes\n}");
    const before = m.snapshot(true);
    // A binary agent: the broken file stops it before anything is downloaded or unpacked.
    const broken = await m.run("add", "scripted-tar", "--registry", copy.url);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain("is not valid JSON");
    expect(broken.out).toContain("fix or delete it");
    expect(m.snapshot(true)).toEqual(before);
    const usage = await m.run("add");
    expect(usage.code).toBe(2);
    // A checkout's own command for it: no goose-browser is on this PATH.
    expect(usage.out).toContain("`npm run agents`");
  });
});

/** Serves a file over http for the duration of `body`: the registry through its cache, as users get it. */
async function served<T>(file: () => string, body: (url: string) => Promise<T>): Promise<T> {
  const server = http.createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(file());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await body(`http://127.0.0.1:${(server.address() as AddressInfo).port}/registry.json`);
  } finally {
    server.close();
  }
}

function receipt(): { agents?: { id: string; dir: string; previous?: true }[]; profiles?: { name: string }[]; caches?: string[] } {
  return JSON.parse(m.read(RECEIPT));
}

describe("add, then uninstall", () => {
  /** A machine with a browser, so `install` has somewhere to register the host. */
  const withBrowser = () => {
    m.dispose();
    m = new TempMachine({ dirs: [".config/chromium"] });
    copy = writeRegistryCopy(m.root, { SCRIPTED_AGENT_STATE_DIR: path.join(m.root, "agent-state") });
  };

  it("uninstall removes the agents' folders, the registry cache and the added profiles: only the host's log is left", async () => {
    withBrowser();
    const pristine = m.snapshot();
    const inst = await m.run("install");
    expect(inst.code, inst.out).toBe(0);
    await served(
      () => fs.readFileSync(copy.file, "utf8"),
      async (url) => {
        for (const id of ["scripted-tar", "scripted-npx", "scripted-tar", "scripted-npx"]) {
          const r = await m.run("add", id, "--registry", url);
          expect(r.code, r.out).toBe(0);
        }
      },
    );
    expect(fs.existsSync(m.path(`${AGENTS}/scripted-tar/1.2.3/bin/scripted-agent`))).toBe(true);
    expect(fs.existsSync(m.path(".cache/goose-browser/acp-registry.json"))).toBe(true);
    // Added twice each, listed once.
    const listed = receipt();
    expect(listed.agents).toEqual([{ id: "scripted-tar", dir: m.path(`${AGENTS}/scripted-tar/1.2.3`) }]);
    expect(listed.profiles?.map((x) => x.name)).toEqual(["scripted-npx", "scripted-tar"]);
    expect(listed.caches).toEqual([m.path(".cache/goose-browser/acp-registry.json")]);

    const r = await m.run("uninstall");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/✓ agent scripted-tar: removed /);
    expect(r.out).toMatch(/✓ registry cache: removed /);
    expect(m.snapshot().filter((e) => !pristine.includes(e))).toEqual([
      // The host's log, from the start the install checked.
      ".local/",
      ".local/state/",
      ".local/state/goose-browser/",
      LOG,
    ]);
  });

  it("a config the user changed stays, without the added profiles they left as they were", async () => {
    withBrowser();
    const inst = await m.run("install");
    expect(inst.code, inst.out).toBe(0);
    for (const id of ["scripted-tar", "scripted-zip", "scripted-npx"])
      expect((await m.run("add", id, "--registry", copy.url)).code).toBe(0);
    const c = config();
    c.profiles["scripted-zip"]!.env.MY_KEY = "mine";
    fs.writeFileSync(m.path(CONFIG), JSON.stringify({ ...c, debug: true }, null, 2));

    const r = await m.run("uninstall");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/✓ agent profile: removed "scripted-npx", "scripted-tar" from /);
    expect(r.out).toMatch(/– agent profile: kept "scripted-zip" .*changed since it was added/);
    const after = config() as ReturnType<typeof config> & { debug?: boolean };
    expect(after.debug).toBe(true);
    expect(Object.keys(after.profiles).sort()).toEqual(["goose", "scripted-zip"]);
    expect(after.profiles["scripted-zip"]?.env.MY_KEY).toBe("mine");
    // Its folder goes all the same: the user's profile now names a program that is gone, as after any uninstall.
    expect(fs.existsSync(m.path(AGENTS))).toBe(false);
  });

  it("an add before any install is recorded too, an upgrade keeps one previous version, and install keeps the list", async () => {
    withBrowser();
    const pristine = m.snapshot();
    const registry = JSON.parse(fs.readFileSync(copy.file, "utf8")) as { agents: { id: string; version: string }[] };
    const addVersion = async (version: string) => {
      for (const a of registry.agents) if (a.id === "scripted-tar") a.version = version;
      fs.writeFileSync(copy.file, JSON.stringify(registry));
      const r = await m.run("add", "scripted-tar", "--registry", copy.url);
      expect(r.code, r.out).toBe(0);
    };
    await addVersion("1.2.3");
    await addVersion("1.2.4");
    expect(fs.readdirSync(m.path(`${AGENTS}/scripted-tar`)).sort()).toEqual(["1.2.3", "1.2.4"]);
    await addVersion("1.2.5");
    expect(fs.readdirSync(m.path(`${AGENTS}/scripted-tar`)).sort()).toEqual(["1.2.4", "1.2.5"]);
    expect(receipt().agents).toEqual([
      { id: "scripted-tar", dir: m.path(`${AGENTS}/scripted-tar/1.2.4`), previous: true },
      { id: "scripted-tar", dir: m.path(`${AGENTS}/scripted-tar/1.2.5`) },
    ]);
    expect(config().profiles["scripted-tar"]?.command).toBe(m.path(`${AGENTS}/scripted-tar/1.2.5/bin/scripted-agent`));

    // add made host.json, and nobody changed it since: install keeps it the installer's, and the list of what add wrote.
    const inst = await m.run("install");
    expect(inst.code, inst.out).toBe(0);
    expect(receipt().agents).toHaveLength(2);
    expect(receipt().profiles?.map((x) => x.name)).toEqual(["scripted-tar"]);

    const r = await m.run("uninstall");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/✓ host config: removed /);
    expect(m.snapshot().filter((e) => !pristine.includes(e))).toEqual([".local/", ".local/state/", ".local/state/goose-browser/", LOG]);
  });
});
