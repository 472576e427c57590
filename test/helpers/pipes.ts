/**
 * Children of the host bench and the host's integration tests on real pipes, as browsers start
 * native-messaging hosts: Chromium gives a host
 * pipe(2)s for stdin and stdout (native_process_launcher_posix.cc,
 * https://source.chromium.org/chromium/chromium/src/+/main:chrome/browser/extensions/api/messaging/native_process_launcher_posix.cc),
 * which hold 64 KiB, so no read returns more and a larger write waits for the reader. Node's
 * `spawn(..., { stdio: "pipe" })` gives children socket pairs instead, whose reads return whatever the
 * writer queued (up to about 200 KiB): figures and behaviour seen on them are not the browsers' case.
 *
 * Node has no pipe(2), so each pipe here is a FIFO, made with `mkfifo` (no shell): once open, a FIFO is
 * the same kernel pipe as pipe(2)'s (Linux's fs/pipe.c serves both, 64 KiB each), and its name is removed
 * as soon as both ends are open, so none outlives the process that made it. FIFOs go in a folder on tmpfs (/dev/shm)
 * when there is one: a pipe's writes update its inode's times, in memory for pipe(2)'s and tmpfs, through
 * the journal on a disk file system. /proc/<pid>/fd shows such a pipe by its (deleted) name, not as
 * `pipe:[…]`; `assertPipes` checks the kind of file. The ends are opened blocking, as a browser's are; the
 * caller's own ends become non-blocking when Node wraps them (their own open file descriptions, so the
 * child's ends stay blocking).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface Command {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** Processes started on pipes, first to last, and the caller's ends: the first one's stdin and the last one's stdout. */
export interface Chain {
  children: ChildProcess[];
  input: net.Socket;
  output: net.Socket;
}

let made = 0;
let folder: string | undefined;
const running = new Set<ChildProcess>();
// A run that throws or is interrupted leaves no child and no folder behind (each child would also
// see EOF once the caller's ends close).
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(128 + os.constants.signals[signal]));

/** A pipe's two ends, both blocking, close-on-exec (libuv opens every file so). */
function openPipe(): { read: number; write: number } {
  folder ??= fs.mkdtempSync(path.join(fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "gb-pipes-"));
  const file = path.join(folder, `pipe-${++made}`);
  const mkfifo = spawnSync("mkfifo", ["-m", "600", file], { stdio: ["ignore", "ignore", "pipe"] });
  if (mkfifo.status !== 0) throw new Error(`mkfifo ${file}: ${mkfifo.error?.message ?? mkfifo.stderr.toString()}`);
  try {
    // Opening one end of a FIFO blocks until the other is open, so a non-blocking reader holds it
    // open while the two blocking ends are opened (each then returns at once), and is closed again.
    const hold = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const write = fs.openSync(file, fs.constants.O_WRONLY);
    const read = fs.openSync(file, fs.constants.O_RDONLY);
    fs.closeSync(hold);
    return { read, write };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** `commands` as `a | b | …` on pipes; stderr as given. */
export function spawnChain(commands: Command[], stderr: "pipe" | "inherit" | "ignore"): Chain {
  const pipes = Array.from({ length: commands.length + 1 }, () => openPipe());
  const children = commands.map(({ command, args, cwd, env }, i) => {
    const child = spawn(command, args, { stdio: [pipes[i]!.read, pipes[i + 1]!.write, stderr], cwd, env });
    running.add(child);
    child.once("exit", () => running.delete(child));
    return child;
  });
  // Only the children hold their ends: each sees EOF when the one before it exits.
  for (const [i, p] of pipes.entries()) {
    if (i < commands.length) fs.closeSync(p.read);
    if (i > 0) fs.closeSync(p.write);
  }
  for (const child of children) assertPipes(child);
  return {
    children,
    input: new net.Socket({ fd: pipes[0]!.write, readable: false, writable: true }),
    output: new net.Socket({ fd: pipes.at(-1)!.read, readable: true, writable: false }),
  };
}

/** Throws unless the process's stdin and stdout are pipes (a socket pair would make the figures socket figures). */
export function assertPipes(child: ChildProcess): void {
  for (const fd of [0, 1]) {
    const link = `/proc/${child.pid}/fd/${fd}`;
    if (!fs.statSync(link).isFIFO()) {
      throw new Error(`${child.spawnfile} (pid ${child.pid}) has fd ${fd} on ${fs.readlinkSync(link)}, not a pipe`);
    }
  }
}
