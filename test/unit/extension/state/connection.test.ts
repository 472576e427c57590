import { describe, expect, it } from "vitest";
import {
  type ConnectionEvent,
  type ConnectionState,
  type DisconnectReason,
  initialConnectionState,
  reduceConnection,
} from "../../../../extension/state/connection/connection";
import { type AgentStatus, HOST_PROTOCOL_VERSION, type HostHello } from "../../../../shared/host-protocol";

const hello: HostHello = {
  type: "hello",
  hostVersion: "0.1.0",
  protocolVersion: HOST_PROTOCOL_VERSION,
  profiles: ["goose", "goose-dev"],
  defaultProfile: "goose",
  cwd: "/home/me",
  platform: "linux",
  logFile: "/home/me/.local/state/goose-browser/host.log",
  configFile: "/c/host.json",
  nodeVersion: "v20.0.0",
  hostPath: "/h/host.cjs",
};
const running: AgentStatus = { profile: "goose", state: "running", command: "/bin/goose", pid: 42, cwd: "/home/me", version: "1.50.0" };
const exitedReason: DisconnectReason = { cause: "host_exited", message: "Native host has exited.", fix: "See the log." };

function run(...events: ConnectionEvent[]): ConnectionState {
  return events.reduce(reduceConnection, initialConnectionState);
}

describe("reduceConnection", () => {
  it("starts idle with nothing known", () => {
    expect(initialConnectionState.link).toEqual({ phase: "idle" });
    expect(initialConnectionState.agent).toBeNull();
  });

  it("moves connecting → ready on a compatible hello, keeping the host's details", () => {
    const s = run({ type: "connecting" }, { type: "hello", hello });
    // A host from before capabilities, without browser tools: both tools features are off, and so are goose's methods.
    expect(s.link).toEqual({
      phase: "ready",
      hello,
      fit: {
        verdict: "ok",
        speak: HOST_PROTOCOL_VERSION,
        missing: ["browser_tools", "browser_tools_offer", "goose_session_methods", "file_edits", "goose_features"],
      },
    });
    expect(s.lastHello).toBe(hello);
  });

  it("marks a hello with a protocol it cannot speak incompatible, and keeps one a version behind working", () => {
    const old = { ...hello, protocolVersion: HOST_PROTOCOL_VERSION - 2 };
    expect(run({ type: "connecting" }, { type: "hello", hello: old }).link).toEqual({
      phase: "incompatible",
      hello: old,
      fit: { verdict: "too_old" },
    });
    const newer = { ...hello, protocolVersion: HOST_PROTOCOL_VERSION + 1 };
    expect(run({ type: "connecting" }, { type: "hello", hello: newer }).link).toEqual({
      phase: "incompatible",
      hello: newer,
      fit: { verdict: "too_new" },
    });
    const behind = { ...hello, protocolVersion: HOST_PROTOCOL_VERSION - 1 };
    expect(run({ type: "connecting" }, { type: "hello", hello: behind }).link).toMatchObject({
      phase: "ready",
      fit: { verdict: "behind" },
    });
  });

  it("keeps the setup screen's link through a quiet recheck, and only through a recheck", () => {
    const missing: DisconnectReason = {
      cause: "host_not_installed",
      message: "Specified native messaging host not found.",
      fix: "Install it.",
    };
    const down = run({ type: "connecting" }, { type: "disconnected", reason: missing });
    expect(reduceConnection(down, { type: "connecting", recheck: true }).link).toEqual({
      phase: "connecting",
      rechecking: { phase: "disconnected", reason: missing },
    });
    expect(reduceConnection(down, { type: "connecting" }).link).toEqual({ phase: "connecting" });
    // A host that stopped after its hello is not a setup matter: a recheck shows as a plain connect.
    const exited = run({ type: "connecting" }, { type: "hello", hello }, { type: "disconnected", reason: exitedReason });
    expect(reduceConnection(exited, { type: "connecting", recheck: true }).link).toEqual({ phase: "connecting" });
  });

  it("ignores a hello that arrives when no port is waiting for one", () => {
    expect(run({ type: "hello", hello }).link).toEqual({ phase: "idle" });
    const ready = run({ type: "connecting" }, { type: "hello", hello });
    expect(reduceConnection(ready, { type: "hello", hello: { ...hello, hostVersion: "9" } })).toBe(ready);
  });

  it("records agent status only once the host is ready", () => {
    expect(run({ type: "connecting" }, { type: "agent_status", status: running }).agent).toBeNull();
    expect(run({ type: "connecting" }, { type: "hello", hello }, { type: "agent_status", status: running }).agent).toEqual(running);
  });

  it("keeps only the latest agent status", () => {
    const exited: AgentStatus = { profile: "goose", state: "exited", command: "/bin/goose", code: 1, signal: null, stderrTail: ["boom"] };
    const s = run(
      { type: "connecting" },
      { type: "hello", hello },
      { type: "agent_status", status: running },
      { type: "agent_status", status: exited },
    );
    expect(s.agent).toEqual(exited);
  });

  it("on disconnect records the reason and forgets the agent but not the last hello", () => {
    const s = run(
      { type: "connecting" },
      { type: "hello", hello },
      { type: "agent_status", status: running },
      { type: "disconnected", reason: exitedReason },
    );
    expect(s.link).toEqual({ phase: "disconnected", reason: exitedReason });
    expect(s.agent).toBeNull();
    expect(s.lastHello).toBe(hello);
  });

  it("a new connection clears the previous agent, host error and dropped-chunk count", () => {
    const before = run(
      { type: "connecting" },
      { type: "hello", hello },
      { type: "agent_status", status: running },
      { type: "host_error", error: { type: "error", code: "agent_not_running", message: "no agent" } },
      { type: "chunk_dropped", reason: "lost" },
    );
    expect(before.droppedChunks).toBe(1);
    expect(before.hostError?.code).toBe("agent_not_running");
    const after = reduceConnection(before, { type: "connecting" });
    expect(after.link).toEqual({ phase: "connecting" });
    expect(after.agent).toBeNull();
    expect(after.hostError).toBeNull();
    expect(after.droppedChunks).toBe(0);
    expect(after.lastHello).toBe(hello);
  });

  it("ignores host errors when no port is open", () => {
    const s = run({ type: "host_error", error: { type: "error", code: "invalid_json", message: "x" } });
    expect(s.hostError).toBeNull();
  });

  it("counts dropped chunked messages", () => {
    const s = run({ type: "connecting" }, { type: "chunk_dropped", reason: "lost" }, { type: "chunk_dropped", reason: "again" });
    expect(s.droppedChunks).toBe(2);
  });

  it("never mutates the state it is given", () => {
    const s = run({ type: "connecting" });
    const frozen = JSON.stringify(s);
    reduceConnection(s, { type: "hello", hello });
    reduceConnection(s, { type: "chunk_dropped", reason: "x" });
    expect(JSON.stringify(s)).toBe(frozen);
  });
});
