import { describe, expect, it } from "vitest";
import { HostInbound } from "../../../../extension/background/host/host-inbound";
import { HOST_PROTOCOL_VERSION } from "../../../../shared/host-protocol";
import { chunksOf } from "../../../helpers/chunks";
import { fileEdit } from "../../../helpers/file-edits";
import { hostHello } from "../../../helpers/host-hello";

const hello = hostHello();
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe("HostInbound", () => {
  it("answers a compatible hello with start at our protocol version", () => {
    const r = new HostInbound().receive({ host: hello });
    expect(r.events).toEqual([{ type: "hello", hello }]);
    expect(r.reply).toEqual({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION } });
    expect(r.hangUp).toBeUndefined();
  });

  it("hangs up on a hello with another protocol version, without starting anything", () => {
    const r = new HostInbound().receive({ host: { ...hello, protocolVersion: HOST_PROTOCOL_VERSION + 1 } });
    expect(r.hangUp).toBe(true);
    expect(r.reply).toBeUndefined();
    expect(r.events[0]?.type).toBe("hello");
  });

  it("speaks the protocol of a host one version behind, and stays with its own for a newer host that serves it", () => {
    const behind = new HostInbound().receive({ host: { ...hello, protocolVersion: HOST_PROTOCOL_VERSION - 1 } });
    expect(behind.reply).toEqual({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION - 1 } });
    const newer = new HostInbound().receive({
      host: { ...hello, protocolVersion: HOST_PROTOCOL_VERSION + 1, minExtensionProtocol: HOST_PROTOCOL_VERSION },
    });
    expect(newer.reply).toEqual({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION } });
    expect(newer.hangUp).toBeUndefined();
  });

  it("turns status and error messages into state events", () => {
    const inbound = new HostInbound();
    const status = { profile: "goose", state: "discovering" } as const;
    expect(inbound.receive({ host: { type: "status", status } }).events).toEqual([{ type: "agent_status", status }]);
    const error = { type: "error", code: "invalid_json", message: "bad" } as const;
    expect(inbound.receive({ host: error }).events).toEqual([{ type: "host_error", error }]);
  });

  it("counts a verbatim JSON-RPC message and hands it on", () => {
    const msg = { jsonrpc: "2.0", method: "session/update", params: {} } as const;
    const r = new HostInbound().receive(msg);
    expect(r.events).toEqual([]);
    expect(r.jsonRpc).toEqual([msg]);
  });

  it("unpacks an array of agent messages (lines the host read together) into each message, in order", () => {
    const a = { jsonrpc: "2.0", method: "session/update", params: { n: 1 } } as const;
    const b = { jsonrpc: "2.0", method: "session/update", params: { n: 2 } } as const;
    const c = { jsonrpc: "2.0", id: 3, result: {} } as const;
    const r = new HostInbound().receive([a, b, c]);
    expect(r.events).toEqual([]);
    expect(r.jsonRpc).toEqual([a, b, c]);
  });

  it("skips what in an array is not JSON-RPC and keeps the rest; an empty array hands on nothing", () => {
    const a = { jsonrpc: "2.0", method: "a" } as const;
    const b = { jsonrpc: "2.0", id: 1, result: null } as const;
    const inbound = new HostInbound();
    const r = inbound.receive([a, { host: { type: "status" } }, "text", [b], null, b]);
    expect(r.jsonRpc).toEqual([a, b]);
    expect(r.events).toEqual([]);
    expect(inbound.receive([]).jsonRpc).toEqual([]);
  });

  it("hands on the host's answer about a goose serve profile, and drops one that is not well formed", () => {
    const inbound = new HostInbound();
    const added = { type: "serve_profile_result", name: "desktop", command: "save_serve_profile", outcome: "added" } as const;
    expect(inbound.receive({ host: added }).events).toEqual([{ type: "serve_profile_result", result: added }]);
    const refused = { type: "serve_profile_result", name: "far", command: "save_serve_profile", error: "x".repeat(5000) };
    expect(inbound.receive({ host: refused }).events).toEqual([
      { type: "serve_profile_result", result: { ...refused, error: "x".repeat(2000) } },
    ]);
    for (const bad of [
      { ...added, outcome: "deleted" },
      { ...added, command: "restart" },
      { ...added, name: 7 },
      { type: "serve_profile_result", name: "desktop", command: "remove_serve_profile" },
    ]) {
      expect(inbound.receive({ host: bad }).events).toEqual([]);
    }
  });

  it("ignores unknown host events and messages that are neither kind", () => {
    const inbound = new HostInbound();
    expect(inbound.receive({ host: { type: "from_the_future" } }).events).toEqual([]);
    expect(inbound.receive({ hello: 1 }).events).toEqual([]);
    expect(inbound.receive("text").events).toEqual([]);
  });

  it("reassembles a chunked JSON-RPC message and reports it once, on the last piece", () => {
    const msg = { jsonrpc: "2.0", id: 7, result: { text: "é".repeat(50) } };
    const chunks = chunksOf(bytes(msg), "c1", 16);
    expect(chunks.length).toBeGreaterThan(2);
    const inbound = new HostInbound();
    const results = chunks.map((c) => inbound.receive({ host: c }));
    for (const r of results.slice(0, -1)) expect(r.events).toEqual([]);
    const last = results.at(-1)!;
    expect(last.events).toEqual([]);
    expect(last.jsonRpc).toEqual([msg]);
  });

  it("drops a reassembled message that is not JSON-RPC", () => {
    const [chunk] = chunksOf(bytes({ not: "rpc" }), "c2");
    const r = new HostInbound().receive({ host: chunk });
    expect(r.events.map((e) => e.type)).toEqual(["chunk_dropped"]);
    expect(r.jsonRpc).toBeUndefined();
  });

  it("reports a chunked line that is not JSON once whole (the host does not parse long lines), then takes the next", () => {
    const inbound = new HostInbound();
    const broken = chunksOf(new TextEncoder().encode('{"jsonrpc":"2.0","method":"m","params":"unterminated'), "c3", 8);
    const results = broken.map((c) => inbound.receive({ host: c }));
    expect(results.at(-1)!.events).toEqual([{ type: "chunk_dropped", reason: "chunked message c3 is not a JSON-RPC message" }]);
    expect(results.every((r) => r.jsonRpc === undefined)).toBe(true);
    const [ok] = chunksOf(bytes({ jsonrpc: "2.0", method: "ok" }), "c4");
    expect(inbound.receive({ host: ok }).jsonRpc).toEqual([{ jsonrpc: "2.0", method: "ok" }]);
  });

  it("reports an interrupted chunked message, and one left pending when the port closes", () => {
    const inbound = new HostInbound();
    const a = chunksOf(bytes({ jsonrpc: "2.0", method: "a" }), "a", 4);
    const b = chunksOf(bytes({ jsonrpc: "2.0", method: "b" }), "b", 4);
    inbound.receive({ host: a[0] });
    expect(inbound.receive({ host: b[0] }).events.map((e) => e.type)).toEqual(["chunk_dropped"]);
    expect(inbound.close()).toEqual([{ type: "chunk_dropped", reason: "the port closed mid-message" }]);
    expect(new HostInbound().close()).toEqual([]);
  });

  it("reads the host's file edits and Undo answers by the shared schema, and drops a malformed one whole", () => {
    const edit = fileEdit("3-0123abcd", "/w/a.txt", null, "x\n", { sessionId: "s", agentPath: "a.txt", at: 7 });
    expect(new HostInbound().receive({ host: edit }).fileEdits).toEqual([{ type: "file_edited", edit }]);
    const answer = { type: "edit_undo", sessionId: "s", editId: "3-0123abcd", outcome: "changed", message: "m", current: "y" };
    expect(new HostInbound().receive({ host: answer }).fileEdits).toEqual([{ type: "edit_undo_answered", answer }]);
    expect(new HostInbound().receive({ host: { ...edit, editId: "../x" } }).fileEdits).toBeUndefined();
    expect(new HostInbound().receive({ host: { ...edit, afterBytes: -1 } }).fileEdits).toBeUndefined();
    expect(new HostInbound().receive({ host: { ...answer, outcome: "maybe" } }).fileEdits).toBeUndefined();
  });
});
