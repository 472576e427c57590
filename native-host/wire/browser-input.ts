/**
 * The host's stdin (frames from the browser) as a byte source. When stdin is a pipe or socket
 * (as browsers start hosts on POSIX), it is read into one reused buffer (net.Socket's `onread`)
 * instead of a new 64 KiB buffer per read: with the frame pool (frame-pool.ts) the inbound path
 * then allocates nothing per message. Elsewhere (and under Bun, setup/runtime.ts) it is `process.stdin`.
 */
import fs from "node:fs";
import net from "node:net";
import { IS_BUN } from "../setup/runtime";

export interface ByteSource {
  /** `chunk` is valid only during the call: the next read may reuse its memory. */
  onData(cb: (chunk: Buffer) => void): void;
  onEnd(cb: () => void): void;
  pause(): void;
  resume(): void;
}

const READ_BYTES = 64 * 1024;

export function stdinSource(): ByteSource {
  if (process.platform === "win32" || IS_BUN || !isPipeOrSocket(0)) return streamSource(process.stdin);
  const ended: Array<() => void> = [];
  let socket: net.Socket | undefined;
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    for (const cb of ended) cb();
  };
  return {
    // Reading starts here, so no read can come before its consumer.
    onData: (cb) => {
      const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
      // Never touch process.stdin from here on: it would open a second handle on fd 0.
      // `onread` is documented for sockets (net.Socket's connect options) and read by its constructor
      // too; @types/node lists it only for connect.
      const options: net.SocketConstructorOpts & { onread: net.OnReadOpts } = {
        fd: 0,
        readable: true,
        writable: false,
        onread: {
          buffer,
          callback: (bytes: number, buf: Uint8Array) => {
            cb(Buffer.from(buf.buffer, buf.byteOffset, bytes));
            return true;
          },
        },
      };
      socket = new net.Socket(options);
      socket.on("end", end);
      // A read error ends the input as EOF does: the browser is gone either way.
      socket.on("error", end);
    },
    onEnd: (cb) => void ended.push(cb),
    pause: () => void socket?.pause(),
    resume: () => void socket?.resume(),
  };
}

/** A Readable as a ByteSource (its chunks are its own: nothing reuses them). */
function streamSource(stream: NodeJS.ReadableStream): ByteSource {
  return {
    onData: (cb) => void stream.on("data", (chunk: Buffer) => cb(chunk)),
    onEnd: (cb) => void stream.on("end", cb),
    pause: () => void stream.pause(),
    resume: () => void stream.resume(),
  };
}

function isPipeOrSocket(fd: number): boolean {
  try {
    const st = fs.fstatSync(fd);
    return st.isFIFO() || st.isSocket();
  } catch {
    return false;
  }
}
