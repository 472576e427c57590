import { describe, expect, it } from "vitest";
import { FramePool } from "../../../../native-host/wire/frame-pool";
import { FrameDecoder, frameBytes } from "../../../../native-host/wire/frames";
import { LineSplitter } from "../../../../native-host/wire/lines";
import { AgentOutbound, type OutboundStep } from "../../../../native-host/wire/outbound";
import { ChunkReassembler } from "../../../../shared/chunks";
import { CHROME_MAX_HOST_MESSAGE_BYTES, type HostChunk, isJsonRpc } from "../../../../shared/host-protocol";

const MiB = 1024 * 1024;
const line = (text: string | Buffer) =>
  new AgentOutbound(new FramePool()).accept({ kind: "line", bytes: Buffer.isBuffer(text) ? text : Buffer.from(text) });

/** Runs agent stdout through the host's splitter and encoder, and the frames through the extension's reassembly. */
function relay(stdout: Buffer, read = 65536, splitter = new LineSplitter()) {
  const outbound = new AgentOutbound(new FramePool());
  const decoder = new FrameDecoder(new FramePool(), CHROME_MAX_HOST_MESSAGE_BYTES);
  const reassembler = new ChunkReassembler();
  const steps: OutboundStep[] = [];
  const delivered: string[] = [];
  const dropped: string[] = [];
  let maxFrame = 0;
  const feed = (events: ReturnType<LineSplitter["push"]>) => {
    for (const ev of events) {
      const step = outbound.accept(ev);
      steps.push(step);
      // A verbatim line leaves after the frames before it, framed alone here (batching: line-batch.test.ts).
      for (const f of step.action === "send" ? [...step.frames, frameBytes(step.line)] : step.frames) {
        maxFrame = Math.max(maxFrame, f.length);
        for (const e of decoder.push(f)) {
          if (e.kind !== "message") throw new Error(e.message);
          const host = (e.value as { host?: HostChunk }).host;
          if (!host) delivered.push(e.raw.toString("utf8"));
          else {
            const r = reassembler.accept(host);
            if (r.dropped) dropped.push(r.dropped);
            if (r.complete !== undefined) delivered.push(r.complete);
          }
        }
      }
    }
  };
  for (let i = 0; i < stdout.length; i += read) feed(splitter.push(stdout.subarray(i, i + read)));
  feed(splitter.end());
  return { steps, delivered, dropped, maxFrame, pending: reassembler.pending };
}

describe("AgentOutbound, whole lines", () => {
  it("forwards a JSON-RPC line verbatim, byte for byte, without a trailing CR, with its id and method", () => {
    const text = '{"jsonrpc":"2.0", "id": 4, "method":"session/request_permission","params":{"x":"🪿"}}';
    const r = line(`${text}\r`);
    expect(r).toMatchObject({ action: "send", head: { id: 4, method: "session/request_permission" } });
    expect(r.frames).toHaveLength(0);
    expect(r.action === "send" && r.line.toString("utf8")).toBe(text);
  });

  it("reports ids and methods with non-ASCII characters exactly, escaped or not", () => {
    expect(line('{"jsonrpc":"2.0","id":"é-🪿","result":{}}')).toMatchObject({ action: "send", head: { id: "é-🪿" } });
    expect(line('{"jsonrpc":"2.0","id":"\\u00e9","result":{}}')).toMatchObject({ action: "send", head: { id: "é" } });
    expect(line('{"jsonrpc":"2.0","method":"ünïcode"}')).toMatchObject({ action: "send", head: { method: "ünïcode" } });
    expect(line('{"jsonrpc":"2.0","method":"session/update","params":{"t":"é"}}')).toMatchObject({ head: { method: "session/update" } });
  });

  it.each([
    ["", "blank line"],
    ["   \t", "blank line"],
    ["INFO goose starting", "not JSON"],
    ["{broken", "not JSON"],
    ['{"a":"\u00a0"} \u00a0', "not JSON"],
    ['{"hello":"world"}', "not a JSON-RPC 2.0 message"],
    ['[{"jsonrpc":"2.0","method":"x"}]', "not a JSON-RPC 2.0 message"],
    ['{"jsonrpc":"1.0","method":"x"}', "not a JSON-RPC 2.0 message"],
  ])("drops %j (%s)", (text, reason) => {
    expect(line(text)).toMatchObject({ action: "drop", reason, frames: [] });
  });

  it("drops a line that is not valid UTF-8, even inside a JSON string", () => {
    expect(line(Buffer.from([0x7b, 0xff, 0x7d]))).toMatchObject({ action: "drop", reason: "invalid UTF-8" });
    const inString = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"m","params":"'), Buffer.from([0xc3]), Buffer.from('"}')]);
    expect(line(inString)).toMatchObject({ action: "drop", reason: "invalid UTF-8" });
  });

  it("passes exactly the lines whose UTF-8 text JSON.parse accepts as JSON-RPC (random mutations)", () => {
    // The verbatim check parses the bytes as Latin-1; this holds it to the plain UTF-8 parse.
    const base = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"session/update","params":{"t":"é🪿\\n\\"x\\"","n":[1,2.5e3,true,null]}}');
    const alphabet = Buffer.from('{}[]":,\\ \t\r0123456789.eE+-truefalsnl"u\u00e9');
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let passed = 0;
    for (let i = 0; i < 5000; i++) {
      const b = Buffer.from(base);
      for (let k = 1 + rand(3); k > 0; k--) b[rand(b.length)] = rand(4) === 0 ? 0x80 + rand(128) : alphabet[rand(alphabet.length)]!;
      let expected = false;
      try {
        expected = isJsonRpc(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(b)));
      } catch {}
      const got = line(b).action === "send";
      expect(got, b.toString("latin1")).toBe(expected);
      if (got) passed++;
    }
    expect(passed).toBeGreaterThan(20);
  });
});

describe("AgentOutbound, long lines", () => {
  it.each([1, 5, 20])("streams a %i MiB line as chunk frames under Chrome's cap that rebuild it exactly", (mib) => {
    const filler = 'é🪿\\n"'.repeat((mib * MiB) / 8);
    const text = JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { text: filler } });
    const r = relay(Buffer.from(`${text}\n`));
    expect(r.delivered).toEqual([text]);
    expect(r.maxFrame).toBeLessThan(CHROME_MAX_HOST_MESSAGE_BYTES - 1024);
    const chunks = r.steps.filter((s) => s.action === "chunk");
    expect(chunks.length).toBeGreaterThan(1);
    // Frames leave as parts are read, not all at the end of the line.
    expect(chunks.slice(0, -1).every((s) => s.frames.length === 1 && s.action === "chunk" && !s.last)).toBe(true);
    expect(r.dropped).toEqual([]);
  });

  it("keeps a line at exactly the verbatim limit verbatim and one byte more chunked", () => {
    const make = (size: number) => {
      const head = '{"jsonrpc":"2.0","method":"m","params":"';
      return Buffer.from(`${head}${"a".repeat(size - head.length - 2)}"}\n`);
    };
    const kinds = (b: Buffer) => relay(b, 65536, new LineSplitter({ streamAbove: 1000, pieceBytes: 300 })).steps.map((s) => s.action);
    expect(kinds(make(1000))).toEqual(["send"]);
    expect(kinds(make(1001))).toEqual(["chunk", "chunk", "chunk", "chunk"]);
  });

  it("forwards a long line that is not JSON-RPC for the extension to refuse, and one ending in CR", () => {
    const split = () => new LineSplitter({ streamAbove: 100, pieceBytes: 40 });
    const notRpc = `{"not":"rpc","pad":"${"x".repeat(200)}"}`;
    const broken = `{"jsonrpc":"2.0","method":"m","params":"${"x".repeat(200)}`;
    const r = relay(Buffer.from(`${notRpc}\n${broken}\r\n{"jsonrpc":"2.0","method":"after"}\n`), 7, split());
    // The host does not parse long lines: both arrive whole, and the extension's parse refuses them (test/unit/extension/background/host-inbound.test.ts).
    expect(r.delivered).toEqual([notRpc, `${broken}\r`, '{"jsonrpc":"2.0","method":"after"}']);
  });

  it("drops a long line that does not start like a JSON object without sending any of it", () => {
    const r = relay(
      Buffer.from(`  INFO ${"log ".repeat(100)}\n{"jsonrpc":"2.0","method":"ok"}\n`),
      13,
      new LineSplitter({ streamAbove: 50, pieceBytes: 20 }),
    );
    expect(r.steps.filter((s) => s.action === "drop").map((s) => s.action === "drop" && s.reason)).toEqual([
      "long line that is not a JSON object",
    ]);
    expect(r.steps.filter((s) => s.action === "skip").length).toBeGreaterThan(5);
    expect(r.delivered).toEqual(['{"jsonrpc":"2.0","method":"ok"}']);
  });

  it("abandons a line over the cap with a final empty piece, so the extension discards it and takes the next", () => {
    const split = new LineSplitter({ streamAbove: 100, pieceBytes: 40, maxBytes: 500 });
    const r = relay(
      Buffer.from(`{"jsonrpc":"2.0","method":"m","params":"${"x".repeat(2000)}"}\n{"jsonrpc":"2.0","method":"next"}\n`),
      50,
      split,
    );
    expect(r.dropped).toEqual([expect.stringMatching(/^chunked message c1 was abandoned by the host: the agent's line passed/)]);
    expect(r.delivered).toEqual(['{"jsonrpc":"2.0","method":"next"}']);
    expect(r.pending).toBe(false);
  });

  it("abandons an open chunked line when a new agent's output starts (restart mid-line)", () => {
    const out = new AgentOutbound(new FramePool());
    const first = out.accept({ kind: "part", bytes: Buffer.from('{"jsonrpc":'), index: 0, last: false });
    expect(first).toMatchObject({ action: "chunk", id: "c1" });
    const next = out.accept({ kind: "line", bytes: Buffer.from('{"jsonrpc":"2.0","method":"m"}') });
    expect(next.action).toBe("send");
    expect(next.frames).toHaveLength(1);
    expect(next.action === "send" && next.line.toString()).toBe('{"jsonrpc":"2.0","method":"m"}');
    const abandon = JSON.parse(next.frames[0]!.subarray(4).toString()) as { host: HostChunk };
    expect(abandon.host).toMatchObject({ id: "c1", index: 1, last: true, data: "", abandoned: "the agent was replaced mid-line" });
  });
});

describe("AgentOutbound's chunk frames", () => {
  const parts = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ kind: "part" as const, bytes: Buffer.alloc(600, 97 + i), index: i, last: i === n - 1 }));
  const frameOf = (step: OutboundStep) => step.frames[0]!;

  it("lends each frame a pooled buffer that a later frame uses again once released, and never while lent", () => {
    const outbound = new AgentOutbound(new FramePool());
    const [a, b, c] = parts(3).map((p) => frameOf(outbound.accept({ ...p, bytes: Buffer.from(`{${"x".repeat(599)}`) })));
    // Three frames in flight at once: three buffers.
    expect(new Set([a!.buffer, b!.buffer, c!.buffer]).size).toBe(3);
    outbound.release(b!);
    const [d] = parts(1).map((p) => frameOf(outbound.accept({ ...p, bytes: Buffer.from(`{${"y".repeat(599)}`) })));
    expect(d!.buffer === b!.buffer).toBe(true);
    expect(JSON.parse(d!.subarray(4).toString()).host.data).toBe(Buffer.from(`{${"y".repeat(599)}`).toString("base64"));
    // Released twice, or a frame that was never lent: ignored.
    outbound.release(b!);
    outbound.release(Buffer.alloc(10));
    const [e, f] = parts(2).map((p) => frameOf(outbound.accept({ ...p, bytes: Buffer.from(`{${"z".repeat(599)}`) })));
    expect(e!.buffer === f!.buffer).toBe(false);
    expect([a, c].some((g) => g!.buffer === e!.buffer || g!.buffer === f!.buffer)).toBe(false);
  });

  it("takes its buffers from the pool it is given, so a frame from the browser given back can carry the answer", () => {
    const pool = new FramePool();
    const inbound = pool.take(1024 * 1024)!;
    pool.give(inbound);
    const outbound = new AgentOutbound(pool);
    const [frame] = parts(1).map((p) => frameOf(outbound.accept({ ...p, bytes: Buffer.from(`{${"x".repeat(599)}`) })));
    expect(frame!.buffer === inbound.buffer).toBe(true);
    expect(pool.size).toBe(0);
    outbound.release(frame!);
    expect(pool.size).toBe(1);
  });
});
