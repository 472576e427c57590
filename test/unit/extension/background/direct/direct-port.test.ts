/**
 * The direct path's port driven with a fake WebSocket, fetch and clock: it speaks the host's side of the
 * native port (a hello without browser tools, the agent's statuses), relays only JSON-RPC, answers what
 * it cannot deliver, refuses a message goose would drop, and reconnects with the host's backoff.
 */
import { describe, expect, it } from "vitest";
import { DIRECT_PROFILE, type DirectPort } from "../../../../../extension/background/direct/direct-port";
import { VERSION_CHECK_ID } from "../../../../../extension/background/direct/version-check";
import { NativeConnection } from "../../../../../extension/background/host/native-connection";
import { createStore } from "../../../../../extension/background/observable-store";
import { initialConnectionState, reduceConnection } from "../../../../../extension/state/connection/connection";
import { AGENT_EXITED_REPLY, AGENT_NOT_RUNNING_REPLY } from "../../../../../shared/host-protocol";
import { SERVE, settle, setup, start } from "./direct-fakes";

describe("the direct path's port", () => {
  it("says hello as a host without browser tools, connects with the token in the URL, and relays only JSON-RPC", async () => {
    const { port, sockets, got, tick, statuses } = setup();
    tick();
    expect(got[0]).toMatchObject({
      host: { type: "hello", profiles: [DIRECT_PROFILE], cwd: "/work", capabilities: ["goose_session_methods"], direct: true },
    });
    port.postMessage(start);
    await settle();
    expect(sockets[0]!.url).toBe("ws://127.0.0.1:3284/acp?token=s3cret%20token");
    sockets[0]!.opens();
    // goose's version first, on the port's own initialize, before the agent counts as running.
    expect(sockets[0]!.sent.map((t) => JSON.parse(t) as unknown)).toEqual([
      expect.objectContaining({ id: VERSION_CHECK_ID, method: "initialize" }),
    ]);
    sockets[0]!.says('{"jsonrpc":"2.0","method":"session/update","params":{"before":"the check"}}');
    expect(statuses()).toEqual(["starting"]);
    sockets[0]!.says(`{"jsonrpc":"2.0","id":"${VERSION_CHECK_ID}","result":{"agentInfo":{"name":"goose","version":"1.52.0"}}}`);
    expect(got.at(-1)).toEqual({
      host: {
        type: "status",
        status: { state: "running", profile: DIRECT_PROFILE, command: SERVE.url, pid: 1, cwd: "/work", version: "1.52.0" },
      },
    });
    port.postMessage({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
    expect(sockets[0]!.sent.slice(1)).toEqual(['{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}']);
    const before = got.length;
    sockets[0]!.says('{"jsonrpc":"2.0","id":1,"result":{}}');
    sockets[0]!.says('[{"jsonrpc":"2.0","method":"session/update","params":{}},{"host":{"type":"tool_call"}}]');
    sockets[0]!.says('{"host":{"type":"tool_call","callId":"x","tool":"click"}}');
    sockets[0]!.says("not json");
    expect(got.slice(before)).toEqual([
      { jsonrpc: "2.0", id: 1, result: {} },
      { jsonrpc: "2.0", method: "session/update", params: {} },
    ]);
    expect(statuses()).toEqual(["starting", "running"]);
  });

  it("refuses a message over 16 MiB before sending it, and answers requests it cannot deliver", async () => {
    const { port, sockets, got } = setup();
    port.postMessage({ jsonrpc: "2.0", id: 2, method: "session/list", params: {} });
    expect(got.at(-1)).toEqual({ jsonrpc: "2.0", id: 2, error: { code: -32603, message: AGENT_NOT_RUNNING_REPLY } });
    port.postMessage(start);
    await settle();
    sockets[0]!.passes();
    port.postMessage({ jsonrpc: "2.0", id: 3, method: "session/prompt", params: { text: "x".repeat(17 * 1024 * 1024) } });
    expect(sockets[0]!.sent).toHaveLength(1); // the version check's only
    const [error, answer] = got.slice(-2) as [{ host: { code: string; message: string } }, { error: { message: string } }];
    expect(error.host.code).toBe("frame_too_large");
    expect(error.host.message).toMatch(/^This message is 17\.0 MiB: goose serve takes at most 16\.0 MiB/);
    expect(answer).toMatchObject({ id: 3, error: { message: error.host.message } });
  });

  it("reports the server going away, answers what it left unanswered, and reconnects with the host's backoff", async () => {
    const { port, sockets, timers, got, tick, statuses } = setup();
    tick();
    port.postMessage(start);
    await settle();
    sockets[0]!.passes();
    port.postMessage({ jsonrpc: "2.0", id: 4, method: "session/prompt", params: {} });
    sockets[0]!.ends();
    expect(got.at(-1)).toEqual({ jsonrpc: "2.0", id: 4, error: { code: -32603, message: AGENT_EXITED_REPLY } });
    expect(timers.map((t) => t.ms)).toEqual([500]);
    tick();
    await settle();
    sockets[1]!.passes();
    expect(statuses()).toEqual(["starting", "running", "exited", "running"]);
    expect(got.at(-1)).toMatchObject({ host: { status: { state: "running", pid: 2 } } });
  });

  it("opens the WebSocket (the token in its URL, which a browser logs when it fails) only once goose took the token over HTTP", async () => {
    const token = setup(async () => ({ status: 401 }));
    token.port.postMessage(start);
    await settle();
    expect(token.sockets).toEqual([]);
    expect(token.got.at(-1)).toMatchObject({
      host: { status: { state: "failed", message: expect.stringContaining("refused the token (401)") } },
    });
    expect(token.timers).toEqual([expect.objectContaining({ ms: 0 })]); // the hello's only: a wrong token waits for Restart

    const absent = setup(() => Promise.reject(new TypeError("Failed to fetch")));
    absent.tick();
    absent.port.postMessage(start);
    await settle();
    expect(absent.got.at(-1)).toMatchObject({
      host: { status: { state: "failed", message: "nothing answers at ws://127.0.0.1:3284/acp" } },
    });
    expect(absent.timers.map((t) => t.ms)).toEqual([500]);
    absent.tick();
    await settle();
    // Still nothing there: the next try is quiet, waits longer, and no WebSocket was ever opened.
    expect(absent.statuses()).toEqual(["starting", "failed"]);
    expect(absent.timers.map((t) => t.ms)).toEqual([1000]);
    expect(absent.sockets).toEqual([]);
  });

  it("explains a WebSocket refused after goose took the token over HTTP as the Origin, and waits for Restart", async () => {
    const refused = setup(async () => ({ status: 200 }));
    refused.port.postMessage(start);
    await settle();
    refused.sockets[0]!.ends();
    await settle();
    expect(refused.got.at(-1)).toMatchObject({
      host: { status: { state: "failed", message: "the goose serve at ws://127.0.0.1:3284/acp refused this extension's origin (403)" } },
    });
    expect(refused.timers).toEqual([expect.objectContaining({ ms: 0 })]); // the hello's only
  });

  it("is what the native connection uses when there is no host and one is set up", async () => {
    /** Chromium's port to a host that is not installed: it closes, and runtime.lastError says why. */
    const noHost = () => {
      const closers: (() => void)[] = [];
      const port = {
        name: "",
        postMessage: () => {},
        disconnect: () => {},
        onMessage: { addListener: () => {} },
        onDisconnect: { addListener: (l: () => void) => void closers.push(l) },
      };
      return {
        port,
        close: () => {
          for (const c of closers) c();
        },
      };
    };
    const connection = (direct: () => DirectPort | null) => {
      const store = createStore(initialConnectionState, reduceConnection);
      const native = noHost();
      new NativeConnection(store, {
        connectNative: () => native.port,
        lastErrorMessage: () => "Specified native messaging host not found.",
        hostAllows: { label: "", value: "", key: "allowed_origins" },
        direct,
      }).connect();
      native.close();
      return store;
    };
    const { port, tick } = setup();
    const store = connection(() => port);
    expect(store.get().link.phase).toBe("connecting");
    tick();
    const link = store.get().link;
    expect(link.phase === "ready" && link.hello.direct).toBe(true);
    expect(connection(() => null).get().link).toMatchObject({ phase: "disconnected", reason: { cause: "host_not_installed" } });
  });
});
