/** The built host against bad input from both sides, oversize lines, crashes and outdated or missing agents. */
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { JsonRpcMessage } from "../../../shared/host-protocol";
import { HostUnderTest, stopChecked } from "../../helpers/host-harness";

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

async function session(h: HostUnderTest): Promise<string> {
  await h.startAgent();
  await h.initialize();
  const r = await h.request("session/new", { cwd: h.dir, mcpServers: [] });
  return (r.result as { sessionId: string }).sessionId;
}

describe("bad frames from the browser", () => {
  it("answers each malformed frame with an error and keeps working", async () => {
    host = new HostUnderTest();
    await host.startAgent();
    const notJson = Buffer.from("{oops");
    const badUtf8 = Buffer.from([0xff, 0xfe]);
    const frame = (b: Buffer) => Buffer.concat([Buffer.from([b.length, 0, 0, 0]), b]);
    host.sendRaw(Buffer.concat([frame(notJson), frame(badUtf8)]));
    host.send({ hello: "not json-rpc" });
    host.send({ host: { type: "launch", command: "/bin/sh" } });
    host.send({ host: { type: "start", protocolVersion: 99 } });
    // A frame claiming 100 MiB: refused from the header, its bytes skipped.
    const huge = Buffer.alloc(4);
    huge.writeUInt32LE(100 * 1024 * 1024, 0);
    host.sendRaw(huge);
    await host.waitFor(() => host!.received.filter((m) => m.kind === "host" && m.event.type === "error").length >= 6, 5000, "6 errors");
    const codes = host.received.flatMap((m) => (m.kind === "host" && m.event.type === "error" ? [m.event.code] : []));
    expect(codes).toEqual(["invalid_json", "invalid_utf8", "not_jsonrpc", "unknown_command", "protocol_mismatch", "frame_too_large"]);
    expect(host.child.exitCode).toBeNull();
  });

  it("keeps working after a refused oversize frame whose bytes did arrive", async () => {
    host = new HostUnderTest();
    await host.startAgent();
    const big = Buffer.alloc(65 * 1024 * 1024 + 4, 0x20);
    big.writeUInt32LE(65 * 1024 * 1024, 0);
    host.sendRaw(big);
    expect((await host.waitForHost("error")).code).toBe("frame_too_large");
    expect((await host.initialize()).result).toMatchObject({ protocolVersion: 1 });
  });
});

describe("messages from the browser", () => {
  it("forwards a frame holding raw line breaks as one line (its line breaks become spaces)", async () => {
    host = new HostUnderTest();
    await host.startAgent();
    const pretty = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 314, method: "initialize", params: { protocolVersion: 1 } }, null, 2));
    expect(pretty.includes(0x0a)).toBe(true);
    const header = Buffer.alloc(4);
    header.writeUInt32LE(pretty.length, 0);
    host.sendRaw(Buffer.concat([header, pretty]));
    const r = await host.waitFor((m) => m.kind === "rpc" && m.message.id === 314);
    expect((r as { message: JsonRpcMessage }).message.result).toMatchObject({ protocolVersion: 1 });
  });
});

describe("agent output", () => {
  it.each([1, 5, 20])("delivers a %i MiB agent line as chunks under Chrome's 1 MiB cap", async (mib) => {
    host = new HostUnderTest();
    const sessionId = await session(host);
    const r = await host.request("session/prompt", { sessionId, prompt: [{ type: "text", text: `huge ${mib}` }] }, 60_000);
    expect(r.result).toEqual({ stopReason: "end_turn" });
    const big = host.received.find((m) => m.kind === "rpc" && m.chunked);
    expect(big).toBeDefined();
    const text = JSON.stringify((big as { message: JsonRpcMessage }).message);
    expect(Buffer.byteLength(text)).toBeGreaterThan(mib * 1024 * 1024);
  }, 90_000);

  it("drops junk, blank and CRLF noise on the agent's stdout, logs it, and finishes the turn", async () => {
    host = new HostUnderTest({ agentEnv: { SCRIPTED_AGENT_STDOUT_BANNER: "1" } });
    const sessionId = await session(host);
    const r = await host.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "junk" }] });
    expect(r.result).toEqual({ stopReason: "end_turn" });
    expect(host.hostLog).toMatch(/agent stdout not JSON, dropped/);
    expect(host.rpc().every((m) => m.jsonrpc === "2.0")).toBe(true);
  });

  it("reports a crash mid-turn with the exit code and stderr, and restarts on command", async () => {
    host = new HostUnderTest();
    const sessionId = await session(host);
    const firstPid = host.agentPids().pid;
    host.send({ jsonrpc: "2.0", id: 5, method: "session/prompt", params: { sessionId, prompt: [{ type: "text", text: "crash" }] } });
    const exited = await host.waitForStatus("exited");
    expect(exited.code).toBe(101);
    expect(exited.stderrTail.join("\n")).toMatch(/panic/i);
    host.send({ host: { type: "restart" } });
    await host.waitFor(() => host!.statuses().filter((s) => s === "running").length === 2, 15_000, "second running");
    const init = await host.initialize();
    expect(init.result).toMatchObject({ protocolVersion: 1 });
    expect(host.agentPids().pid).not.toBe(firstPid);
  });
});

describe("agent discovery and version", () => {
  it("reports a missing goose with where it looked and how to install it", async () => {
    host = new HostUnderTest({ profiles: { goose: { command: "goose" } } });
    await host.waitForHost("hello");
    host.start();
    const s = await host.waitForStatus("not_found");
    expect(s.searched).toContain("/usr/bin/goose");
    expect(s.searched.some((p) => p.endsWith("/.local/bin/goose"))).toBe(true);
    expect(s.fix).toMatch(/Install the goose CLI/);
  });

  it("refuses an outdated goose and names the version it found", async () => {
    host = new HostUnderTest({ agentEnv: { SCRIPTED_AGENT_VERSION: "goose 1.10.0" } });
    await host.waitForHost("hello");
    host.start();
    const s = await host.waitForStatus("outdated");
    expect(s).toMatchObject({ version: "1.10.0", required: "1.16.0" });
    expect(s.fix).toMatch(/goose update/);
    expect(host.statuses()).not.toContain("running");
  });

  it("reports a broken config file instead of silently running something else", async () => {
    host = new HostUnderTest({ rawConfig: "{ definitely not json" });
    await host.waitForHost("hello");
    host.start();
    const s = await host.waitForStatus("failed");
    expect(s.message).toMatch(/not a valid host config/);
  });
});

describe("the agent's file requests", () => {
  async function said(h: HostUnderTest, sessionId: string, text: string): Promise<string> {
    const seen = h.rpc().length;
    const r = await h.request("session/prompt", { sessionId, prompt: [{ type: "text", text }] });
    expect(r.result).toEqual({ stopReason: "end_turn" });
    return h
      .rpc()
      .slice(seen)
      .flatMap((m) =>
        m.method === "session/update" ? [(m.params as { update: { sessionUpdate: string; content?: { text?: string } } }).update] : [],
      )
      .filter((u) => u.sessionUpdate === "agent_message_chunk")
      .map((u) => u.content?.text ?? "")
      .join("");
  }

  it("answers malformed ones with clear errors, drops notifications, and writes nothing for them", async () => {
    host = new HostUnderTest();
    const sessionId = await session(host);
    const file = `${host.dir}/never.txt`;
    const lines = [
      `fsnotify fs/write_text_file {"sessionId":"$SESSION","path":"${file}","content":"x"}`,
      `fsraw fs/write_text_file {"sessionId":"not-ours","path":"${file}","content":"x"}`,
      `fsraw fs/write_text_file {"sessionId":"$SESSION","path":"${file}"}`,
      `fsraw fs/write_text_file {"sessionId":"$SESSION","path":"${file}","content":7}`,
      `fsraw fs/read_text_file {"sessionId":"$SESSION","path":"${file}","line":0}`,
      `fsraw fs/read_text_file {"sessionId":"$SESSION","path":"${file}"}`,
      `fsraw fs/read_text_file ["$SESSION","${file}"]`,
      "fsraw fs/read_text_file",
      `fsraw fs/remove {"sessionId":"$SESSION","path":"${file}"}`,
    ];
    expect((await said(host, sessionId, lines.join("\n"))).split("\n")).toEqual([
      "fsnotify sent",
      expect.stringMatching(/^fsraw error -32602 fs\/write_text_file: session "not-ours" was not opened through goose-browser$/),
      "fsraw error -32602 fs/write_text_file: content must be a string",
      "fsraw error -32602 fs/write_text_file: content must be a string",
      "fsraw error -32602 fs/read_text_file: line must be a whole number from 1 (the first line)",
      `fsraw error -32002 read: ${file} does not exist`,
      "fsraw error -32602 fs/read_text_file: params must be an object",
      "fsraw error -32602 fs/read_text_file: params must be an object",
      'fsraw error -32601 "fs/remove" is not a file-system method this client serves',
    ]);
    expect(host.hostLog).toMatch(/agent notification fs\/write_text_file dropped/);
    expect(fs.existsSync(file)).toBe(false);
  });

  it("serves a session loaded into the next agent after a restart", async () => {
    host = new HostUnderTest();
    const sessionId = await session(host);
    expect(
      await said(host, sessionId, `fsraw fs/write_text_file {"sessionId":"$SESSION","path":"${host.dir}/one.txt","content":"1"}`),
    ).toBe("fsraw result {}");
    host.send({ host: { type: "restart" } });
    await host.waitFor(() => host!.statuses().filter((s) => s === "running").length === 2, 15_000, "second running");
    await host.initialize();
    // The old session is not the new agent's until it is loaded through the host.
    const load = await host.request("session/load", { sessionId, cwd: host.dir, mcpServers: [] });
    expect(load.error).toBeUndefined();
    expect(
      await said(host, sessionId, `fsraw fs/write_text_file {"sessionId":"$SESSION","path":"${host.dir}/two.txt","content":"2"}`),
    ).toBe("fsraw result {}");
  });
});
