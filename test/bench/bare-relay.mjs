// Bench fixture, not product code: the thinnest Node relay that does the native host's job on the
// host's wire formats, so the host bench can say how close any Node host could come to its goals
// (BENCHMARKS.md, "The floor"). It starts the command in its arguments (the echo agent) on node's
// socket pairs, as the host starts its agent, and relays:
//  - browser → agent: each native-messaging frame (4-byte little-endian length, then the payload;
//    https://developer.chrome.com/docs/extensions/develop/concepts/native-messaging) becomes the
//    payload and a newline;
//  - agent → browser: each line becomes one frame of its bytes; a line over the host's verbatim limit
//    leaves as the host's chunk frames instead, cut where the host cuts them (shared/host-protocol.ts,
//    native-host/wire/lines.ts, native-host/wire/outbound.ts), so the bench client sees the same frames.
// Nothing is checked, parsed or refused, and no line is batched: what is left is what any Node process
// relaying these bytes pays. Of the forms tried, this one was the fastest (BENCHMARKS.md): writing each
// frame's bytes on to the agent as they arrived, in the read buffers node allocates, was slower than
// holding the frame and writing it in one piece.
import { spawn } from "node:child_process";
import net from "node:net";

/** MAX_VERBATIM_BYTES and CHUNK_PIECE_BYTES of shared/host-protocol.ts. */
const VERBATIM = 1024 * 1024 - 1024;
const PIECE = 512 * 1024;

const [command, ...args] = process.argv.slice(2);
const agent = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
// Browser → agent: each frame is copied out of one reused read buffer into a buffer of its own with
// room for the newline, and written whole.
const header = Buffer.alloc(4);
let headerFilled = 0;
let frame;
let filled = 0;
const input = new net.Socket({ fd: 0, readable: true, writable: false, onread: { buffer: Buffer.alloc(65536), callback: onRead } });
function onRead(n, buf) {
  const read = buf.subarray(0, n);
  let offset = 0;
  while (offset < read.length) {
    if (!frame) {
      const k = Math.min(4 - headerFilled, read.length - offset);
      read.copy(header, headerFilled, offset, offset + k);
      headerFilled += k;
      offset += k;
      if (headerFilled === 4) {
        headerFilled = 0;
        frame = Buffer.allocUnsafe(header.readUInt32LE(0) + 1);
        frame[frame.length - 1] = 10;
        filled = 0;
      }
      continue;
    }
    const k = Math.min(frame.length - 1 - filled, read.length - offset);
    read.copy(frame, filled, offset, offset + k);
    filled += k;
    offset += k;
    if (filled === frame.length - 1) {
      agent.stdin.write(frame);
      frame = undefined;
    }
  }
  if (agent.stdin.writableNeedDrain) {
    input.pause();
    agent.stdin.once("drain", () => input.resume());
  }
}
input.on("end", () => agent.stdin.end());
// Once the agent is gone, so is the relay: what it wrote is flushed, and input is no longer read.
agent.once("close", () => {
  input.destroy();
  process.stdout.end();
});

// Agent → browser.
let held = [];
let size = 0;
let parts = 0;
let ids = 0;
agent.stdout.on("data", (read) => {
  process.stdout.cork();
  let start = 0;
  for (let nl = read.indexOf(10); nl >= 0; nl = read.indexOf(10, start)) {
    hold(read.subarray(start, nl));
    if (parts > 0) chunk(take(size), true);
    else {
      const h = Buffer.allocUnsafe(4);
      h.writeUInt32LE(size, 0);
      process.stdout.write(h);
      for (const b of held) process.stdout.write(b);
      held = [];
      size = 0;
    }
    parts = 0;
    start = nl + 1;
  }
  hold(read.subarray(start));
  process.stdout.uncork();
  if (process.stdout.writableNeedDrain) {
    agent.stdout.pause();
    process.stdout.once("drain", () => agent.stdout.resume());
  }
});

function hold(bytes) {
  if (bytes.length === 0) return;
  held.push(bytes);
  size += bytes.length;
  if (parts === 0 && size <= VERBATIM) return;
  if (parts === 0) ids++;
  while (size > PIECE) chunk(take(PIECE), false);
}

/** The first `n` held bytes as one buffer. */
function take(n) {
  const all = held.length === 1 ? held[0] : Buffer.concat(held, size);
  held = all.length > n ? [all.subarray(n)] : [];
  size -= n;
  return all.subarray(0, n);
}

/** One chunk frame, byte for byte as native-host/wire/outbound.ts's chunkFrame makes it. */
function chunk(piece, last) {
  const head = `{"host":{"type":"chunk","id":"c${ids}","index":${parts++},"last":${last},"data":"`;
  const data = piece.toString("base64");
  const frame = Buffer.allocUnsafe(4 + head.length + data.length + 3);
  frame.writeUInt32LE(frame.length - 4, 0);
  frame.write(head, 4, "latin1");
  frame.write(data, 4 + head.length, "latin1");
  frame.write(`"}}`, 4 + head.length + data.length, "latin1");
  process.stdout.write(frame);
}
