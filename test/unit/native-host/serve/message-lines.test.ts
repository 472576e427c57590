import { describe, expect, it } from "vitest";
import { messageLines } from "../../../../native-host/serve/message-lines";
import { CHUNK_PIECE_BYTES, MAX_VERBATIM_BYTES } from "../../../../shared/host-protocol";

describe("a goose serve message as agent lines", () => {
  it("is one line as it came, the same buffer", () => {
    const data = Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}');
    const [event] = messageLines(data);
    expect(event).toEqual({ kind: "line", bytes: data });
    expect(event!.bytes).toBe(data);
    expect(messageLines(Buffer.alloc(0))).toEqual([]);
  });

  it("turns newlines between tokens into spaces, so one message stays one line", () => {
    const [event] = messageLines(Buffer.from('{\r\n  "jsonrpc": "2.0",\n  "id": 1\n}'));
    expect(event!.bytes.toString()).toBe('{    "jsonrpc": "2.0",   "id": 1 }');
    expect(JSON.parse(event!.bytes.toString())).toEqual({ jsonrpc: "2.0", id: 1 });
  });

  it("cuts a message over the verbatim limit into parts the relay sends in chunks", () => {
    const data = Buffer.alloc(MAX_VERBATIM_BYTES + 1, 0x61);
    const events = messageLines(data);
    expect(events.map((e) => (e.kind === "part" ? [e.index, e.bytes.length, e.last] : e.kind))).toEqual([
      [0, CHUNK_PIECE_BYTES, false],
      [1, MAX_VERBATIM_BYTES + 1 - CHUNK_PIECE_BYTES, true],
    ]);
    expect(Buffer.concat(events.map((e) => (e.kind === "part" ? e.bytes : Buffer.alloc(0)))).equals(data)).toBe(true);
    expect(messageLines(Buffer.alloc(MAX_VERBATIM_BYTES, 0x61))).toHaveLength(1);
  });
});
