/**
 * The agent's stdout as a Unix socket the host makes itself (POSIX), so it can be read into one reused
 * buffer (`onread`, https://nodejs.org/api/net.html#new-netsocketoptions): Node's 'pipe' stdio
 * allocates one per read, most of the host's memory churn under large messages (BENCHMARKS.md). The
 * listener sits in a fresh mkdtemp folder (mode 0700: no other user can connect) and is gone before
 * the agent starts; the child sees a Unix stream socket on fd 1, as it does with 'pipe'.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { IS_BUN } from "../setup/runtime";
import type { ByteSource } from "../wire/browser-input";

const READ_BYTES = 64 * 1024;
/** sun_path holds 108 bytes on Linux, 104 on macOS; past that, the agent gets Node's pipe. */
const MAX_SOCKET_PATH = 100;
/** Making the pair takes about a millisecond; past this, the agent gets Node's pipe. */
const PAIR_MS = 2000;

export interface StdoutSocket {
  /** For spawn's stdio[1]; the host closes its own copy once the child has one (`childStarted`). */
  readonly childEnd: net.Socket;
  /** The host's end: reads into one reused buffer, each chunk valid only during its callback. */
  readonly source: ByteSource;
  /** Closes the host's copy of the child's end, so the host sees EOF when the child's stdout closes. */
  childStarted(): void;
  /** Closes both ends (no child got them). */
  destroy(): void;
}

/** A connected pair for the agent's stdout, or undefined where the agent keeps Node's pipe (Windows, Bun, a long temp path, any failure). */
export async function stdoutSocket(): Promise<StdoutSocket | undefined> {
  if (process.platform === "win32" || IS_BUN) return undefined;
  let dir: string | undefined;
  let file: string | undefined;
  // Paused: the accepted end is the child's to write; the host never reads it.
  const server = net.createServer({ pauseOnConnect: true });
  try {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-browser-"));
    const socketPath = path.join(dir, "s");
    if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) return undefined;
    file = socketPath;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(file, resolve);
    });
    return await pair(server, socketPath);
  } catch {
    return undefined;
  } finally {
    // Closing the listener removes its socket file (libuv); in case it was never listening, removed here too.
    server.close();
    const [socketFile, folder] = [file, dir];
    if (socketFile) quietly(() => fs.unlinkSync(socketFile));
    if (folder) quietly(() => fs.rmdirSync(folder));
  }
}

async function pair(server: net.Server, file: string): Promise<StdoutSocket> {
  const accepted = new Promise<net.Socket>((resolve) => server.once("connection", resolve));
  const data: Array<(chunk: Buffer) => void> = [];
  const host = net.connect({
    path: file,
    onread: {
      buffer: Buffer.allocUnsafeSlow(READ_BYTES),
      callback: (bytes: number, buf: Uint8Array) => {
        const chunk = Buffer.from(buf.buffer, buf.byteOffset, bytes);
        for (const cb of data) cb(chunk);
        return true;
      },
    },
  });
  // Nothing is read until there is a consumer (`onData`).
  host.pause();
  const connected = new Promise<void>((resolve, reject) => {
    host.once("connect", resolve);
    host.once("error", reject);
  });
  const [child] = await within(PAIR_MS, Promise.all([accepted, connected])).catch((e: unknown) => {
    host.destroy();
    void accepted.then((late) => late.destroy());
    throw e;
  });
  // The host only reads its end: an error there ends the agent's output as EOF does.
  const ended: Array<() => void> = [];
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    for (const cb of ended) cb();
  };
  host.on("end", end);
  host.on("error", end);
  return {
    childEnd: child,
    source: {
      onData: (cb) => {
        data.push(cb);
        host.resume();
      },
      onEnd: (cb) => void ended.push(cb),
      pause: () => void host.pause(),
      resume: () => void host.resume(),
    },
    childStarted: () => void child.destroy(),
    destroy: () => {
      child.destroy();
      host.destroy();
    },
  };
}

/** Tidying up after the listener: nothing to do if it is gone already. */
function quietly(step: () => void): void {
  try {
    step();
  } catch {
    // Gone already.
  }
}

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not connected within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
