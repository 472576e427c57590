/** The host's process ownership: it exits with the browser and never leaves an agent or its children behind. */
import { afterEach, describe, expect, it } from "vitest";
import { HostUnderTest, isAlive, waitUntil } from "./host-harness";

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
    host!.child.stdin.end();
    expect(await host!.exit).toEqual({ code: 0, signal: null });
    await waitUntil(() => !isAlive(pid) && !isAlive(childPid), 2000, "agent and grandchild gone");
  });

  it.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)("on %s stops the agent and its children, then exits 0", async (signal) => {
    const { pid, childPid } = await startWithGrandchild();
    host!.child.kill(signal);
    expect(await host!.exit).toEqual({ code: 0, signal: null });
    await waitUntil(() => !isAlive(pid) && !isAlive(childPid), 2000, "agent and grandchild gone");
  });

  it("SIGKILLs an agent that ignores EOF and SIGTERM after the 5 s grace period", async () => {
    const { pid, childPid } = await startWithGrandchild({ SCRIPTED_AGENT_IGNORE_EOF: "1" });
    const t0 = Date.now();
    host!.child.stdin.end();
    expect(await host!.exit).toEqual({ code: 0, signal: null });
    const took = Date.now() - t0;
    expect(took).toBeGreaterThanOrEqual(4500);
    await waitUntil(() => !isAlive(pid) && !isAlive(childPid), 2000, "stubborn agent and grandchild gone");
    expect(host!.hostLog).toMatch(/exited: code null signal SIGKILL/);
  }, 30_000);

  it("a restart leaves no trace of the previous agent", async () => {
    const { pid, childPid } = await startWithGrandchild();
    host!.send({ host: { type: "restart" } });
    await host!.waitFor(() => host!.statuses().filter((s) => s === "running").length === 2, 15_000, "second running");
    await waitUntil(() => !isAlive(pid) && !isAlive(childPid), 2000, "old agent gone");
  });

  it("refuses to serve a caller that is not our extension: exit 3, nothing on stdout", async () => {
    host = new HostUnderTest({ origin: `chrome-extension://${"a".repeat(32)}/` });
    let stdout = 0;
    host.child.stdout.on("data", (c: Buffer) => (stdout += c.length));
    expect((await host.exit).code).toBe(3);
    expect(stdout).toBe(0);
    expect(host.hostLog).toMatch(/refusing caller/);
    expect(host.stderr).toMatch(/refusing caller/);
  });
});
