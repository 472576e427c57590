/**
 * Stopping the agent has a deadline however the kill goes (agent/process.ts): a real agent that ignores
 * stdin's end, stopped the Windows way (no SIGTERM, then its tree kill), with a kill that works and one
 * that fails. The Windows kill itself runs under Wine (test/windows/).
 */
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { AgentProcess, type StopOptions } from "../../../native-host/agent/process";
import { isAlive } from "../../helpers/host-harness";

/** Runs until killed: stdin's end and SIGTERM change nothing. */
const STUBBORN = `process.on("SIGTERM", () => {}); process.stdin.resume(); process.stdin.on("end", () => {}); setInterval(() => {}, 1000);`;

const started: AgentProcess[] = [];
afterEach(() => {
  for (const a of started.splice(0)) if (a.pid !== undefined && isAlive(a.pid)) process.kill(a.pid, "SIGKILL");
});

function watcher() {
  const told: string[] = [];
  return { told, watch: (pid: number) => told.push(`watch ${pid}`), forget: (pid: number) => told.push(`forget ${pid}`) };
}

function start(how: StopOptions, w = watcher()): AgentProcess {
  const agent = new AgentProcess({ file: process.execPath, args: ["-e", STUBBORN], cwd: os.tmpdir(), env: {} }, w, undefined, how);
  agent.stdout.resume();
  started.push(agent);
  return agent;
}

describe("stopping the agent", () => {
  it("ends once the tree kill worked, and the reaper forgets the agent", async () => {
    const w = watcher();
    const killed: number[] = [];
    const agent = start(
      {
        platform: "win32",
        killTree: (pid) => {
          killed.push(pid);
          process.kill(pid, "SIGKILL");
        },
      },
      w,
    );
    expect(await agent.stop()).toEqual({ code: null, signal: "SIGKILL" });
    expect(agent.hasExited).toBe(true);
    expect(killed).toEqual([agent.pid]);
    expect(w.told).toEqual([`watch ${agent.pid}`, `forget ${agent.pid}`]);
  });

  it("ends although the kill failed and the agent runs on, which stays watched for the reaper", async () => {
    const w = watcher();
    let tries = 0;
    const agent = start({ platform: "win32", killTree: () => void tries++ }, w);
    expect(await agent.stop()).toEqual({ code: null, signal: null });
    expect(tries).toBe(1);
    expect(agent.hasExited).toBe(false);
    expect(isAlive(agent.pid!)).toBe(true);
    expect(w.told).toEqual([`watch ${agent.pid}`]);
  });

  it("kills a Windows agent that already exited no more: its id may belong to another process by then", async () => {
    let tries = 0;
    const agent = start({ platform: "win32", killTree: () => void tries++ });
    process.kill(agent.pid!, "SIGKILL");
    await agent.exited;
    await agent.stop();
    agent.killNow();
    expect(tries).toBe(0);
  });
});
