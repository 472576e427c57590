/**
 * The background's ACP client (ClientController + the shared reducer) wired to a real scripted agent
 * process over ndjson pipes, standing in for the host and the native port: what the client's
 * integration tests drive through the real command router.
 */
import "./dom/fake-browser";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { ClientController } from "../../extension/background/client/controller";
import { commandRouter } from "../../extension/background/command-router";
import { createStore } from "../../extension/background/observable-store";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../extension/state/app";
import type { SessionState } from "../../extension/state/sessions/client-state";
import type { ForkProbeStorage } from "../../extension/storage/fork-probes";
import type { ForkStorage } from "../../extension/storage/session-forks";
import type { MetaStorage, SessionMeta } from "../../extension/storage/session-meta";
import { HOST_PROTOCOL_VERSION, type HostHello } from "../../shared/host-protocol";
import { FAKE_GOOSE, isAlive, waitUntil } from "./host-harness";

const agents: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const a of agents.splice(0)) if (a.pid && isAlive(a.pid)) a.kill("SIGKILL");
});

export class MemoryMeta implements MetaStorage {
  saved: SessionMeta = { activeSessionId: null, modeBySession: {} };
  async load() {
    return structuredClone(this.saved);
  }
  async save(m: SessionMeta) {
    this.saved = structuredClone(m);
  }
}

/** A store + controller wired to a scripted agent process, standing in for host and port. */
export function setup(
  dir: string,
  meta = new MemoryMeta(),
  env: Record<string, string> = {},
  forks?: ForkStorage,
  forkProbes?: ForkProbeStorage,
) {
  const store = createStore<AppState, AppEvent>(initialAppState, reduceApp);
  const events: AppEvent[] = [];
  store.subscribe((_s, e) => events.push(e));
  let agent: ChildProcessWithoutNullStreams | null = null;
  const controller = new ClientController({
    store,
    meta,
    ...(forks ? { forks } : {}),
    ...(forkProbes ? { forkProbes } : {}),
    sendJsonRpc: (m) => {
      if (!agent || agent.exitCode !== null) return false;
      agent.stdin.write(`${JSON.stringify(m)}\n`);
      return true;
    },
  });
  const hello: HostHello = {
    type: "hello",
    hostVersion: "t",
    protocolVersion: HOST_PROTOCOL_VERSION,
    profiles: ["goose"],
    defaultProfile: "goose",
    cwd: dir,
    platform: "linux",
    logFile: "/dev/null",
    configFile: "/c/host.json",
    nodeVersion: "v20.0.0",
    hostPath: "/h/host.cjs",
  };
  store.dispatch({ scope: "connection", event: { type: "connecting" } });
  store.dispatch({ scope: "connection", event: { type: "hello", hello } });

  function startAgent() {
    const log = path.join(dir, "agent.ndjson");
    agent = spawn(FAKE_GOOSE, ["acp"], {
      env: { ...process.env, SCRIPTED_AGENT_STATE_DIR: path.join(dir, "state"), SCRIPTED_AGENT_LOG: log, ...env },
      stdio: "pipe",
    });
    agents.push(agent);
    agent.stdin.on("error", () => {}); // a write racing the agent's death is not the test's subject
    let buf = "";
    agent.stdout.on("data", (c: Buffer) => {
      buf += c.toString();
      const lines = buf.split("\n");
      buf = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) controller.deliver(JSON.parse(line));
    });
    const pid = agent.pid!;
    store.dispatch({
      scope: "connection",
      event: { type: "agent_status", status: { state: "running", profile: "goose", command: FAKE_GOOSE, pid, cwd: dir } },
    });
    return agent;
  }

  const agentLog = () =>
    fs.existsSync(path.join(dir, "agent.ndjson"))
      ? fs
          .readFileSync(path.join(dir, "agent.ndjson"), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
  const client = () => store.get().client;
  const active = (): SessionState => client().sessions[client().activeSessionId!]!;
  const until = (cond: () => boolean, what: string) => waitUntil(cond, 15_000, what);
  // The real router; the host side is not under test here (no host: the native port is replaced).
  const handle = commandRouter(
    { restart() {}, recheck() {}, diagnose() {}, chooseAgent() {}, useAgent() {}, serveProfile() {} },
    controller,
  );
  return { store, controller, handle, events, startAgent, agentLog, client, active, until, meta };
}

export const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "gb-ctl-"));
