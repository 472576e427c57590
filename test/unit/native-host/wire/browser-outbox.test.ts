import { describe, expect, it } from "vitest";
import { BrowserOutbox } from "../../../../native-host/wire/browser-outbox";
import { FramePool } from "../../../../native-host/wire/frame-pool";
import { FrameDecoder, frameJson } from "../../../../native-host/wire/frames";

/** An outbox whose frames are decoded as the browser would; `wire` lists each native message's value. */
function outbox(limit?: number) {
  const wire: unknown[] = [];
  const decoder = new FrameDecoder(new FramePool());
  const box = new BrowserOutbox((frame) => {
    for (const e of decoder.push(frame)) {
      if (e.kind !== "message") throw new Error(e.message);
      wire.push(e.value);
    }
    return true;
  }, limit);
  return { box, wire };
}
const rpc = (n: number) => ({ jsonrpc: "2.0", method: "session/update", params: { n } });
const line = (n: number) => Buffer.from(JSON.stringify(rpc(n)));
const host = (type: string) => frameJson({ host: { type } });

describe("BrowserOutbox", () => {
  it("sends the lines of one read as one array at its end, and a lone line unwrapped", () => {
    const { box, wire } = outbox();
    box.read(() => {
      box.line(line(1));
      box.line(line(2));
      box.line(line(3));
      expect(wire).toEqual([]); // nothing leaves until the read is handled
    });
    box.read(() => box.line(line(4)));
    box.read(() => {});
    expect(wire).toEqual([[rpc(1), rpc(2), rpc(3)], rpc(4)]);
  });

  it("sends the lines gathered before any other frame first, so the browser gets the order they were sent in", () => {
    const { box, wire } = outbox();
    box.read(() => {
      box.line(line(1));
      box.line(line(2));
      box.frame(host("chunk"));
      box.line(line(3));
      box.frame(host("status"));
      box.line(line(4));
      box.line(line(5));
    });
    expect(wire).toEqual([[rpc(1), rpc(2)], { host: { type: "chunk" } }, rpc(3), { host: { type: "status" } }, [rpc(4), rpc(5)]]);
  });

  it("sends a line outside a read (one a browser-tools hold released later) at once, alone", () => {
    const { box, wire } = outbox();
    box.line(line(1));
    box.frame(host("status"));
    box.line(line(2));
    expect(wire).toEqual([rpc(1), { host: { type: "status" } }, rpc(2)]);
  });

  it("sends what it gathered even when the read's handling throws", () => {
    const { box, wire } = outbox();
    expect(() =>
      box.read(() => {
        box.line(line(1));
        box.line(line(2));
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(wire).toEqual([[rpc(1), rpc(2)]]);
  });

  it("starts a new message when the next line would take an array over the limit", () => {
    const size = line(1).length;
    const { box, wire } = outbox(2 * size + 3); // room for exactly two lines: [a,b]
    box.read(() => {
      for (let n = 1; n <= 5; n++) box.line(line(n));
    });
    expect(wire).toEqual([[rpc(1), rpc(2)], [rpc(3), rpc(4)], rpc(5)]);
  });
});
