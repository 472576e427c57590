/**
 * What the direct path checks before it reports goose running, and how it hands over to a host
 * installed since: goose's version from its own initialize (too old gets the host path's screen), an
 * upgrade that never answers, a connection cut during the check, and the native host tried first
 * before each of its own tries and on Restart.
 */
import { describe, expect, it } from "vitest";
import { DIRECT_PROFILE } from "../../../../../extension/background/direct/direct-port";
import { versionVerdict } from "../../../../../extension/background/direct/version-check";
import { NativeConnection } from "../../../../../extension/background/host/native-connection";
import { createStore } from "../../../../../extension/background/observable-store";
import type { MessagePort } from "../../../../../extension/background/panel/ports";
import { initialConnectionState, reduceConnection } from "../../../../../extension/state/connection/connection";
import { describeConnection } from "../../../../../extension/view/status-text";
import { AGENT_NOT_RUNNING_REPLY, HOST_PROTOCOL_VERSION, hostMessage } from "../../../../../shared/host-protocol";
import { settle, setup, start } from "./direct-fakes";

describe("goose's version on the direct path", () => {
  it("reports a goose older than 1.50.0 as outdated, with the host path's screen, and leaves the server alone until Restart", async () => {
    const { port, sockets, timers, got, statuses, tick } = setup();
    // As the background has it: no host, so the native connection uses the direct port.
    const { store } = directConnection(
      () => port,
      () => false,
    );
    await settle();
    tick();
    await settle();
    sockets[0]!.passes("1.40.2");
    expect(got.at(-1)).toMatchObject({
      host: {
        status: { state: "outdated", profile: DIRECT_PROFILE, command: "ws://127.0.0.1:3284/acp", version: "1.40.2", required: "1.50.0" },
      },
    });
    expect(sockets[0]!.closed).toBe(true);
    expect(timers.filter((t) => t.ms > 0)).toEqual([]);
    expect(statuses()).toEqual(["starting", "outdated"]);
    port.postMessage({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
    expect(got.at(-1)).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: AGENT_NOT_RUNNING_REPLY } });

    // The panel's words: the same as for a goose the host found too old.
    const view = describeConnection(store.get(), null, "0.1.0");
    expect(view.headline).toBe("goose serve 1.40.2 is too old; goose-browser needs 1.50.0 or newer.");
    expect(view.fix).toMatch(/^Update goose on the machine it runs on \(`goose update`\)/);

    port.postMessage({ host: { type: "diagnose" } });
    expect(got.at(-1)).toMatchObject({ host: { type: "diagnostics", profiles: [{ problem: { state: "outdated" } }] } });
  });

  it("reads the version as the host does: an answer without one, or an error, is no reason to refuse", async () => {
    expect(versionVerdict({ result: { agentInfo: { version: "1.50.0" } } })).toEqual({ ok: true, version: "1.50.0" });
    expect(versionVerdict({ result: { agentInfo: { version: "v2.0.1-rc1" } } })).toEqual({ ok: true, version: "2.0.1" });
    expect(versionVerdict({ result: { agentInfo: { version: "1.49.12" } } })).toMatchObject({ ok: false, version: "1.49.12" });
    expect(versionVerdict({ result: {} })).toEqual({ ok: true });
    expect(versionVerdict({})).toEqual({ ok: true });
  });

  it("says so when goose takes the connection but never answers the check, and when it cuts it during the check", async () => {
    const silent = setup();
    silent.port.postMessage(start);
    await settle();
    silent.sockets[0]!.opens();
    const check = silent.timers.find((t) => t.ms === 15_000)!;
    check.run();
    expect(silent.got.at(-1)).toMatchObject({
      host: { status: { state: "failed", message: expect.stringContaining("did not answer initialize within 15 s") } },
    });
    expect(silent.sockets[0]!.closed).toBe(true);

    const cut = setup();
    cut.port.postMessage(start);
    await settle();
    cut.sockets[0]!.opens();
    cut.sockets[0]!.ends();
    // Upgraded, so not the token or the Origin: the server went away, and is tried again.
    expect(cut.statuses()).toEqual(["starting", "exited"]);
    expect(cut.timers.map((t) => t.ms)).toEqual([0, 500]);
  });
});

describe("a host installed while on the direct path", () => {
  it("is asked first before each try of the direct path's own; the direct path goes on only while there is none", async () => {
    let hostThere = false;
    const asked: number[] = [];
    const { port, sockets, timers, tick } = setup(undefined, async () => {
      asked.push(sockets.length);
      return hostThere;
    });
    tick();
    port.postMessage(start);
    await settle();
    sockets[0]!.passes();
    sockets[0]!.ends();
    timers.shift()!.run();
    await settle();
    expect(asked).toEqual([1]);
    expect(sockets).toHaveLength(2);
    sockets[1]!.passes();
    sockets[1]!.ends();
    hostThere = true;
    timers.shift()!.run();
    await settle();
    expect(asked).toEqual([1, 2]);
    expect(sockets).toHaveLength(2);
  });

  it("takes over from the direct port once it says hello, on a retry and on Restart", async () => {
    let installed = false;
    let direct = setup();
    let tryHost: () => Promise<boolean> = async () => false;
    const { store, native, hosts } = directConnection(
      (t) => {
        tryHost = t;
        direct = setup();
        return direct.port;
      },
      () => installed,
    );
    await settle();
    direct.tick();
    expect(store.get().link).toMatchObject({ phase: "ready", hello: { direct: true } });

    // Still no host: the direct path stays.
    expect(await tryHost()).toBe(false);
    expect(store.get().link).toMatchObject({ phase: "ready", hello: { direct: true } });

    installed = true;
    expect(await tryHost()).toBe(true);
    expect(store.get().link).toMatchObject({ phase: "ready", hello: { hostVersion: "9.9.9" } });
    const link = store.get().link;
    expect(link.phase === "ready" && link.hello.direct).toBeFalsy();
    // The host's hello was answered on the host's port: it was attached, not only heard.
    expect(hosts.at(-1)!.posted).toContainEqual(expect.objectContaining({ host: expect.objectContaining({ type: "start" }) }));

    // On the direct path again, Restart asks for the host first rather than restarting the direct port.
    installed = false;
    native.connect();
    await settle();
    direct.tick();
    installed = true;
    const before = hosts.length;
    native.restart();
    await settle();
    expect(hosts.length).toBe(before + 1);
    expect(store.get().link).toMatchObject({ phase: "ready", hello: { hostVersion: "9.9.9" } });
  });
});

/** A native connection whose browser has a host only while `installed()`, with `direct` in its place otherwise. */
function directConnection(direct: (tryHost: () => Promise<boolean>) => MessagePort, installed: () => boolean) {
  const hosts: FakeNativePort[] = [];
  const store = createStore(initialConnectionState, reduceConnection);
  const native = new NativeConnection(store, {
    connectNative: () => {
      const p = new FakeNativePort();
      hosts.push(p);
      queueMicrotask(() => (installed() ? p.hello() : p.gone()));
      return p;
    },
    lastErrorMessage: () => "Specified native messaging host not found.",
    hostAllows: { label: "", value: "", key: "allowed_origins" },
    direct,
  });
  native.connect();
  return { store, native, hosts };
}

/** A native port whose host says hello, or one the browser closes because there is no host. */
class FakeNativePort implements MessagePort {
  name = "";
  posted: unknown[] = [];
  private readonly onMessages: ((m: unknown) => void)[] = [];
  private readonly onDisconnects: (() => void)[] = [];
  onMessage = { addListener: (l: (m: unknown) => void) => void this.onMessages.push(l) };
  onDisconnect = { addListener: (l: () => void) => void this.onDisconnects.push(l) };
  postMessage(m: unknown) {
    this.posted.push(m);
  }
  disconnect() {}
  hello() {
    const hello = {
      type: "hello",
      hostVersion: "9.9.9",
      protocolVersion: HOST_PROTOCOL_VERSION,
      minExtensionProtocol: HOST_PROTOCOL_VERSION,
      profiles: ["goose"],
      defaultProfile: "goose",
      cwd: "/home/me",
      platform: "linux",
      logFile: "",
      configFile: "",
      nodeVersion: "",
      hostPath: "",
    };
    for (const l of this.onMessages) l(hostMessage(hello as never));
  }
  gone() {
    for (const l of this.onDisconnects) l();
  }
}
