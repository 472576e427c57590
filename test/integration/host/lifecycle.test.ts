/** The host's process ownership: it exits with the browser and never leaves an agent or its children behind. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REAPER_TITLE } from "../../../native-host/agent/reaper";
import { preloadEnv } from "../../helpers/exe-host";
import { HostUnderTest, isAlive, waitUntil } from "../../helpers/host-harness";

/** Browsers SIGKILL a host that has not exited about 2 s after the port closed. */
const BROWSER_GRACE_MS = 2000;

/** Pids of live reapers started by the host with this pid (their command line names it). */
function reapersOf(hostPid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (argv.includes(REAPER_TITLE) && argv.includes(String(hostPid)) && isAlive(Number(entry))) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

let host: HostUnderTest | undefined;
afterEach(async () => {
  if (host) {
    host.kill();
    await host.exit;
    // Belt and braces for a failing test: never leave the scripted agents running.
    try {
      const { pid, childPid } = host.agentPids();
      for (const p of [pid, childPid]) if (p && isAlive(p)) process.kill(p, "SIGKILL");
    } catch {}
  }
  host = undefined;
});

async function startWithGrandchild(agentEnv: Record<string, string> = {}): Promise<{ pid: number; childPid: number }> {
  host = new HostUnderTest({ agentEnv: { SCRIPTED_AGENT_SPAWN_CHILD: "1", ...agentEnv } });
  await host.startAgent();
  await host.initialize();
  const pids = host.agentPids();
  expect(pids.childPid).toBeTypeOf("number");
  expect(isAlive(pids.pid)).toBe(true);
  expect(isAlive(pids.childPid!)).toBe(true);
  return pids as { pid: number; childPid: number };
}

describe("host lifecycle", () => {
  it("on stdin EOF stops the agent and its children, then exits 0", async () => {
    const { pid, childPid } = await startWithGrandchild();
    host!.stdin.end();
    expect(await host!.exit).toEqual({ code: 0, signal: null });
    await waitUntil(() => !isAlive(pid) && !isAlive(childPid), 2000, "agent and grandchild gone");
  });

  it.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)("on %s stops the agent and its children, then exits 0", async (signal) => {
    const { pid, childPid } = await startWithGrandchild();
    host!.child.kill(signal);
    expect(await host!.exit).toEqual({ code: 0, signal: null });
    await waitUntil(() => !isAlive(pid) && !isAlive(childPid), 2000, "agent and grandchild gone");
  });

  it("exits well within the browser's grace period when the agent stops on EOF", async () => {
    await startWithGrandchild();
    const t0 = Date.now();
    host!.stdin.end();
    expect(await host!.exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - t0).toBeLessThan(BROWSER_GRACE_MS / 2);
  });

  it("SIGKILLs an agent that ignores EOF and SIGTERM after a short grace, still inside the browser's", async () => {
    const { pid, childPid } = await startWithGrandchild({ SCRIPTED_AGENT_IGNORE_EOF: "1" });
    const t0 = Date.now();
    host!.stdin.end();
    expect(await host!.exit).toEqual({ code: 0, signal: null });
    const took = Date.now() - t0;
    // It did wait for SIGTERM to work (the grace), and was done well before the browser would SIGKILL it.
    expect(took).toBeGreaterThanOrEqual(600);
    expect(took).toBeLessThan(BROWSER_GRACE_MS - 300);
    await waitUntil(() => !isAlive(pid) && !isAlive(childPid), 2000, "stubborn agent and grandchild gone");
    expect(host!.hostLog).toMatch(/exited: code null signal SIGKILL/);
    // A clean shutdown lets the reaper go without it signalling anything.
    await waitUntil(() => reapersOf(host!.child.pid!).length === 0, 2000, "reaper gone");
  });

  it("when the host itself is SIGKILLed, its reaper kills a stubborn agent and the agent's children", async () => {
    const { pid, childPid } = await startWithGrandchild({ SCRIPTED_AGENT_IGNORE_EOF: "1" });
    const hostPid = host!.child.pid!;
    await waitUntil(() => reapersOf(hostPid).length === 1, 2000, "one reaper running");
    host!.child.kill("SIGKILL");
    expect(await host!.exit).toEqual({ code: null, signal: "SIGKILL" });
    await waitUntil(() => !isAlive(pid) && !isAlive(childPid), 3000, "agent and grandchild gone after the host was SIGKILLed");
    await waitUntil(() => reapersOf(hostPid).length === 0, 2000, "reaper gone");
  });

  it("an uncaught error in the host kills the agent's group at once and exits non-zero", async () => {
    // Preloaded into the host only (its first argument is the caller's origin; the agent's is "acp"):
    // SIGUSR2 makes it throw from a callback, as a bug would.
    const preload = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gb-preload-")), "throw-on-usr2.cjs");
    fs.writeFileSync(
      preload,
      `if ((process.argv[2] || "").startsWith("chrome-extension://")) process.on("SIGUSR2", () => setImmediate(() => { throw new Error("injected failure"); }));\n`,
    );
    host = new HostUnderTest({
      agentEnv: { SCRIPTED_AGENT_SPAWN_CHILD: "1", SCRIPTED_AGENT_IGNORE_EOF: "1" },
      env: preloadEnv(preload),
    });
    await host.startAgent();
    await host.initialize();
    const { pid, childPid } = host.agentPids() as { pid: number; childPid: number };
    host.child.kill("SIGUSR2");
    expect((await host.exit).code).toBe(70);
    await waitUntil(() => !isAlive(pid) && !isAlive(childPid), 1000, "agent and grandchild killed at once");
    expect(host.hostLog).toMatch(/uncaught exception: Error: injected failure/);
  });

  it("a restart leaves no trace of the previous agent", async () => {
    const { pid, childPid } = await startWithGrandchild();
    host!.send({ host: { type: "restart" } });
    await host!.waitFor(() => host!.statuses().filter((s) => s === "running").length === 2, 15_000, "second running");
    await waitUntil(() => !isAlive(pid) && !isAlive(childPid), 2000, "old agent gone");
  });

  it("refuses to serve a caller that is not our extension: exit 3, nothing on stdout", async () => {
    host = new HostUnderTest({ origin: `chrome-extension://${"a".repeat(32)}/` });
    let stdout = 0;
    host.stdout.on("data", (c: Buffer) => (stdout += c.length));
    expect((await host.exit).code).toBe(3);
    expect(stdout).toBe(0);
    expect(host.hostLog).toMatch(/refusing caller/);
    expect(host.stderr).toMatch(/refusing caller/);
  });
});
