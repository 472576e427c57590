/**
 * A fake WebSocket, fetch and clock for the direct path's port (extension/background/direct/): the
 * socket records what it was sent and is told what the server does; timers run when a test says.
 */
import { DirectPort, type SocketLike } from "../../../../../extension/background/direct/direct-port";
import { VERSION_CHECK_ID } from "../../../../../extension/background/direct/version-check";
import { HOST_PROTOCOL_VERSION } from "../../../../../shared/host-protocol";

export const SERVE = { url: "ws://127.0.0.1:3284/acp", token: "s3cret token", cwd: "/work" };

class FakeSocket implements SocketLike {
  onopen: (() => unknown) | null = null;
  onmessage: ((event: { data: unknown }) => unknown) | null = null;
  onclose: (() => unknown) | null = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.closed = true;
  }
  opens() {
    this.onopen?.();
  }
  says(data: string) {
    this.onmessage?.({ data });
  }
  ends() {
    this.onclose?.();
  }
  /** Upgrades, and answers the port's version check as goose `version` would. */
  passes(version = "1.52.0") {
    this.opens();
    this.says(
      JSON.stringify({ jsonrpc: "2.0", id: VERSION_CHECK_ID, result: { protocolVersion: 1, agentInfo: { name: "goose", version } } }),
    );
  }
}

export function setup(answer: () => Promise<{ status: number }> = async () => ({ status: 200 }), tryHost?: () => Promise<boolean>) {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const port = new DirectPort(SERVE, {
    origin: "chrome-extension://abc",
    openSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    fetch: answer,
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const i = timers.indexOf(timer as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
    ...(tryHost ? { tryHost } : {}),
  });
  const got: unknown[] = [];
  port.onMessage.addListener((m) => got.push(m));
  const tick = () => timers.shift()!.run();
  const statuses = () =>
    got.flatMap((m) =>
      (m as { host?: { type: string; status?: { state: string } } }).host?.status
        ? [(m as { host: { status: { state: string } } }).host.status.state]
        : [],
    );
  return { port, sockets, timers, got, tick, statuses };
}

export const start = { host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION } };

/** Lets the port's HTTP check (the fake fetch, answered at once) come back. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
