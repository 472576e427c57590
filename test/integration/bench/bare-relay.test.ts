/**
 * The host bench's floor (test/bench/bare-relay.mjs) must put the same frames on the wire as the host
 * does for the same agent lines, or comparing the host with it would compare different work: here it
 * runs on pipes with the echo agent, and what it writes back is checked byte for byte against the
 * host's own line splitter and chunk framing (native-host/wire/lines.ts, native-host/wire/outbound.ts).
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NODE_FLAGS } from "../../../native-host/setup/launcher";
import { FramePool } from "../../../native-host/wire/frame-pool";
import { frameBytes } from "../../../native-host/wire/frames";
import { LineSplitter } from "../../../native-host/wire/lines";
import { AgentOutbound } from "../../../native-host/wire/outbound";
import { MAX_VERBATIM_BYTES } from "../../../shared/host-protocol";
import { type Chain, spawnChain } from "../../helpers/pipes";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const KiB = 1024;
const MiB = 1024 * 1024;

/** The frames the host sends for agent lines, each line read alone (so none is batched); chunk ids count on across calls. */
function hostFraming(): (lines: Buffer[]) => Buffer {
  const outbound = new AgentOutbound(new FramePool());
  return (lines) => {
    const frames: Buffer[] = [];
    for (const line of lines) {
      for (const e of new LineSplitter().push(Buffer.concat([line, Buffer.from("\n")]))) {
        const step = outbound.accept(e);
        frames.push(...step.frames);
        if (step.action === "send") frames.push(frameBytes(step.line));
      }
    }
    return Buffer.concat(frames);
  };
}

/** A JSON-RPC notification of exactly `size` bytes, its padding varied so a misplaced cut shows. */
function message(size: number, seed: number): Buffer {
  const head = `{"jsonrpc":"2.0","method":"session/cancel","params":{"text":"`;
  const out = Buffer.alloc(size);
  out.write(head);
  for (let i = head.length; i < size - 3; i++) out[i] = 97 + ((i * 7 + seed) % 26);
  out.write(`"}}`, size - 3);
  return out;
}

const chains: Chain[] = [];
afterEach(async () => {
  for (const c of chains.splice(0)) {
    const exited = new Promise((resolve) => c.children[0]!.once("exit", resolve));
    c.input.end();
    await exited;
  }
});

function startRelay(): { chain: Chain; received: () => Buffer; until: (bytes: number) => Promise<void> } {
  const chain = spawnChain(
    [
      {
        command: process.execPath,
        args: [...NODE_FLAGS, path.join(ROOT, "test/bench/bare-relay.mjs"), process.execPath, path.join(ROOT, "test/bench/echo-agent.mjs")],
      },
    ],
    "inherit",
  );
  chains.push(chain);
  const reads: Buffer[] = [];
  let size = 0;
  let wake = () => {};
  chain.output.on("data", (c: Buffer) => {
    reads.push(c);
    size += c.length;
    wake();
  });
  // At least `bytes` received, or 10 s gone (then the comparison says what differs).
  const until = async (bytes: number) => {
    const deadline = Date.now() + 10_000;
    while (size < bytes && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  };
  return { chain, received: () => Buffer.concat(reads), until };
}

describe("the host bench's bare relay", () => {
  it("frames each agent line as the host does, verbatim up to the host's limit and in its chunk frames above it", async () => {
    const lines = [
      message(300, 1),
      message(256 * KiB, 2),
      message(MAX_VERBATIM_BYTES, 3),
      message(MAX_VERBATIM_BYTES + 1, 4),
      message(MiB, 5),
      message(3 * MiB + 17, 6),
      message(200, 7),
    ];
    const host = hostFraming();
    const relay = startRelay();
    // One message at a time, as the bench sends them, each frame's bytes split at odd places.
    let received = 0;
    for (const [i, line] of lines.entries()) {
      const expected = host([line]);
      const frame = frameBytes(line);
      for (let at = 0; at < frame.length; at += 70_001) relay.chain.input.write(frame.subarray(at, at + 70_001));
      await relay.until(received + expected.length);
      const got = relay.received().subarray(received);
      expect(got.length, `line ${i}: bytes framed`).toBe(expected.length);
      expect(got.equals(expected), `line ${i}: the host's frames`).toBe(true);
      received += got.length;
    }
    // Three lines were chunked, with ids c1, c2, c3 as the host numbers them.
    expect(relay.received().includes(Buffer.from('{"host":{"type":"chunk","id":"c3","index":6,"last":true,'))).toBe(true);
  });

  it("relays messages sent back to back, with frame headers split across writes", async () => {
    const lines = Array.from({ length: 50 }, (_, i) => message(100 + i * 37, i));
    const expected = hostFraming()(lines);
    const relay = startRelay();
    const all = Buffer.concat(lines.map((l) => frameBytes(l)));
    for (let at = 0; at < all.length; at += 3) relay.chain.input.write(all.subarray(at, at + 3));
    await relay.until(expected.length);
    expect(relay.received().equals(expected)).toBe(true);
  });
});
