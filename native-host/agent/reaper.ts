/**
 * Makes the agent's process group die with the host, however the host dies. Browsers SIGKILL a host
 * that has not exited about two seconds after the port closed, and a SIGKILLed host runs no shutdown
 * code; an agent that ignores stdin EOF (and its MCP servers) would then live on.
 *
 * So the host starts one small reaper: `node -e REAPER_SOURCE` (process.execPath and the fixed script
 * below; no shell, nothing from a message), in its own process group (never the agent's, so a group
 * kill aimed at the agent does not take it along). The host keeps the write end of the reaper's stdin
 * and tells it which groups to watch ("watch <pgid>") and which are already stopped ("forget <pgid>").
 * When that pipe closes, the host is gone: the reaper SIGTERMs every watched group, SIGKILLs whatever
 * is left after REAPER_GRACE_MS, and exits. The pipe end is close-on-exec, so agents never hold it.
 *
 * On Windows the reaper ends each watched agent's process tree as the host does (windows-tree-kill.ts,
 * whose function it runs as source text). (Job objects with JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE would be
 * tighter, but need native code.)
 */
import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Writable } from "node:stream";
import { IS_BUN } from "../setup/runtime";
import { killWindowsTree } from "./windows-tree-kill";

/** How long the reaper waits between SIGTERM and SIGKILL. */
const REAPER_GRACE_MS = 500;

/** Marks the reaper in `ps` output (its argv: REAPER_TITLE, then the host's pid), and lets tests find it. */
export const REAPER_TITLE = "goose-browser-reaper";

/** The reaper's whole program. Kept small and dependency-free: it runs with `node -e`. */
const REAPER_SOURCE = `"use strict";
const groups = new Set();
let buffered = "";
let reaping = false;
for (const s of ["SIGINT", "SIGHUP"]) process.on(s, () => {});
process.stdin.on("data", (chunk) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf("\\n")) >= 0) {
    const m = /^(watch|forget) (\\d+)$/.exec(buffered.slice(0, nl));
    buffered = buffered.slice(nl + 1);
    if (m) m[1] === "watch" ? groups.add(Number(m[2])) : groups.delete(Number(m[2]));
  }
});
const signal = (pgid, sig) => { try { process.kill(-pgid, sig); return true; } catch { return false; } };
function reap() {
  if (reaping) return;
  reaping = true;
  if (process.platform === "win32") {
    const { spawnSync } = require("node:child_process");
    const deps = {
      run: (file, args, timeout) => {
        const r = spawnSync(file, args, { stdio: ["ignore", "pipe", "ignore"], windowsHide: true, timeout });
        return { status: r.status, stdout: r.stdout || Buffer.alloc(0) };
      },
      kill: (pid) => process.kill(pid),
      system32: require("node:path").win32.join(process.env.SystemRoot || "C:\\\\Windows", "System32"),
    };
    for (const pid of groups) { try { killWindowsTree(pid, deps); } catch {} }
    process.exit(0);
  }
  for (const g of groups) signal(g, "SIGTERM");
  const deadline = Date.now() + ${REAPER_GRACE_MS};
  const poll = () => {
    const left = [...groups].filter((g) => signal(g, 0));
    if (left.length === 0 || Date.now() >= deadline) {
      for (const g of left) signal(g, "SIGKILL");
      process.exit(0);
    }
    setTimeout(poll, 25);
  };
  poll();
}
process.stdin.on("end", reap);
process.stdin.on("error", reap);
${killWindowsTree.toString()}
`;

/** The host's side: starts the reaper on first use and keeps it told. */
export class Reaper {
  private child: ChildProcessByStdio<Writable, null, null> | undefined;

  /** Process groups (POSIX) or process ids (Windows) to kill if the host dies. */
  watch(pid: number): void {
    this.tell(`watch ${pid}\n`);
  }

  /** The group was stopped by the host itself: the reaper must not signal that id later (it may be reused). */
  forget(pid: number): void {
    if (this.child) this.tell(`forget ${pid}\n`);
  }

  /** A clean shutdown: everything has been forgotten, so the reaper exits without signalling anything. */
  close(): void {
    this.child?.stdin.end();
    this.child = undefined;
  }

  private tell(line: string): void {
    this.child ??= this.spawn();
    if (this.child?.stdin.writable) this.child.stdin.write(line);
  }

  private spawn(): ChildProcessByStdio<Writable, null, null> | undefined {
    try {
      const child = spawn(process.execPath, ["-e", REAPER_SOURCE, REAPER_TITLE, String(process.pid)], {
        stdio: ["pipe", "ignore", "ignore"],
        shell: false,
        windowsHide: true,
        // Its own process group: not the agent's, and not the host's (a kill aimed at the host's group spares it).
        detached: true,
        // Nothing from the user's environment (NODE_OPTIONS could load code into it); Windows needs SystemRoot.
        // In the standalone executable process.execPath is the host itself: BUN_BE_BUN makes it Bun's own `bun -e`.
        env: { ...(process.env.SystemRoot ? { SystemRoot: process.env.SystemRoot } : {}), ...(IS_BUN ? { BUN_BE_BUN: "1" } : {}) },
      });
      child.on("error", () => {});
      child.stdin.on("error", () => {});
      // The host exits on its own terms; the reaper must not keep it alive.
      child.unref();
      (child.stdin as unknown as { unref?: () => void }).unref?.();
      return child;
    } catch {
      return undefined;
    }
  }
}
