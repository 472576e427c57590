/**
 * The built host against hostile input from the extension's side (issue #12): deep nesting, duplicate
 * keys, profiles named like built-in properties, huge echoed fields, big-integer ids, unsafe files,
 * and an agent that dies with requests in flight.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CHROME_MAX_HOST_MESSAGE_BYTES, HOST_PROTOCOL_VERSION, type HostEvent, type JsonRpcMessage } from "../../../shared/host-protocol";
import { FAKE_GOOSE, HostUnderTest, stopChecked } from "../../helpers/host-harness";

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host, "stdout carried only valid frames under 1 MiB");
  host = undefined;
});

const BIG_ID = "12345678901234567890123";

function frameOf(text: string): Buffer {
  const body = Buffer.from(text);
  const header = Buffer.alloc(4);
  header.writeUInt32LE(body.length, 0);
  return Buffer.concat([header, body]);
}

function hostErrors(h: HostUnderTest): Extract<HostEvent, { type: "error" }>[] {
  return h.received.flatMap((m) => (m.kind === "host" && m.event.type === "error" ? [m.event] : []));
}

async function nextError(h: HostUnderTest, before: number): Promise<Extract<HostEvent, { type: "error" }>> {
  await h.waitFor(() => hostErrors(h).length > before, 10_000, "a host error");
  return hostErrors(h)[before]!;
}

async function replyTo(h: HostUnderTest, id: unknown): Promise<JsonRpcMessage> {
  const r = await h.waitFor((m) => m.kind === "rpc" && m.message.id === id && m.message.method === undefined, 10_000, `reply to ${id}`);
  return (r as { message: JsonRpcMessage }).message;
}

async function running(): Promise<HostUnderTest> {
  const h = new HostUnderTest();
  await h.startAgent();
  await h.initialize();
  return h;
}

describe("nesting", () => {
  it.each([
    "session/new",
    "session/load",
    "session/resume",
  ])("refuses %s nested 5000 deep with an error and a JSON-RPC reply, and keeps working", async (method) => {
    host = await running();
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    host.sendRaw(frameOf(`{"jsonrpc":"2.0","id":"deep","method":"${method}","params":{"cwd":"/","mcpServers":[],"_meta":${deep}}}`));
    const e = await nextError(host, 0);
    expect(e.code).toBe("too_deep");
    expect((await replyTo(host, "deep")).error).toMatchObject({ code: -32600 });
    expect(host.child.exitCode).toBeNull();
    expect((await host.initialize()).result).toBeDefined();
    expect(host.agentReceived().some((m) => m.id === "deep")).toBe(false);
  });
});

describe("duplicate keys", () => {
  it("refuses a message whose checked key has a second copy, instead of forwarding it", async () => {
    host = await running();
    host.sendRaw(
      frameOf('{"jsonrpc":"2.0","id":"dup","method":"_goose/config/upsert","params":{"key":"x","value":1},"method":"session/list"}'),
    );
    expect((await nextError(host, 0)).code).toBe("duplicate_key");
    expect((await replyTo(host, "dup")).error).toMatchObject({ code: -32600 });
    host.sendRaw(frameOf('{"jsonrpc":"2.0","id":"dup2","method":"session/list","params":{"cwd":"/a","cwd":"/b"}}'));
    expect((await nextError(host, 1)).message).toMatch(/"cwd" twice/);
    await replyTo(host, "dup2");
    await host.initialize();
    expect(host.agentReceived().filter((m) => m.id === "dup" || m.id === "dup2")).toEqual([]);
  });
});

describe("profile names", () => {
  it.each([
    "constructor",
    "__proto__",
    "toString",
    "hasOwnProperty",
    "valueOf",
  ])("answers start and restart with profile %s as unknown_profile", async (profile) => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    host.send({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION, profile } });
    host.send({ host: { type: "restart", profile } });
    await host.waitFor(() => hostErrors(host!).length >= 2, 10_000, "two errors");
    expect(hostErrors(host).map((e) => e.code)).toEqual(["unknown_profile", "unknown_profile"]);
    host.start();
    await host.waitForStatus("running");
    expect(host.child.exitCode).toBeNull();
  });
});

describe("echoed fields stay small", () => {
  const huge = "m".repeat(1_200_000);

  it.each([
    ["method_not_allowed", { jsonrpc: "2.0", id: 1, method: huge }],
    ["unknown_command", { host: { type: huge } }],
    ["unknown_profile", { host: { type: "restart", profile: huge } }],
    ["invalid_cwd", { host: { type: "restart", cwd: `/${huge}` } }],
    ["protocol_mismatch", { host: { type: "start", protocolVersion: huge } }],
  ])("%s echoes at most a few hundred characters", async (code, message) => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    host.send(message);
    const e = await nextError(host, 0);
    expect(e.code).toBe(code);
    expect(e.message.length).toBeLessThan(500);
    expect(e.message).toContain("…");
  });

  it("agent_not_running echoes a bounded id", async () => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    host.send({ jsonrpc: "2.0", id: huge, result: {} });
    const e = await nextError(host, 0);
    expect(e.code).toBe("agent_not_running");
    expect(e.message.length).toBeLessThan(500);
  });

  it("withholds any frame of its own over 1 MiB and says so instead (a refused request with a 1.1 MB id)", async () => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    host.send({ jsonrpc: "2.0", id: "i".repeat(CHROME_MAX_HOST_MESSAGE_BYTES + 100_000), method: "_goose/x" });
    await host.waitFor(() => hostErrors(host!).length >= 2, 10_000, "two errors");
    expect(hostErrors(host).map((e) => e.code)).toEqual(["method_not_allowed", "message_too_large"]);
    expect(host.hostLog).toMatch(/withheld a \d+-byte message/);
  });
});

describe("ids", () => {
  it("echoes a big integer id exactly as sent in every reply the host makes", async () => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    host.sendRaw(frameOf(`{"jsonrpc":"2.0","id":${BIG_ID},"method":"initialize","params":{}}`));
    await nextError(host, 0); // agent_not_running
    host.sendRaw(frameOf(`{"jsonrpc":"2.0","id":${BIG_ID}0,"method":"_goose/config/upsert","params":{}}`));
    await nextError(host, 1); // method_not_allowed
    await host.waitFor(() => host!.rpc().length >= 2, 10_000, "two replies");
    const replies = host.rawFrames.filter((f) => f.includes('"error":{"code":-326'));
    expect(replies).toEqual([
      `{"jsonrpc":"2.0","id":${BIG_ID},"error":{"code":-32603,"message":"The agent is not running"}}`,
      `{"jsonrpc":"2.0","id":${BIG_ID}0,"error":{"code":-32601,"message":"method \\"_goose/config/upsert\\" is not allowed by the goose-browser host"}}`,
    ]);
  });

  it("forwards a session/new with mcpServers replaced and the rest of its bytes as sent", async () => {
    host = await running();
    host.sendRaw(
      frameOf(
        `{"jsonrpc":"2.0","id":"new-1","method":"session/new","params":{"cwd":${JSON.stringify(host.dir)},"mcpServers":[{"name":"x","command":"/bin/sh","args":[],"env":[]}]}}`,
      ),
    );
    expect((await replyTo(host, "new-1")).result).toHaveProperty("sessionId");
    expect(host.agentReceived().find((m) => m.id === "new-1")?.params).toEqual({ cwd: host.dir, mcpServers: [] });
    expect(host.hostLog).toMatch(/1 mcpServers from the extension were removed/);
  });
});

describe("requests the agent never answers", () => {
  it("answers a prompt in flight when the agent crashes, with the id exactly as sent", async () => {
    host = await running();
    const s = await host.request("session/new", { cwd: host.dir, mcpServers: [] });
    const sessionId = (s.result as { sessionId: string }).sessionId;
    host.sendRaw(
      frameOf(
        `{"jsonrpc":"2.0","id":${BIG_ID},"method":"session/prompt","params":{"sessionId":"${sessionId}","prompt":[{"type":"text","text":"crash"}]}}`,
      ),
    );
    await host.waitForStatus("exited");
    await host.waitFor(
      (m) => m.kind === "rpc" && m.message.method === undefined && typeof m.message.id === "number" && m.message.id > 1e22,
      5000,
      "the crash answer",
    );
    expect(host.rawFrames).toContain(
      `{"jsonrpc":"2.0","id":${BIG_ID},"error":{"code":-32603,"message":"The agent exited before answering"}}`,
    );
    // Answered requests are not answered twice.
    expect(host.rpc().filter((m) => m.error?.message === "The agent exited before answering")).toHaveLength(1);
  });
});

describe("unsafe files", () => {
  it("refuses to start an agent named by a host.json others can write, and says how to fix it", async () => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    const config = path.join(host.dir, "host.json");
    fs.chmodSync(config, 0o666);
    host.start();
    const s = await host.waitForStatus("failed");
    expect(s.message).toContain(`${config} is writable by others`);
    expect(s.fix).toBe(`Run \`chmod go-w ${config}\`.`);
    expect(host.statuses()).not.toContain("running");
  });

  it("refuses an agent command in a folder others can write", async () => {
    const open = fs.mkdtempSync(path.join(path.dirname(FAKE_GOOSE), "..", "open-"));
    try {
      fs.chmodSync(open, 0o777);
      const command = path.join(open, "goose");
      fs.copyFileSync(FAKE_GOOSE, command);
      fs.chmodSync(command, 0o755);
      host = new HostUnderTest({ profiles: { goose: { command, args: ["acp"] } } });
      await host.waitForHost("hello");
      host.start();
      const s = await host.waitForStatus("failed");
      expect(s.message).toContain(`${command} can be replaced by others: ${open} is writable by others`);
      expect(s.fix).toBe(`Run \`chmod go-w ${open}\`.`);
    } finally {
      fs.rmSync(open, { recursive: true, force: true });
    }
  });
});
