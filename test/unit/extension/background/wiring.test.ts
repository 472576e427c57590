/** The background's I/O classes driven through fake ports: what they send, and what the store ends up saying. */
import { describe, expect, it } from "vitest";
import { type ClientCommands, commandRouter, type HostCommands } from "../../../../extension/background/command-router";
import { NativeConnection } from "../../../../extension/background/host/native-connection";
import { createStore } from "../../../../extension/background/observable-store";
import { servePanels } from "../../../../extension/background/panel/panel-bridge";
import type { MessagePort } from "../../../../extension/background/panel/ports";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../extension/state/app";
import { initialConnectionState, reduceConnection } from "../../../../extension/state/connection/connection";
import { isPanelToBackground, type PanelCommand } from "../../../../extension/state/panel-messages";
import { HOST_NAME } from "../../../../shared/extension-ids";
import { HOST_PROTOCOL_VERSION, type JsonRpcMessage } from "../../../../shared/host-protocol";
import { FakeClock } from "../../../helpers/fake-clock";
import { hostHello } from "../../../helpers/host-hello";

const ALLOWS = { label: "This extension's origin", value: "chrome-extension://ext/", key: "allowed_origins" };

class FakePort implements MessagePort {
  sent: unknown[] = [];
  disconnected = false;
  error?: { message?: string };
  private messageListeners: ((m: unknown) => void)[] = [];
  private disconnectListeners: (() => void)[] = [];
  onMessage = { addListener: (l: (m: unknown) => void) => void this.messageListeners.push(l) };
  onDisconnect = { addListener: (l: () => void) => void this.disconnectListeners.push(l) };
  constructor(
    public name = "",
    public sender?: { id?: string },
  ) {}
  postMessage(m: unknown) {
    this.sent.push(m);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The other side sends us something. */
  emit(m: unknown) {
    for (const l of this.messageListeners) l(m);
  }
  /** The other side (or the browser) closes the port. */
  close() {
    for (const l of this.disconnectListeners) l();
  }
}

const hello = hostHello();

function setup(extra: { onJsonRpc?: (m: JsonRpcMessage) => void; agentChoice?: () => { profile?: string; cwd?: string } } = {}) {
  const store = createStore(initialConnectionState, reduceConnection);
  const ports: FakePort[] = [];
  const names: string[] = [];
  let lastError: string | undefined;
  const native = new NativeConnection(store, {
    connectNative(name) {
      names.push(name);
      const p = new FakePort(name);
      ports.push(p);
      return p;
    },
    lastErrorMessage: () => lastError,
    hostAllows: ALLOWS,
    ...extra,
  });
  return { store, native, ports, names, setLastError: (m: string | undefined) => (lastError = m) };
}

describe("NativeConnection", () => {
  it("connects to our host name and answers hello with start", () => {
    const { native, ports, names, store } = setup();
    native.connect();
    expect(names).toEqual([HOST_NAME]);
    expect(store.get().link.phase).toBe("connecting");
    ports[0]!.emit({ host: hello });
    expect(ports[0]!.sent).toEqual([{ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION } }]);
    expect(store.get().link.phase).toBe("ready");
  });

  it("closes the port on a protocol mismatch and sends nothing", () => {
    const { native, ports, store } = setup();
    native.connect();
    ports[0]!.emit({ host: { ...hello, protocolVersion: 99 } });
    expect(ports[0]!.sent).toEqual([]);
    expect(ports[0]!.disconnected).toBe(true);
    expect(store.get().link.phase).toBe("incompatible");
  });

  it("maps runtime.lastError, read inside onDisconnect, to the reason", () => {
    const { native, ports, store, setLastError } = setup();
    native.connect();
    setLastError("Access to the specified native messaging host is forbidden.");
    ports[0]!.close();
    const link = store.get().link;
    expect(link.phase === "disconnected" && link.reason.cause).toBe("forbidden");
  });

  it("prefers port.error (Firefox) over runtime.lastError", () => {
    const { native, ports, store, setLastError } = setup();
    native.connect();
    setLastError("Native host has exited.");
    ports[0]!.error = { message: "Specified native messaging host not found." };
    ports[0]!.close();
    const link = store.get().link;
    expect(link.phase === "disconnected" && link.reason.cause).toBe("host_not_installed");
  });

  it("names the log file from an earlier hello when the host exits", () => {
    const { native, ports, store, setLastError } = setup();
    native.connect();
    ports[0]!.emit({ host: hello });
    setLastError("Native host has exited.");
    ports[0]!.close();
    const link = store.get().link;
    expect(link.phase === "disconnected" && link.reason.detail).toEqual({ label: "Host log", lines: ["/w/host.log"] });
  });

  it("tells a host that stopped before its hello (does not start) from one that stopped after, per port", () => {
    const { native, ports, store, setLastError } = setup();
    native.connect();
    setLastError("Native host has exited.");
    ports[0]!.close();
    let link = store.get().link;
    expect(link.phase === "disconnected" && link.reason.cause).toBe("host_not_starting");
    native.connect();
    ports[1]!.emit({ host: hello });
    ports[1]!.close();
    link = store.get().link;
    expect(link.phase === "disconnected" && link.reason.cause).toBe("host_exited");
    // A new port starts without a hello again; Firefox closes it with no error at all.
    native.connect();
    setLastError(undefined);
    ports[2]!.close();
    link = store.get().link;
    expect(link.phase === "disconnected" && link.reason.cause).toBe("host_not_starting");
  });

  it("keeps the setup screen through a quiet recheck, and connects when the host answers it", () => {
    const { native, ports, store, setLastError } = setup();
    native.connect();
    setLastError("Specified native messaging host not found.");
    ports[0]!.close();
    native.connect(true);
    const link = store.get().link;
    expect(link.phase === "connecting" && link.rechecking?.phase).toBe("disconnected");
    ports[1]!.emit({ host: hello });
    expect(store.get().link.phase).toBe("ready");
    expect(ports[1]!.sent).toEqual([{ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION } }]);
  });

  it("restart sends restart through a ready host, with the host's defaults when nothing is chosen", () => {
    const { native, ports } = setup();
    native.connect();
    ports[0]!.emit({ host: hello });
    native.restart();
    expect(ports).toHaveLength(1);
    expect(ports[0]!.sent.at(-1)).toEqual({ host: { type: "restart", profile: hello.defaultProfile, cwd: hello.cwd } });
  });

  it("starts and restarts with the user's chosen profile and folder, ignoring a profile the host lacks", () => {
    let choice: { profile?: string; cwd?: string } = { profile: "claude", cwd: "/work" };
    const { native, ports } = setup({ agentChoice: () => choice });
    native.connect();
    ports[0]!.emit({ host: { ...hello, profiles: ["goose", "claude"] } });
    expect(ports[0]!.sent[0]).toEqual({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION, profile: "claude", cwd: "/work" } });
    choice = { profile: "gone" };
    native.restart();
    expect(ports[0]!.sent.at(-1)).toEqual({ host: { type: "restart", profile: hello.defaultProfile, cwd: hello.cwd } });
    native.diagnose();
    expect(ports[0]!.sent.at(-1)).toEqual({ host: { type: "diagnose" } });
  });

  it("restart reconnects when the port is down, and ignores the old port's late events", () => {
    const { native, ports, store, setLastError } = setup();
    native.connect();
    setLastError("Native host has exited.");
    ports[0]!.close();
    native.restart();
    expect(ports).toHaveLength(2);
    expect(store.get().link.phase).toBe("connecting");
    ports[0]!.emit({ host: hello }); // stale
    expect(store.get().link.phase).toBe("connecting");
    ports[1]!.emit({ host: hello });
    expect(store.get().link.phase).toBe("ready");
  });

  it("ensureConnected leaves a live port alone and retries a failed one", () => {
    const { native, ports, setLastError } = setup();
    native.ensureConnected();
    native.ensureConnected();
    expect(ports).toHaveLength(1);
    setLastError("Specified native messaging host not found.");
    ports[0]!.close();
    native.ensureConnected();
    expect(ports).toHaveLength(2);
  });

  it("reports connectNative throwing as a disconnect", () => {
    const store = createStore(initialConnectionState, reduceConnection);
    const native = new NativeConnection(store, {
      connectNative: () => {
        throw new Error("no permission");
      },
      lastErrorMessage: () => undefined,
      hostAllows: ALLOWS,
    });
    native.connect();
    const link = store.get().link;
    expect(link.phase === "disconnected" && link.reason).toMatchObject({ cause: "connect_failed", message: "no permission" });
  });

  it("hands agent JSON-RPC messages to the ACP client in order, and sends its messages back", () => {
    const received: unknown[] = [];
    const { native, ports } = setup({ onJsonRpc: (m: unknown) => received.push(m) });
    native.connect();
    expect(native.sendJsonRpc({ jsonrpc: "2.0", id: 1, method: "initialize" })).toBe(false);
    ports[0]!.emit({ host: hello });
    ports[0]!.emit({ jsonrpc: "2.0", method: "session/update", params: { n: 1 } });
    ports[0]!.emit({ jsonrpc: "2.0", id: 3, result: {} });
    // Lines the host read together arrive as one array: each is its own message, in order.
    ports[0]!.emit([
      { jsonrpc: "2.0", method: "session/update", params: { n: 2 } },
      { jsonrpc: "2.0", id: 4, result: {} },
    ]);
    ports[0]!.emit({ jsonrpc: "2.0", method: "session/update", params: { n: 3 } });
    expect(received).toEqual([
      { jsonrpc: "2.0", method: "session/update", params: { n: 1 } },
      { jsonrpc: "2.0", id: 3, result: {} },
      { jsonrpc: "2.0", method: "session/update", params: { n: 2 } },
      { jsonrpc: "2.0", id: 4, result: {} },
      { jsonrpc: "2.0", method: "session/update", params: { n: 3 } },
    ]);
    expect(native.sendJsonRpc({ jsonrpc: "2.0", id: 1, method: "initialize" })).toBe(true);
    expect(ports[0]!.sent.at(-1)).toEqual({ jsonrpc: "2.0", id: 1, method: "initialize" });
  });
});

describe("servePanels", () => {
  function bridge() {
    const store = createStore(initialAppState, reduceApp);
    let connectListener: ((p: MessagePort) => void) | undefined;
    const calls = { opened: 0, commands: [] as PanelCommand[], counts: [] as number[] };
    const clock = new FakeClock();
    servePanels({
      timers: { now: () => clock.now, setTimer: (run, ms) => clock.setTimeout(run, ms), clearTimer: (t) => clock.clearTimeout(t) },
      onConnect: { addListener: (l) => (connectListener = l) },
      extensionId: "ours",
      store,
      onPanelOpen: () => calls.opened++,
      onCommand: (c) => calls.commands.push(c),
      onPanelCount: (n) => calls.counts.push(n),
    });
    const open = (port: FakePort) => {
      connectListener!(port);
      return port;
    };
    return { store, calls, open, clock };
  }

  const connecting: AppEvent = { scope: "connection", event: { type: "connecting" } };

  it("sends a snapshot on connect, then the applied events in one batch, which rebuild the same state", () => {
    const { store, open, clock } = bridge();
    const port = open(new FakePort("panel", { id: "ours" }));
    expect(port.sent).toEqual([{ type: "snapshot", state: initialAppState }]);
    store.dispatch(connecting);
    store.dispatch({ scope: "connection", event: { type: "hello", hello } });
    expect(port.sent).toHaveLength(1);
    clock.advance(0);
    expect(port.sent.slice(1)).toEqual([
      { type: "events", events: [connecting, { scope: "connection", event: { type: "hello", hello } }] },
    ]);
    const replayed = (port.sent[1] as { events: AppEvent[] }).events.reduce(reduceApp, initialAppState as AppState);
    expect(replayed).toEqual(store.get());
  });

  it("does not send events that change nothing", () => {
    const { store, open, clock } = bridge();
    const port = open(new FakePort("panel", { id: "ours" }));
    store.dispatch({ scope: "connection", event: { type: "agent_status", status: { state: "idle", profile: "goose" } } });
    clock.advance(100);
    expect(port.sent).toHaveLength(1);
  });

  it("stops sending once the panel port closes, and counts open panels", () => {
    const { store, open, calls, clock } = bridge();
    const port = open(new FakePort("panel", { id: "ours" }));
    open(new FakePort("panel", { id: "ours" }));
    store.dispatch(connecting);
    port.close();
    clock.advance(100);
    expect(port.sent).toHaveLength(1);
    expect(calls.counts).toEqual([1, 2, 1]);
  });

  it("tells the connection a panel opened, and forwards known commands only", () => {
    const { calls, open } = bridge();
    const port = open(new FakePort("panel", { id: "ours" }));
    expect(calls.opened).toBe(1);
    port.emit({ type: "nonsense" });
    port.emit("restart");
    expect(calls.commands).toEqual([]);
    port.emit({ type: "restart" });
    port.emit({ type: "cancel", sessionId: "s1" });
    expect(calls.commands).toEqual([{ type: "restart" }, { type: "cancel", sessionId: "s1" }]);
  });

  it("refuses ports from another sender and ignores other port names", () => {
    const { calls, open } = bridge();
    const foreign = open(new FakePort("panel", { id: "someone-else" }));
    expect(foreign.disconnected).toBe(true);
    expect(foreign.sent).toEqual([]);
    const other = open(new FakePort("other", { id: "ours" }));
    expect(other.sent).toEqual([]);
    expect(calls.opened).toBe(0);
  });
});

describe("commandRouter", () => {
  function router() {
    const calls: unknown[][] = [];
    const record =
      (name: string) =>
      async (...args: unknown[]) =>
        void calls.push([name, ...args]);
    const host: HostCommands = {
      restart: record("restart"),
      recheck: record("recheck"),
      diagnose: record("diagnose"),
      chooseAgent: record("chooseAgent"),
      useAgent: record("useAgent"),
      serveProfile: record("serveProfile"),
    };
    const client: ClientCommands = {
      newSession: record("newSession"),
      prompt: record("prompt"),
      cancel: record("cancel"),
      openSession: record("openSession"),
      refreshHistory: record("refreshHistory"),
      deleteSession: record("deleteSession"),
      setConfigOption: record("setConfigOption"),
      setMode: record("setMode"),
      answerPermission: (key, optionId) => void calls.push(["answerPermission", key, optionId]),
      editAndResend: record("editAndResend"),
      forkFrom: record("forkFrom"),
      closeSession: record("closeSession"),
      renameSession: record("renameSession"),
      archiveSession: record("archiveSession"),
      setSessionFolder: record("setSessionFolder"),
      answerElicitation: (key, answer) => void calls.push(["answerElicitation", key, answer]),
      steer: record("steer"),
      editQueued: record("editQueued"),
      removeQueued: record("removeQueued"),
      moveQueued: record("moveQueued"),
      sendQueuedNow: record("sendQueuedNow"),
      resumeQueue: record("resumeQueue"),
    };
    return { route: commandRouter(host, client), calls };
  }

  it("sends every panel command to its one handler, with its arguments", async () => {
    const { route, calls } = router();
    const content = [{ type: "text" as const, text: "hi" }];
    const commands: PanelCommand[] = [
      { type: "restart" },
      { type: "diagnose" },
      { type: "choose_agent", profile: "claude", cwd: "/work" },
      { type: "use_agent", profile: "codex" },
      { type: "save_serve_profile", name: "desktop", url: "ws://127.0.0.1:3284/acp", token: "t" },
      { type: "remove_serve_profile", name: "desktop" },
      { type: "new_session" },
      { type: "prompt", sessionId: null, content },
      { type: "cancel", sessionId: "s1" },
      { type: "load_session", sessionId: "s2" },
      { type: "refresh_history" },
      { type: "delete_session", sessionId: "s3" },
      { type: "set_config_option", sessionId: "s1", configId: "mode", value: "chat" },
      { type: "set_mode", sessionId: "s1", modeId: "auto" },
      { type: "answer_permission", key: "perm-1", optionId: null },
      { type: "edit_resend", sessionId: "s1", entryId: "e1", text: "again" },
      { type: "fork_from", sessionId: "s1", entryId: "e3" },
      { type: "close_session", sessionId: "s4" },
      { type: "rename_session", sessionId: "s4", title: "Mine" },
      { type: "archive_session", sessionId: "s4", archived: true },
      { type: "archive_session", sessionId: "s4", archived: false },
      { type: "set_session_folder", sessionId: "s4", cwd: "/w/sub" },
      { type: "answer_elicitation", key: "ask-1", action: "accept", values: { name: "Ada" } },
      { type: "answer_elicitation", key: "ask-2", action: "decline" },
      { type: "steer", sessionId: "s1", content },
      { type: "queue_edit", sessionId: "s1", id: "q1", content },
      { type: "queue_remove", sessionId: "s1", id: "q2" },
      { type: "queue_move", sessionId: "s1", id: "q3", to: 0 },
      { type: "queue_send_now", sessionId: "s1", id: "q4" },
      { type: "queue_resume", sessionId: "s1" },
    ];
    for (const c of commands) await route(c);
    // And the panel port lets each of them through (its list of command types is separate).
    expect(commands.filter((c: unknown) => !isPanelToBackground(c))).toEqual([]);
    expect(calls).toEqual([
      ["restart"],
      ["diagnose"],
      ["chooseAgent", { profile: "claude", cwd: "/work" }],
      ["useAgent", "codex"],
      ["serveProfile", { type: "save_serve_profile", name: "desktop", url: "ws://127.0.0.1:3284/acp", token: "t" }],
      ["serveProfile", { type: "remove_serve_profile", name: "desktop" }],
      ["newSession"],
      ["prompt", null, content],
      ["cancel", "s1"],
      ["openSession", "s2"],
      ["refreshHistory"],
      ["deleteSession", "s3"],
      ["setConfigOption", "s1", "mode", "chat"],
      ["setMode", "s1", "auto"],
      ["answerPermission", "perm-1", null],
      ["editAndResend", "s1", "e1", "again"],
      ["forkFrom", "s1", "e3"],
      ["closeSession", "s4"],
      ["renameSession", "s4", "Mine"],
      ["archiveSession", "s4", true],
      ["archiveSession", "s4", false],
      ["setSessionFolder", "s4", "/w/sub"],
      ["answerElicitation", "ask-1", { action: "accept", values: { name: "Ada" } }],
      ["answerElicitation", "ask-2", { action: "decline" }],
      ["steer", "s1", content],
      ["editQueued", "s1", "q1", content],
      ["removeQueued", "s1", "q2"],
      ["moveQueued", "s1", "q3", 0],
      ["sendQueuedNow", "s1", "q4"],
      ["resumeQueue", "s1"],
    ]);
  });

  it("turns a cleared agent choice into the host's defaults (no profile, no folder)", async () => {
    const { route, calls } = router();
    await route({ type: "choose_agent", profile: null, cwd: null });
    expect(calls).toEqual([["chooseAgent", {}]]);
  });
});
