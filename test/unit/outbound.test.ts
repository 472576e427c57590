import { describe, expect, it } from "vitest";
import { FrameDecoder } from "../../native-host/frames";
import { encodeAgentLine } from "../../native-host/outbound";
import { ChunkReassembler } from "../../shared/chunks";
import type { HostChunk } from "../../shared/host-protocol";

let n = 0;
const ids = () => `c${++n}`;

describe("encodeAgentLine", () => {
  it("forwards a JSON-RPC line verbatim, byte for byte, without a trailing CR", () => {
    const line = '{"jsonrpc":"2.0", "method":"session/update","params":{"x":"🪿"}}';
    const r = encodeAgentLine(Buffer.from(`${line}\r`), ids);
    expect(r.action).toBe("send");
    if (r.action !== "send") return;
    expect(r.chunked).toBe(false);
    expect(r.frames).toHaveLength(1);
    expect(r.frames[0]!.subarray(4).toString("utf8")).toBe(line);
    expect(r.frames[0]!.readUInt32LE(0)).toBe(Buffer.byteLength(line));
  });

  it.each([
    ["", "blank line"],
    ["   \t", "blank line"],
    ["INFO goose starting", "not JSON"],
    ["{broken", "not JSON"],
    ['{"hello":"world"}', "not a JSON-RPC 2.0 message"],
    ['[{"jsonrpc":"2.0","method":"x"}]', "not a JSON-RPC 2.0 message"],
    ['{"jsonrpc":"1.0","method":"x"}', "not a JSON-RPC 2.0 message"],
  ])("drops %j (%s)", (line, reason) => {
    expect(encodeAgentLine(Buffer.from(line), ids)).toMatchObject({ action: "drop", reason });
  });

  it("drops a line that is not valid UTF-8", () => {
    expect(encodeAgentLine(Buffer.from([0x7b, 0xff, 0x7d]), ids)).toMatchObject({ action: "drop", reason: "invalid UTF-8" });
  });

  it.each([1, 5, 20])("splits a %i MiB line into chunk frames under 1 MiB that reassemble exactly", (mib) => {
    const filler = "é".repeat((mib * 1024 * 1024) / 2);
    const line = Buffer.from(JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { text: filler } }));
    const r = encodeAgentLine(line, ids);
    if (r.action !== "send") throw new Error("dropped");
    expect(r.chunked).toBe(true);
    const decoder = new FrameDecoder();
    const reassembler = new ChunkReassembler();
    let whole: Uint8Array | undefined;
    for (const f of r.frames) {
      expect(f.length).toBeLessThanOrEqual(1024 * 1024);
      for (const e of decoder.push(f)) {
        if (e.kind !== "message") throw new Error(e.message);
        const res = reassembler.accept((e.value as { host: HostChunk }).host);
        if (res.complete) whole = res.complete;
      }
    }
    expect(whole && Buffer.from(whole).equals(line)).toBe(true);
  });

  it("keeps a line at exactly the verbatim limit verbatim and one byte more chunked", () => {
    const make = (size: number) => {
      const head = '{"jsonrpc":"2.0","method":"m","params":"';
      return Buffer.from(`${head}${"a".repeat(size - head.length - 2)}"}`);
    };
    expect(encodeAgentLine(make(1000), ids, 1000)).toMatchObject({ action: "send", chunked: false });
    expect(encodeAgentLine(make(1001), ids, 1000)).toMatchObject({ action: "send", chunked: true });
  });
});
