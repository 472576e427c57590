/**
 * The built host against a goose serve of our own that misbehaves (test/helpers/fake-goose-serve.ts):
 * junk, a flood, a connection cut in the middle of a frame, a goose too old, a server that is not
 * there yet, a refused upgrade. Whatever it does, the host stays up, says what happened, writes only
 * frames to the browser, and never writes the token anywhere.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MAX_VERBATIM_BYTES } from "../../../shared/host-protocol";
import { type FakeServe, type FakeServeOptions, startFakeServe } from "../../helpers/fake-goose-serve";
import { freePort } from "../../helpers/goose-serve";
import { expectNowhere, FAKE_GOOSE, HostUnderTest, isAlive, stopChecked } from "../../helpers/host-harness";

const TOKEN = "fake-serve-token-3f9c2a";
let host: HostUnderTest | undefined;
let fake: FakeServe | undefined;
afterEach(async () => {
  expectNowhere(host, TOKEN);
  await stopChecked(host);
  await fake?.close();
  host = undefined;
  fake = undefined;
});

async function connect(o: Omit<FakeServeOptions, "token">): Promise<HostUnderTest> {
  fake = await startFakeServe({ token: TOKEN, ...o });
  host = new HostUnderTest({ profiles: { remote: { url: fake.url, token: TOKEN } }, defaultProfile: "remote", config: { debug: true } });
  return host;
}

const note = (n: number) => JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", n } });

describe("the host and a misbehaving goose serve", () => {
  it("drops junk frames with a warning, relays the JSON-RPC around them in order, and stays connected", async () => {
    const h = await connect({
      onConnect: (ws) => {
        ws.send("not json at all");
        ws.send(Buffer.from([0xde, 0xad]), { binary: true });
        ws.send(note(1));
        ws.send('{"no":"jsonrpc"}');
        ws.send(`{\n  "jsonrpc": "2.0",\n  "method": "session/update",\n  "params": {"n": 2}\n}`);
        ws.send("");
        ws.send(note(3));
      },
    });
    await h.startAgent();
    await h.waitFor((m) => m.kind === "rpc" && (m.message.params as { n?: number })?.n === 3);
    expect(h.rpc().map((m) => (m.params as { n: number }).n)).toEqual([1, 2, 3]);
    expect(h.hostLog).toMatch(/agent stdout .*dropped/);
    const answer = await h.request("session/list", {});
    expect(answer.result).toEqual({ echo: "session/list" });
    expect(h.statuses()).toEqual(["starting", "running"]);
  });

  it("relays a flood in order, chunking a message over the verbatim limit, and carries 20 MiB the other way", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { n: -1, text: "x".repeat(MAX_VERBATIM_BYTES) } });
    const h = await connect({
      onConnect: (ws) => {
        for (let n = 0; n < 5000; n++) ws.send(note(n));
        ws.send(big);
      },
    });
    await h.startAgent();
    await h.waitFor((m) => m.kind === "rpc" && (m.message.params as { n?: number })?.n === -1, 60_000, "the big message");
    const ns = h.rpc().map((m) => (m.params as { n: number }).n);
    expect(ns).toEqual([...Array.from({ length: 5000 }, (_, n) => n), -1]);
    expect(h.received.find((m) => m.kind === "rpc" && (m.message.params as { n?: number })?.n === -1)).toMatchObject({ chunked: true });
    const huge = await h.request(
      "session/prompt",
      { sessionId: "s", prompt: [{ type: "text", text: "y".repeat(20 * 1024 * 1024) }] },
      60_000,
    );
    expect(huge.result).toEqual({ echo: "session/prompt" });
    expect(fake!.received.at(-1)!.length).toBeGreaterThan(20 * 1024 * 1024);
  });

  it("stops reading the server while the browser reads nothing, and delivers everything in order once it reads again", async () => {
    const sockets: import("ws").WebSocket[] = [];
    const payload = "z".repeat(4000);
    const h = await connect({
      onConnect: (ws) => {
        sockets.push(ws);
        for (let n = 0; n < 10_000; n++) ws.send(JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { n, payload } }));
      },
    });
    await h.startAgent();
    h.stdout.pause();
    // 40 MB for a browser that reads nothing: the host's pipe fills, it pauses the socket, and the rest
    // stays with the server (its send buffer), not in the host's memory.
    await new Promise((r) => setTimeout(r, 1500));
    expect(sockets[0]!.bufferedAmount).toBeGreaterThan(10 * 1024 * 1024);
    h.stdout.resume();
    await h.waitFor((m) => m.kind === "rpc" && (m.message.params as { n?: number })?.n === 9_999, 60_000, "the last message");
    const ns = h.rpc().map((m) => (m.params as { n: number }).n);
    expect(ns.length).toBe(10_000);
    expect(ns.every((n, i) => n === i)).toBe(true);
  });

  it("sends the server's last messages before the exit status, even while the browser was not reading", async () => {
    const payload = "w".repeat(4000);
    const h = await connect({
      onConnect: (ws, n) => {
        if (n > 1) return;
        for (let i = 0; i < 5000; i++) ws.send(JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { n: i, payload } }));
        ws.close(1001, "going away");
      },
    });
    await h.startAgent();
    h.stdout.pause();
    await new Promise((r) => setTimeout(r, 1000));
    h.stdout.resume();
    const exited = await h.waitForStatus("exited", 30_000);
    expect(exited.stderrTail[0]).toContain('closed (1001, "going away")');
    const exitAt = h.received.findIndex((m) => m.kind === "host" && m.event.type === "status" && m.event.status.state === "exited");
    const lastAt = h.received.findIndex((m) => m.kind === "rpc" && (m.message.params as { n?: number })?.n === 4999);
    expect(lastAt).toBeGreaterThan(-1);
    expect(lastAt).toBeLessThan(exitAt);
  });

  it("sends every message it read before the exit status when the server drops the connection while the browser was not reading", async () => {
    const payload = "v".repeat(4000);
    const h = await connect({
      onConnect: (ws, n) => {
        if (n > 1) return;
        for (let i = 0; i < 5000; i++) ws.send(JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { n: i, payload } }));
        setTimeout(() => ws.terminate(), 500);
      },
    });
    await h.startAgent();
    h.stdout.pause();
    await new Promise((r) => setTimeout(r, 1000));
    h.stdout.resume();
    await h.waitForStatus("exited", 30_000);
    const exitAt = h.received.findIndex((m) => m.kind === "host" && m.event.type === "status" && m.event.status.state === "exited");
    const after = h.received.slice(exitAt).filter((m) => m.kind === "rpc");
    expect(after).toEqual([]);
    const ns = h.rpc().map((m) => (m.params as { n: number }).n);
    expect(ns.length).toBeGreaterThan(0);
    expect(ns.every((n, i) => n === i)).toBe(true);
  });

  it("reports a connection cut in the middle of a frame as the agent's exit, and connects again", async () => {
    const h = await connect({
      // A text frame that says 100 bytes and brings 10.
      rawUpgrade: (n) => (n === 1 ? Buffer.concat([Buffer.from([0x81, 100]), Buffer.from('{"jsonrpc"')]) : undefined),
    });
    await h.waitForHost("hello");
    h.start();
    const exited = await h.waitForStatus("exited");
    expect(exited).toMatchObject({ profile: "remote", command: fake!.url, code: null, signal: null });
    expect(exited.stderrTail[0]).toMatch(/^The connection to ws:\/\/127\.0\.0\.1:\d+\/acp closed \(1006/);
    await h.waitFor(
      (m) => m.kind === "host" && m.event.type === "status" && m.event.status.state === "running" && m.event.status.pid === 2,
    );
    expect(h.statuses()).toEqual(["starting", "running", "exited", "running"]);
    expect((await h.request("initialize", { protocolVersion: 1 })).result).toMatchObject({ agentInfo: { name: "goose" } });
    // The cut frame's ten bytes never reached the browser.
    expect(h.rpc().map((m) => m.id)).toEqual([expect.any(Number)]);
  });

  it("diagnoses the profile as a connection would, naming the server and never the token", async () => {
    const h = await connect({});
    await h.waitForHost("hello");
    h.send({ host: { type: "diagnose" } });
    const d = await h.waitForHost("diagnostics");
    expect(d.profiles.find((p) => p.name === "remote")).toEqual({
      name: "remote",
      command: fake!.url,
      args: [],
      serve: true,
      resolved: fake!.url,
      version: "1.52.0",
    });
    expect(JSON.stringify(d)).not.toContain(TOKEN);
  });

  it("switches between a started agent and a goose serve on restart, leaving only the one asked for", async () => {
    const closed: number[] = [];
    fake = await startFakeServe({ token: TOKEN, onConnect: (ws, n) => ws.on("close", () => closed.push(n)) });
    host = new HostUnderTest({
      profiles: { goose: { command: FAKE_GOOSE, args: ["acp"] }, remote: { url: fake.url, token: TOKEN } },
      defaultProfile: "goose",
    });
    const started = await host.startAgent();
    const pid = (started as { pid: number }).pid;
    host.send({ host: { type: "restart", profile: "remote" } });
    await host.waitFor(
      (m) => m.kind === "host" && m.event.type === "status" && m.event.status.profile === "remote" && m.event.status.state === "running",
    );
    await waitUntil(() => !isAlive(pid), 5000);
    expect((await host.request("session/list", {})).result).toEqual({ echo: "session/list" });
    host.send({ host: { type: "restart", profile: "goose" } });
    await host.waitFor(
      (m) =>
        m.kind === "host" &&
        m.event.type === "status" &&
        m.event.status.profile === "goose" &&
        m.event.status.state === "running" &&
        m.event.status.pid !== pid,
    );
    await waitUntil(() => closed.includes(1), 5000);
    expect(host.statuses()).toEqual(["discovering", "starting", "running", "starting", "running", "discovering", "starting", "running"]);
    expect((await host.initialize()).result).toMatchObject({ protocolVersion: 1 });
  });

  it("says a goose too old is too old, with the versions, and connects no WebSocket", async () => {
    const h = await connect({ version: "1.40.2" });
    await h.waitForHost("hello");
    h.start();
    const outdated = await h.waitForStatus("outdated");
    expect(outdated).toMatchObject({ version: "1.40.2", required: "1.50.0", command: fake!.url });
    expect(fake!.connections).toBe(0);
  });

  it("says a refused upgrade is refused (403), and what refuses it", async () => {
    const h = await connect({ upgradeStatus: 403 });
    await h.waitForHost("hello");
    h.start();
    const failed = await h.waitForStatus("failed");
    expect(failed.message).toBe(`the goose serve at ${fake!.url} refused the connection (403)`);
    expect(failed.fix).toContain("Origin");
  });

  it("says nothing answers yet, then connects by itself once the server is up", async () => {
    const port = await freePort();
    host = new HostUnderTest({ profiles: { remote: { url: `ws://127.0.0.1:${port}/acp`, token: TOKEN } }, defaultProfile: "remote" });
    await host.waitForHost("hello");
    host.start();
    const failed = await host.waitForStatus("failed");
    expect(failed.message).toBe(`nothing answers at ws://127.0.0.1:${port}/acp (ECONNREFUSED)`);
    expect(failed.fix).toContain("The host tries again by itself.");
    fake = await startFakeServe({ token: TOKEN }, port);
    const running = await host.waitForStatus("running", 30_000);
    expect(running).toMatchObject({ pid: 1, version: "1.52.0" });
  });
});

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
