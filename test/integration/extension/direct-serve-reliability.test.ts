/**
 * The direct path's port (extension/background/direct/) over a real WebSocket (the `ws` client, as a
 * browser's: the token in `?token=`) and real HTTP, against a goose serve of our own that misbehaves
 * (test/helpers/fake-goose-serve.ts): junk frames, a flood, a connection cut in the middle of a frame,
 * before and after goose counts as running. Whatever it does, the client gets only JSON-RPC, in order,
 * hears what happened as the host would say it, and the port is connected again; the token is in
 * nothing it says.
 */
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DirectPort, type SocketLike } from "../../../extension/background/direct/direct-port";
import { AGENT_EXITED_REPLY, HOST_PROTOCOL_VERSION } from "../../../shared/host-protocol";
import { type FakeServe, type FakeServeOptions, startFakeServe } from "../../helpers/fake-goose-serve";

const TOKEN = "direct-fake-token-7c1e";
let fake: FakeServe | undefined;
let port: DirectPort | undefined;
let got: unknown[] = [];
afterEach(async () => {
  // Nothing the port said to the extension holds the token.
  expect(JSON.stringify(got)).not.toContain(TOKEN);
  port?.disconnect();
  await fake?.close();
  fake = undefined;
  port = undefined;
  got = [];
});

async function connect(o: Omit<FakeServeOptions, "token">): Promise<DirectPort> {
  fake = await startFakeServe({ token: TOKEN, ...o });
  port = new DirectPort(
    { url: fake.url, token: TOKEN, cwd: "/work" },
    {
      origin: "chrome-extension://abc",
      openSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      // As an extension without every site's access reads it: through CORS, which hides the response's type.
      fetch: async (url, init) => {
        const r = await fetch(url, init);
        return { status: r.status, headers: r.headers };
      },
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    },
  );
  port.onMessage.addListener((m) => got.push(m));
  port.postMessage({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION } });
  return port;
}

const note = (n: number) => JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", n } });
const statuses = () => got.flatMap((m) => ((m as { host?: { status?: { state: string } } }).host?.status?.state ?? []) as string[]);
const notes = () => got.flatMap((m) => ((m as { params?: { n?: number } }).params?.n ?? []) as number[]);
/** Once the server answered the port's version check: what it sends after that reaches the client. */
const afterCheck = (ws: import("ws").WebSocket, send: () => void) => ws.once("message", () => setImmediate(send));

async function until(what: string, ok: () => boolean): Promise<void> {
  await expect.poll(ok, { timeout: 20_000, message: what }).toBe(true);
}

function answerTo(id: number): Promise<unknown> {
  return new Promise((resolve) => {
    const look = setInterval(() => {
      const a = got.find((m) => (m as { id?: unknown; method?: unknown }).id === id && !(m as { method?: unknown }).method);
      if (a) resolve(a);
      if (a) clearInterval(look);
    }, 5);
  });
}

describe("the direct path and a misbehaving goose serve", () => {
  it("drops junk frames, passes the JSON-RPC around them in order, and stays connected", async () => {
    const p = await connect({
      onConnect: (ws) =>
        afterCheck(ws, () => {
          ws.send("not json at all");
          ws.send(Buffer.from([0xde, 0xad]), { binary: true });
          ws.send(note(1));
          ws.send('{"no":"jsonrpc"}');
          ws.send('{"host":{"type":"tool_call","callId":"x","tool":"click"}}');
          ws.send(`[${note(2)}, 7, "junk"]`);
          ws.send("");
          ws.send(note(3));
        }),
    });
    await until("note 3", () => notes().includes(3));
    expect(notes()).toEqual([1, 2, 3]);
    p.postMessage({ jsonrpc: "2.0", id: 9, method: "session/list", params: {} });
    expect(await answerTo(9)).toEqual({ jsonrpc: "2.0", id: 9, result: { echo: "session/list" } });
    expect(statuses()).toEqual(["starting", "running"]);
    // Nothing else reached the client: JSON-RPC, and the port's own hello and statuses.
    const own = (m: unknown) => ["hello", "status"].includes((m as { host?: { type?: string } } | null)?.host?.type ?? "");
    expect(got.filter((m) => !own(m) && (m as { jsonrpc?: string } | null)?.jsonrpc !== "2.0")).toEqual([]);
  });

  it("passes a flood on in order", async () => {
    await connect({
      onConnect: (ws) =>
        afterCheck(ws, () => {
          for (let n = 0; n < 5000; n++) ws.send(note(n));
        }),
    });
    await until("the flood's last note", () => notes().includes(4999));
    expect(notes()).toEqual([...Array(5000).keys()]);
    expect(statuses()).toEqual(["starting", "running"]);
  });

  it("reports a connection cut in the middle of a frame as goose gone, answers what was left, and connects again", async () => {
    const p = await connect({
      onConnect: (ws, n) => {
        if (n !== 1) return;
        // Before the fake's own listener, which would answer the prompt.
        ws.prependListener("message", (data) => {
          if (!data.toString().includes('"session/prompt"')) return;
          // A text frame's header announcing 126+ bytes, then two of them, then nothing.
          const raw = (ws as unknown as { _socket: import("node:net").Socket })._socket;
          raw.write(Buffer.from([0x81, 0x7e, 0x01, 0x00, 0x7b, 0x22]), () => raw.destroy());
        });
      },
    });
    await until("running", () => statuses().includes("running"));
    p.postMessage({ jsonrpc: "2.0", id: 4, method: "session/prompt", params: {} });
    expect(await answerTo(4)).toEqual({ jsonrpc: "2.0", id: 4, error: { code: -32603, message: AGENT_EXITED_REPLY } });
    await until("running again", () => statuses().filter((s) => s === "running").length === 2);
    expect(statuses()).toEqual(["starting", "running", "exited", "running"]);
    expect(fake!.connections).toBe(2);
  });

  it("takes a connection cut during the version check as goose gone, not as a refusal, and connects again", async () => {
    await connect({ rawUpgrade: (n) => (n === 1 ? Buffer.from([0x81, 0x7e, 0x01]) : undefined) });
    await until("running", () => statuses().includes("running"));
    expect(statuses()).toEqual(["starting", "exited", "running"]);
  });
});
