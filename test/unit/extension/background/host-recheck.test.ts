import { describe, expect, it } from "vitest";
import { HostRecheck } from "../../../../extension/background/host/host-recheck";
import {
  type ConnectionEvent,
  type ConnectionState,
  type DisconnectReason,
  initialConnectionState,
  reduceConnection,
} from "../../../../extension/state/connection/connection";
import { HOST_PROTOCOL_VERSION, type HostHello } from "../../../../shared/host-protocol";

const missing: DisconnectReason = {
  cause: "host_not_installed",
  message: "Specified native messaging host not found.",
  fix: "Install it.",
};
const exited: DisconnectReason = { cause: "host_exited", message: "Native host has exited.", fix: "See the log." };
const hello = {
  type: "hello",
  hostVersion: "1",
  protocolVersion: HOST_PROTOCOL_VERSION,
  profiles: [],
  defaultProfile: "",
} as unknown as HostHello;

function run(...events: ConnectionEvent[]): ConnectionState {
  return events.reduce(reduceConnection, initialConnectionState);
}

/** A HostRecheck on a hand-run clock: `timers` holds what is scheduled. */
function rig(watchers = 1) {
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  let rechecks = 0;
  const panels = { open: watchers };
  const r = new HostRecheck({
    recheck: () => rechecks++,
    watchers: () => panels.open,
    setTimer: (run, ms) => {
      const t = { run, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      (t as { cleared: boolean }).cleared = true;
    },
  });
  const pending = () => timers.filter((t) => !t.cleared);
  const fire = () => {
    const t = pending().at(-1)!;
    t.cleared = true;
    t.run();
  };
  return { r, timers, pending, fire, panels, rechecks: () => rechecks };
}

describe("HostRecheck", () => {
  it("tries again with a growing delay while the setup screen shows, up to a ceiling", () => {
    const { r, pending, fire, rechecks } = rig();
    const down = run({ type: "connecting" }, { type: "disconnected", reason: missing });
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      r.observe(down);
      r.observe(down); // a second look schedules nothing more
      expect(pending()).toHaveLength(1);
      delays.push(pending()[0]!.ms);
      fire();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    expect(rechecks()).toBe(7);
  });

  it("stops once the host is there, and starts from the shortest delay next time", () => {
    const { r, pending, fire } = rig();
    const down = run({ type: "connecting" }, { type: "disconnected", reason: missing });
    r.observe(down);
    fire();
    r.observe(down);
    expect(pending()[0]!.ms).toBe(2000);
    r.observe(run({ type: "connecting" }, { type: "hello", hello }));
    expect(pending()).toHaveLength(0);
    r.observe(down);
    expect(pending()[0]!.ms).toBe(1000);
  });

  it("does nothing while no panel shows the state, or for a host that stopped after its hello", () => {
    const { r, pending, panels } = rig(0);
    const down = run({ type: "connecting" }, { type: "disconnected", reason: missing });
    r.observe(down);
    expect(pending()).toHaveLength(0);
    panels.open = 1;
    r.observe(down);
    expect(pending()).toHaveLength(1);
    panels.open = 0;
    r.observe(down);
    expect(pending()).toHaveLength(0);
    panels.open = 1;
    r.observe(run({ type: "connecting" }, { type: "hello", hello }, { type: "disconnected", reason: exited }));
    expect(pending()).toHaveLength(0);
  });

  it("retries a host that does not fit (too old), so updating it is enough", () => {
    const { r, pending } = rig();
    r.observe(run({ type: "connecting" }, { type: "hello", hello: { ...hello, protocolVersion: HOST_PROTOCOL_VERSION - 2 } }));
    expect(pending()).toHaveLength(1);
  });

  it("checks at once when the panel comes back into view, and only on the setup screen", () => {
    const { r, pending, rechecks } = rig();
    const down = run({ type: "connecting" }, { type: "disconnected", reason: missing });
    r.observe(down);
    r.nudge(down);
    expect(rechecks()).toBe(1);
    expect(pending()).toHaveLength(0);
    r.nudge(run({ type: "connecting" }, { type: "hello", hello }));
    r.nudge(reduceConnection(down, { type: "connecting", recheck: true }));
    expect(rechecks()).toBe(1);
  });
});
