/**
 * The background's queue jobs (extension/background/client/queue-jobs.ts) with the real reducer and
 * controller against the scripted goose over real pipes: a queued message leaves the queue, and the
 * queue without it is stored, before its prompt goes (never sent twice); an agent that went away
 * mid-turn leaves the queue held until the user's Send, after the session is back.
 */
import "../../helpers/dom/fake-browser";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ClientController } from "../../../extension/background/client/controller";
import { commandRouter } from "../../../extension/background/command-router";
import { createStore } from "../../../extension/background/observable-store";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../extension/state/app";
import type { MetaStorage, SessionMeta } from "../../../extension/storage/session-meta";
import { HOST_PROTOCOL_VERSION } from "../../../shared/host-protocol";
import { FAKE_GOOSE, isAlive, waitUntil } from "../../helpers/host-harness";

const agents: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const a of agents.splice(0)) if (a.pid && isAlive(a.pid)) a.kill("SIGKILL");
});

class MemoryMeta implements MetaStorage {
  saved: SessionMeta = { activeSessionId: null, modeBySession: {} };
  async load() {
    return structuredClone(this.saved);
  }
  async save(m: SessionMeta) {
    this.saved = structuredClone(m);
  }
}

/** A store and controller on a scripted goose; `flushQueue` is the test's to settle. */
function setup(dir: string) {
  const store = createStore<AppState, AppEvent>(initialAppState, reduceApp);
  let agent: ChildProcessWithoutNullStreams | null = null;
  const flushes: Array<{ queues: AppState["client"]["queues"]; settle: () => void }> = [];
  const controller = new ClientController({
    store,
    meta: new MemoryMeta(),
    sendJsonRpc: (m) => {
      if (!agent || agent.exitCode !== null) return false;
      agent.stdin.write(`${JSON.stringify(m)}\n`);
      return true;
    },
    flushQueue: () => new Promise<void>((settle) => flushes.push({ queues: store.get().client.queues, settle })),
  });
  store.dispatch({ scope: "connection", event: { type: "connecting" } });
  store.dispatch({
    scope: "connection",
    event: {
      type: "hello",
      hello: {
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
      },
    },
  });
  const log = path.join(dir, "agent.ndjson");
  function startAgent() {
    agent = spawn(FAKE_GOOSE, ["acp"], {
      env: { ...process.env, SCRIPTED_AGENT_STATE_DIR: path.join(dir, "state"), SCRIPTED_AGENT_LOG: log },
      stdio: "pipe",
    });
    agents.push(agent);
    agent.stdin.on("error", () => {});
    let buf = "";
    agent.stdout.on("data", (c: Buffer) => {
      buf += c.toString();
      const lines = buf.split("\n");
      buf = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) controller.deliver(JSON.parse(line));
    });
    store.dispatch({
      scope: "connection",
      event: { type: "agent_status", status: { state: "running", profile: "goose", command: FAKE_GOOSE, pid: agent.pid!, cwd: dir } },
    });
    return agent;
  }
  const prompts = (): string[] =>
    (fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").filter(Boolean) : [])
      .map((l) => JSON.parse(l))
      .filter((m) => m.method === "session/prompt")
      .map((m) => m.params.prompt[0].text);
  const client = () => store.get().client;
  const until = (cond: () => boolean, what: string) => waitUntil(cond, 15_000, what);
  const handle = commandRouter(
    { restart() {}, recheck() {}, diagnose() {}, chooseAgent() {}, useAgent() {}, serveProfile() {} },
    controller,
  );
  return { store, handle, startAgent, prompts, client, until, flushes };
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "gb-queue-"));
const text = (t: string) => [{ type: "text" as const, text: t }];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("queue jobs", () => {
  it("a queued message is out of the stored queue before its prompt goes, and goes once", async () => {
    const dir = tmp();
    const t = setup(dir);
    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    void t.handle({ type: "prompt", sessionId: null, content: text("hold") });
    await t.until(() => t.client().activeSessionId !== null && t.prompts().length === 1, "the long turn runs");
    const sessionId = t.client().activeSessionId!;
    await t.handle({ type: "prompt", sessionId, content: text("echo queued") });
    expect(t.client().queues[sessionId]?.items.map((m) => m.content)).toEqual([text("echo queued")]);

    fs.writeFileSync(path.join(dir, "release"), "");
    await t.until(() => t.flushes.length === 1, "the queue is being stored");
    // What is being stored no longer holds the message, and the prompt waits for the store.
    expect(t.flushes[0]!.queues[sessionId]).toBeUndefined();
    await pause(300);
    expect(t.prompts()).toEqual(["hold"]);
    t.flushes[0]!.settle();
    await t.until(() => t.prompts().length === 2, "the queued prompt went");
    await t.until(() => t.client().sessions[sessionId]!.turn === "idle", "its turn ended");
    await pause(300);
    expect(t.prompts()).toEqual(["hold", "echo queued"]);
  });

  it("an agent gone mid-turn holds the queue; once the session is back, only the user's Send sends it", async () => {
    const dir = tmp();
    const t = setup(dir);
    const first = t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    void t.handle({ type: "prompt", sessionId: null, content: text("hold") });
    await t.until(() => t.client().activeSessionId !== null && t.prompts().length === 1, "the long turn runs");
    const sessionId = t.client().activeSessionId!;
    await t.handle({ type: "prompt", sessionId, content: text("echo after restart") });
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    t.store.dispatch({
      scope: "connection",
      event: {
        type: "agent_status",
        status: { state: "exited", profile: "goose", command: FAKE_GOOSE, code: null, signal: "SIGKILL", stderrTail: [] },
      },
    });
    await t.until(() => t.client().queues[sessionId]?.hold === "restarted", "the queue is held");

    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready" && t.client().sessions[sessionId]?.loading === false, "session restored");
    await pause(500);
    expect(t.prompts()).toEqual(["hold"]);
    const resumed = t.handle({ type: "queue_resume", sessionId });
    await t.until(() => t.flushes.length === 1, "the queue is being stored");
    t.flushes[0]!.settle();
    await resumed;
    expect(t.prompts()).toEqual(["hold", "echo after restart"]);
    expect(t.client().queues[sessionId]).toBeUndefined();
  });
});
