/** The agent choice is kept only once the host takes it (background/agent-choice.ts). */
import { describe, expect, it } from "vitest";
import { tryAgentChoice } from "../../../../extension/background/agent-choice";
import {
  type AgentChoice,
  type ConnectionEvent,
  type ConnectionState,
  initialConnectionState,
} from "../../../../extension/state/connection/connection";
import { HOST_PROTOCOL_VERSION, type HostHello } from "../../../../shared/host-protocol";

const hello = { type: "hello", profiles: ["goose"], defaultProfile: "goose", cwd: "/home/me" } as HostHello;

/** A background with a ready host whose answer to a restart is `answer` (sent as the host would, after the restart). */
function background(phase: "ready" | "disconnected", answer: ConnectionEvent[]) {
  const listeners = new Set<(e: ConnectionEvent) => void>();
  const log: string[] = [];
  let current: AgentChoice = { cwd: "/old" };
  const stored: AgentChoice[] = [];
  const connection: ConnectionState = {
    ...initialConnectionState,
    link:
      phase === "ready"
        ? { phase: "ready", hello, fit: { verdict: "ok", speak: HOST_PROTOCOL_VERSION, missing: [] } }
        : { phase: "disconnected", reason: { cause: "unknown", message: "", fix: "" } },
  };
  const deps = {
    connection: () => connection,
    onConnectionEvent: (l: (e: ConnectionEvent) => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    current: () => current,
    use: (c: AgentChoice) => {
      current = c;
    },
    store: async (c: AgentChoice) => void stored.push(c),
    restart: () => {
      log.push(`restart with ${JSON.stringify(current)}`);
      queueMicrotask(() => {
        for (const e of answer) for (const l of [...listeners]) l(e);
      });
    },
  };
  return { deps, log, stored, current: () => current, listeners };
}

const refusal: ConnectionEvent = { type: "host_error", error: { type: "error", code: "invalid_cwd", message: "no" } };
const discovering: ConnectionEvent = { type: "agent_status", status: { profile: "goose", state: "discovering" } };

describe("tryAgentChoice", () => {
  it("a refused choice is neither stored nor kept for the next start", async () => {
    const b = background("ready", [refusal]);
    expect(await tryAgentChoice({ cwd: "/gone" }, b.deps)).toBe(false);
    expect(b.log).toEqual(['restart with {"cwd":"/gone"}']);
    expect(b.stored).toEqual([]);
    expect(b.current()).toEqual({ cwd: "/old" });
    expect(b.listeners.size).toBe(0);
  });

  it("a choice the host takes is stored; unrelated host errors before the answer do not decide", async () => {
    const other: ConnectionEvent = { type: "host_error", error: { type: "error", code: "not_jsonrpc", message: "x" } };
    const b = background("ready", [other, discovering]);
    expect(await tryAgentChoice({ cwd: "/new" }, b.deps)).toBe(true);
    expect(b.stored).toEqual([{ cwd: "/new" }]);
    expect(b.current()).toEqual({ cwd: "/new" });
  });

  it("without a host to ask, it is stored and the start on connecting checks it", async () => {
    const b = background("disconnected", []);
    expect(await tryAgentChoice({ cwd: "/new" }, b.deps)).toBe(true);
    expect(b.stored).toEqual([{ cwd: "/new" }]);
    expect(b.log).toEqual(['restart with {"cwd":"/new"}']);
  });
});
