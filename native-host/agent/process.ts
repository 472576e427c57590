/**
 * Runs the agent: spawned with an argument array (never a shell) in its own process group, and
 * stopped by closing its stdin, SIGTERM to the group, SIGKILL to the group after a grace period.
 * The group kill also reaches grandchildren (an agent's MCP servers), so nothing is orphaned; the
 * reaper (reaper.ts) does the same if the host dies before it could. On Windows the tree is ended by
 * windows-tree-kill.ts. However the kill goes, stop() ends within STOP_GRACE_MS + EXIT_WAIT_MS (plus
 * the kill's own bounded run): an agent that outlives it stays watched by the reaper, which tries
 * again once the host is gone.
 */
import { type ChildProcessByStdio, spawn, spawnSync } from "node:child_process";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import type { ByteSource } from "../wire/browser-input";
import { type StdoutSocket, stdoutSocket } from "./stdout-socket";
import { killWindowsTree, type TreeKillDeps } from "./windows-tree-kill";

export interface SpawnSpec {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Windows: `args` is one command line quoted for cmd.exe already (launch.ts). */
  windowsVerbatimArguments?: true;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * SIGTERM → SIGKILL. Browsers SIGKILL a host about 2 s after the port closes, so the whole shutdown
 * (stdin EOF, SIGTERM, this grace, SIGKILL, exit) must fit well inside that.
 */
const STOP_GRACE_MS = 700;

/** How long stop() waits for the exit once the tree was killed: a kill that failed must not hold the host. */
const EXIT_WAIT_MS = 500;

/** Tells a watcher which process groups to kill should the host die (reaper.ts). */
export interface GroupWatcher {
  watch(pid: number): void;
  forget(pid: number): void;
}

/** How the process is stopped; tests replace it to see a kill that fails. */
export interface StopOptions {
  platform: NodeJS.Platform;
  /** Kills the whole tree (POSIX: the process group) of the agent with this pid. */
  killTree(pid: number): void;
}

const nativeStop: StopOptions = { platform: process.platform, killTree };

export class AgentProcess {
  readonly child: ChildProcessByStdio<Writable, Readable | null, Readable>;
  /** The agent's stdout: each chunk is valid only during its callback. */
  readonly stdout: ByteSource;
  readonly exited: Promise<ExitInfo>;
  private exitInfo: ExitInfo | undefined;
  private stopping: Promise<ExitInfo> | undefined;

  /** Starts the agent, its stdout a socket read into one reused buffer where the host can make one (stdout-socket.ts). */
  static async start(spec: SpawnSpec, watcher?: GroupWatcher): Promise<AgentProcess> {
    return new AgentProcess(spec, watcher, await stdoutSocket());
  }

  constructor(
    spec: SpawnSpec,
    private readonly watcher?: GroupWatcher,
    socket?: StdoutSocket,
    private readonly how: StopOptions = nativeStop,
  ) {
    try {
      this.child = spawn(spec.file, spec.args, {
        cwd: spec.cwd,
        env: spec.env,
        stdio: ["pipe", socket?.childEnd ?? "pipe", "pipe"],
        shell: false,
        windowsHide: true,
        ...(spec.windowsVerbatimArguments ? { windowsVerbatimArguments: true } : {}),
        // Own process group on POSIX, so one signal reaches the agent and everything it started.
        detached: how.platform !== "win32",
        // With the socket as stdio[1], child.stdout is null; stdin and stderr are pipes either way.
      }) as ChildProcessByStdio<Writable, Readable | null, Readable>;
    } catch (e) {
      socket?.destroy();
      throw e;
    }
    // The child has its copy of the socket's end (or none, if it failed to start): the host's goes.
    socket?.childStarted();
    this.stdout = socket?.source ?? streamOutput(this.child.stdout!);
    this.exited = new Promise((resolve) => {
      // 'error' without 'exit' happens when spawn itself fails (ENOENT, EACCES).
      this.child.once("error", (err) => {
        if (this.child.pid === undefined) this.settle({ code: null, signal: null }, resolve, err);
      });
      this.child.once("exit", (code, signal) => this.settle({ code, signal }, resolve));
    });
    // A write after the agent died must not crash the host; the exit is reported separately.
    this.child.stdin.on("error", () => {});
    if (this.child.pid !== undefined) watcher?.watch(this.child.pid);
  }

  /** Set if the process could not be started at all. */
  spawnError: Error | undefined;

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  stop(): Promise<ExitInfo> {
    this.stopping ??= this.doStop();
    return this.stopping;
  }

  /** For a host that is about to die of an error: kill the whole tree now, synchronously. */
  killNow(): void {
    const pid = this.child.pid;
    if (pid !== undefined && (this.how.platform !== "win32" || !this.exitInfo)) this.how.killTree(pid);
  }

  private settle(info: ExitInfo, resolve: (i: ExitInfo) => void, err?: Error): void {
    if (this.exitInfo) return;
    if (err) this.spawnError = err;
    this.exitInfo = info;
    resolve(info);
  }

  private async doStop(): Promise<ExitInfo> {
    const pid = this.child.pid;
    this.child.stdin.end();
    if (pid === undefined) return this.exited;
    if (!this.exitInfo) {
      // Windows has no SIGTERM to send: the agent gets stdin's end and the grace period.
      if (this.how.platform !== "win32") signalGroup(pid, "SIGTERM");
      await Promise.race([this.exited, delay(STOP_GRACE_MS)]);
    }
    // The leader may be gone while others in its group ignore SIGTERM: kill the whole group. On Windows a
    // process's id may be reused once it has exited, and there is no group to reach: only a live agent's tree.
    if (this.how.platform !== "win32" || !this.exitInfo) this.how.killTree(pid);
    await Promise.race([this.exited, delay(EXIT_WAIT_MS)]);
    // Still running: the kill failed. The reaper keeps watching it and tries again once the host is gone.
    if (!this.exitInfo) return { code: null, signal: null };
    this.watcher?.forget(pid);
    return this.exitInfo;
  }
}

/** Node's own pipe as a ByteSource (its chunks are their own: nothing reuses them). */
function streamOutput(stream: Readable): ByteSource {
  return {
    onData: (cb) => void stream.on("data", (chunk: Buffer) => cb(chunk)),
    onEnd: (cb) => void stream.on("end", cb),
    pause: () => void stream.pause(),
    resume: () => void stream.resume(),
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already empty.
  }
}

function killTree(pid: number): void {
  if (process.platform !== "win32") signalGroup(pid, "SIGKILL");
  else killWindowsTree(pid, windowsDeps());
}

function windowsDeps(): TreeKillDeps {
  return {
    run: (file, args, timeoutMs) => {
      const r = spawnSync(file, args, { windowsHide: true, shell: false, timeout: timeoutMs, stdio: ["ignore", "pipe", "ignore"] });
      return { status: r.status, stdout: r.stdout ?? Buffer.alloc(0) };
    },
    kill: (pid) => process.kill(pid),
    system32: path.win32.join(process.env.SystemRoot ?? "C:\\Windows", "System32"),
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    t.unref();
  });
}
