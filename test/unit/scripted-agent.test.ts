/**
 * The scripted ACP agent (test/fixtures/scripted-agent) driven over real pipes with plain ndjson:
 * it must behave like `goose acp` for everything the host and extension tests rely on.
 */
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Readable, Writable } from "node:stream";
import { promisify } from "node:util";
import * as acp from "@agentclientprotocol/sdk";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildScriptedAgent } from "../fixtures/scripted-agent/build";
import { AgentDriver, type JsonRpcMessage } from "../fixtures/scripted-agent/driver";

const run = promisify(execFile);

// Every test spawns real node processes; on a busy 2-core machine that can take seconds.
const SUITE = { timeout: 30_000 };

let launcher = "";
let root = "";
const drivers: AgentDriver[] = [];
const strayPids: number[] = [];

beforeAll(async () => {
  launcher = (await buildScriptedAgent()).launcher;
  root = fs.mkdtempSync(path.join(os.tmpdir(), "scripted-agent-test-"));
}, 30_000);

// Tests run concurrently (each agent is its own process), so clean up once at the end.
afterAll(() => {
  for (const driver of drivers.splice(0)) driver.kill();
  for (const pid of strayPids.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

let stateCounter = 0;
function freshStateDir(): string {
  const dir = path.join(root, `state-${stateCounter++}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

function start(env: Record<string, string> = {}, stateDir = freshStateDir()): AgentDriver {
  const driver = AgentDriver.start(launcher, { env: { SCRIPTED_AGENT_STATE_DIR: stateDir, ...env } });
  drivers.push(driver);
  return driver;
}

const isPermissionRequest = (m: JsonRpcMessage) => m.method === "session/request_permission";

function text(prompt: string) {
  return [{ type: "text", text: prompt }];
}

function sendPrompt(agent: AgentDriver, sessionId: string, prompt: string): Promise<JsonRpcMessage> {
  return agent.request("session/prompt", { sessionId, prompt: text(prompt) });
}

async function approveMode(agent: AgentDriver, sessionId: string): Promise<void> {
  await agent.call("session/set_config_option", { sessionId, configId: "mode", value: "approve" });
}

describe.concurrent("command line", SUITE, () => {
  it("prints goose's --version shape and honours SCRIPTED_AGENT_VERSION", async () => {
    expect((await run(launcher, ["--version"], { env: {} })).stdout).toBe(" 1.50.0\n");
    const outdated = await run(launcher, ["--version"], { env: { SCRIPTED_AGENT_VERSION: "goose 1.10.0" } });
    expect(outdated.stdout).toBe("goose 1.10.0\n");
  });

  it("exits 2 with a usage line for anything but acp", async () => {
    const failure = await run(launcher, ["session"]).then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toMatch(/Usage: goose/);
    expect(failure?.stdout).toBe("");
  });
});

describe.concurrent("ACP basics", SUITE, () => {
  it("answers initialize like goose, logs to stderr and keeps stdout pure JSON", async () => {
    const agent = start();
    const init = await agent.call("initialize", { protocolVersion: 1, clientCapabilities: {} });
    expect(init).toMatchObject({
      protocolVersion: 1,
      agentInfo: { name: "goose", version: "1.50.0" },
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: true, audio: false, embeddedContext: true },
        sessionCapabilities: { list: {}, close: {}, delete: {} },
        mcpCapabilities: { http: true },
      },
      authMethods: [{ id: "goose-provider" }],
    });
    expect(agent.stderr).toMatch(/INFO goose::acp::server: Starting goose ACP server/);
    expect(agent.rawLines.every((line) => JSON.parse(line.text))).toBe(true);
  });

  it("rejects a cwd that is not an existing absolute directory with -32602", async () => {
    const agent = start();
    await agent.call("initialize", { protocolVersion: 1 });
    for (const cwd of ["relative/dir", path.join(root, "does-not-exist")]) {
      const response = await agent.request("session/new", { cwd, mcpServers: [] });
      expect(response.error?.code).toBe(-32602);
      expect(response.error?.message).toMatch(/invalid directory path/);
    }
  });

  it("fails session/new with -32000 when SCRIPTED_AGENT_AUTH_REQUIRED=1", async () => {
    const agent = start({ SCRIPTED_AGENT_AUTH_REQUIRED: "1" });
    await agent.call("initialize", { protocolVersion: 1 });
    const response = await agent.request("session/new", { cwd: root, mcpServers: [] });
    expect(response.error?.code).toBe(-32000);
  });

  it("fails session/new like goose without a provider when SCRIPTED_AGENT_NO_PROVIDER=1", async () => {
    const agent = start({ SCRIPTED_AGENT_NO_PROVIDER: "1" });
    await agent.call("initialize", { protocolVersion: 1 });
    const response = await agent.request("session/new", { cwd: root, mcpServers: [] });
    expect(response.error).toEqual({
      code: -32603,
      message: "Internal error",
      data: "Failed to resolve provider: Configuration value not found: GOOSE_PROVIDER",
    });
  });

  it("returns goose's modes and config options, then usage and commands after the response", async () => {
    const agent = start();
    await agent.call("initialize", { protocolVersion: 1 });
    const response = await agent.request("session/new", { cwd: root, mcpServers: [] });
    const result = response.result;
    expect(result.sessionId).toMatch(/^sess_/);
    expect(result.modes.currentModeId).toBe("auto");
    expect(result.modes.availableModes.map((m: { id: string }) => m.id)).toEqual(["auto", "approve", "smart_approve", "chat"]);
    expect(result.configOptions.map((o: { id: string }) => o.id)).toEqual(["provider", "mode", "model", "thinking_effort"]);
    const commands = await agent.waitFor((m) => m.params?.update?.sessionUpdate === "available_commands_update");
    const usage = agent.messages.find((m) => m.params?.update?.sessionUpdate === "usage_update")!;
    expect(agent.indexOf(usage)).toBeGreaterThan(agent.indexOf(response));
    expect(agent.indexOf(commands)).toBeGreaterThan(agent.indexOf(usage));
    expect(commands.params.update.availableCommands.some((c: { input?: unknown }) => c.input)).toBe(true);
  });

  it("switches mode with set_config_option and notifies current_mode_update", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    const result = await agent.call("session/set_config_option", { sessionId, configId: "mode", value: "approve" });
    expect(result.configOptions.find((o: { id: string }) => o.id === "mode").currentValue).toBe("approve");
    expect(agent.updates("current_mode_update")).toEqual([{ sessionUpdate: "current_mode_update", currentModeId: "approve" }]);
    const bad = await agent.request("session/set_config_option", { sessionId, configId: "model", value: "nope" });
    expect(bad.error?.code).toBe(-32602);
  });
});

describe.concurrent("prompt turns", SUITE, () => {
  it("asks permission with goose's four options in approve mode; allow_once completes the tool", async () => {
    const log = path.join(root, "inbound-allow.ndjson");
    const agent = start({ SCRIPTED_AGENT_LOG: log });
    const { sessionId } = await agent.newSession(root);
    await approveMode(agent, sessionId);
    const from = agent.messages.length;
    const done = sendPrompt(agent, sessionId, "tool please list files");

    const permission = await agent.waitFor(isPermissionRequest, { from });
    const toolCall = agent.updates("tool_call", from)[0];
    expect(toolCall).toMatchObject({ status: "pending", title: "developer: shell · ls -la", rawInput: { command: "ls -la" } });
    expect(toolCall).not.toHaveProperty("kind");
    expect(toolCall._meta.goose.toolCall.toolName).toBe("developer__shell");
    expect(permission.params.toolCall.toolCallId).toBe(toolCall.toolCallId);
    expect(permission.params.options).toEqual(
      ["allow_always", "allow_once", "reject_once", "reject_always"].map((id) => ({ optionId: id, name: id, kind: id })),
    );
    agent.respond(permission.id, { outcome: { outcome: "selected", optionId: "allow_once" } });

    const response = await done;
    expect(response.result).toEqual({ stopReason: "end_turn" });
    const statuses = agent
      .updates("tool_call_update", from)
      .filter((u) => u.toolCallId === toolCall.toolCallId)
      .map((u) => u.status);
    expect(statuses).toEqual(["in_progress", "completed"]);
    // The thought, plan, streamed text with one messageId, then a second message, a title and usage.
    expect(agent.updates("agent_thought_chunk", from).length).toBeGreaterThan(0);
    expect(agent.updates("plan", from).length).toBeGreaterThan(0);
    const messageIds = [...new Set(agent.updates("agent_message_chunk", from).map((u) => u.messageId))];
    expect(messageIds).toHaveLength(2);
    expect(agent.updates("agent_message_chunk", from).length).toBeGreaterThan(4);
    expect(agent.updates("session_info_update", from).find((u) => u.title)?.title).toBe("tool please list files");
    expect(agent.updates("usage_update", from)).toHaveLength(1);

    // SCRIPTED_AGENT_LOG recorded the client's answer as received.
    const inbound = fs
      .readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(inbound).toContainEqual({
      jsonrpc: "2.0",
      id: permission.id,
      result: { outcome: { outcome: "selected", optionId: "allow_once" } },
    });
  });

  it("fails the tool call when the permission is rejected", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    await approveMode(agent, sessionId);
    const done = sendPrompt(agent, sessionId, "tool");
    const permission = await agent.waitFor(isPermissionRequest);
    agent.respond(permission.id, { outcome: { outcome: "selected", optionId: "reject_once" } });
    expect((await done).result).toEqual({ stopReason: "end_turn" });
    const updates = agent.updates("tool_call_update");
    expect(updates.map((u) => u.status)).toEqual(["failed"]);
  });

  it("does not ask for permission in the default auto mode", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    expect((await sendPrompt(agent, sessionId, "tool")).result.stopReason).toBe("end_turn");
    expect(agent.messages.some(isPermissionRequest)).toBe(false);
    expect(agent.updates("tool_call_update").map((u) => u.status)).toEqual(["in_progress", "completed"]);
  });

  it("queues permission requests one after another for `tools 2`", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    await approveMode(agent, sessionId);
    const done = sendPrompt(agent, sessionId, "tools 2");
    const first = await agent.waitFor(isPermissionRequest);
    // A marker: the agent answers requests in order, so once this answer is back, a second permission
    // request sent without waiting for ours would already be here.
    await agent.call("session/list", {});
    expect(agent.messages.filter(isPermissionRequest)).toHaveLength(1);
    agent.respond(first.id, { outcome: { outcome: "selected", optionId: "allow_once" } });
    const second = await agent.waitFor((m) => isPermissionRequest(m) && m.id !== first.id);
    expect(second.params.toolCall.title).toBe("developer: shell · git status");
    agent.respond(second.id, { outcome: { outcome: "selected", optionId: "no_such_option" } });
    expect((await done).result.stopReason).toBe("end_turn");
    expect(
      agent
        .updates("tool_call_update")
        .filter((u) => u.status !== "in_progress")
        .map((u) => u.status),
    ).toEqual(["completed", "failed"]);
  });

  it("rejects a second concurrent prompt with -32602 and ends a cancelled turn promptly", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    const slow = sendPrompt(agent, sessionId, "slow 10");
    await agent.waitFor((m) => m.params?.update?.sessionUpdate === "agent_message_chunk");
    const second = await sendPrompt(agent, sessionId, "hello");
    expect(second.error?.code).toBe(-32602);
    // goose's words, in the error's data, pointing at steering.
    expect(String(second.error?.data)).toMatch(/^session already has active run `[^`]+`; use _goose\/unstable\/session\/steer$/);

    const cancelledAt = Date.now();
    agent.notify("session/cancel", { sessionId });
    expect((await slow).result).toEqual({ stopReason: "cancelled" });
    // "slow 10" would run 10 s; a generous bound keeps this stable on a loaded machine.
    expect(Date.now() - cancelledAt).toBeLessThan(3000);
  });

  it("cancels a turn waiting on a permission request, failing its tool call", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    await approveMode(agent, sessionId);
    const done = sendPrompt(agent, sessionId, "tool");
    const permission = await agent.waitFor(isPermissionRequest);
    agent.notify("session/cancel", { sessionId });
    expect((await done).result).toEqual({ stopReason: "cancelled" });
    agent.respond(permission.id, { outcome: { outcome: "cancelled" } });
    expect(agent.updates("tool_call_update").map((u) => u.status)).toEqual(["failed"]);
  });

  it("answers end_turn after a cancel with SCRIPTED_AGENT_CANCEL_AS_END_TURN=1 (goose #11788)", async () => {
    const agent = start({ SCRIPTED_AGENT_CANCEL_AS_END_TURN: "1" });
    const { sessionId } = await agent.newSession(root);
    const slow = sendPrompt(agent, sessionId, "slow 5");
    await agent.waitFor((m) => m.params?.update?.sessionUpdate === "agent_message_chunk");
    agent.notify("session/cancel", { sessionId });
    expect((await slow).result).toEqual({ stopReason: "end_turn" });
  });

  it("echoes each prompt block exactly as the client sent it", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    const prompt = [
      { type: "text", text: "echo this" },
      { type: "resource", resource: { uri: "https://example.com/a", mimeType: "text/plain", text: "selected" } },
    ];
    const response = await agent.request("session/prompt", { sessionId, prompt });
    expect(response.result.stopReason).toBe("end_turn");
    expect(agent.updates("agent_message_chunk").map((u) => u.content.text)).toEqual(prompt.map((b) => JSON.stringify(b)));
  });

  it("sends a diff tool call and a markdown reply", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    await sendPrompt(agent, sessionId, "diff");
    const call = agent.updates("tool_call")[0];
    expect(call.kind).toBe("edit");
    expect(call.locations[0].path).toBe(path.join(root, "src", "greeting.ts"));
    const completed = agent.updates("tool_call_update").find((u) => u.status === "completed");
    expect(completed.content[0]).toMatchObject({ type: "diff", oldText: expect.any(String), newText: expect.any(String) });

    const from = agent.messages.length;
    await sendPrompt(agent, sessionId, "markdown");
    const markdown = agent
      .updates("agent_message_chunk", from)
      .map((u) => u.content.text)
      .join("");
    expect(markdown).toMatch(/^# /m);
    expect(markdown).toMatch(/```typescript/);
    expect(markdown).toMatch(/\| --- \|/);
    expect(markdown).toMatch(/<script>/);
    expect(markdown).toMatch(/onerror=/);
  });
});

describe.concurrent("history", SUITE, () => {
  it("persists sessions across processes; load replays the history before responding", async () => {
    const stateDir = freshStateDir();
    const first = start({}, stateDir);
    const { sessionId } = await first.newSession(root);
    await sendPrompt(first, sessionId, "tool in auto mode");
    first.closeStdin();
    expect((await first.exited).code).toBe(0);

    const second = start({}, stateDir);
    await second.call("initialize", { protocolVersion: 1 });
    const notLoaded = await sendPrompt(second, sessionId, "hello");
    expect(notLoaded.error).toMatchObject({ code: -32002, data: { sessionId } });

    const listed = await second.call("session/list", {});
    expect(listed.sessions).toHaveLength(1);
    expect(listed.sessions[0]).toMatchObject({ sessionId, cwd: root, title: "tool in auto mode" });
    expect(listed.sessions[0]._meta.messageCount).toBe(3);

    const response = await second.request("session/load", { sessionId, cwd: root, mcpServers: [] });
    expect(response.result.modes.currentModeId).toBe("auto");
    const responseIndex = second.indexOf(response);
    const replay = second.messages
      .slice(0, responseIndex)
      .filter((m) => m.method === "session/update")
      .map((m) => m.params.update.sessionUpdate);
    expect(replay).toEqual([
      "user_message_chunk",
      "agent_thought_chunk",
      "agent_message_chunk",
      "tool_call",
      "tool_call_update",
      "agent_message_chunk",
    ]);
    const after = await second.waitFor((m) => m.params?.update?.sessionUpdate === "available_commands_update");
    expect(second.indexOf(after)).toBeGreaterThan(responseIndex);
    const replayedTool = second.updates("tool_call_update")[0];
    expect(replayedTool.status).toBe("completed");

    expect((await sendPrompt(second, sessionId, "hello again")).result.stopReason).toBe("end_turn");
    const unknown = await second.request("session/load", { sessionId: "sess_missing", cwd: root, mcpServers: [] });
    expect(unknown.error).toMatchObject({ code: -32002, data: { sessionId: "sess_missing" } });
  });

  it("re-sends a pending permission request after session/load in the same process", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    await approveMode(agent, sessionId);
    const done = sendPrompt(agent, sessionId, "tool");
    const original = await agent.waitFor(isPermissionRequest);
    const load = await agent.request("session/load", { sessionId, cwd: root, mcpServers: [] });
    const resent = await agent.waitFor((m) => isPermissionRequest(m) && m.id !== original.id);
    expect(agent.indexOf(resent)).toBeGreaterThan(agent.indexOf(load));
    expect(resent.params).toEqual(original.params);
    agent.respond(resent.id, { outcome: { outcome: "selected", optionId: "allow_once" } });
    expect((await done).result.stopReason).toBe("end_turn");
  });

  it("closes and deletes sessions", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    await sendPrompt(agent, sessionId, "hello");
    await agent.call("session/close", { sessionId });
    expect((await sendPrompt(agent, sessionId, "hello")).error?.code).toBe(-32002);
    expect((await agent.call("session/list", {})).sessions).toHaveLength(1);
    await agent.call("session/delete", { sessionId });
    expect((await agent.call("session/list", {})).sessions).toHaveLength(0);
    expect((await agent.request("session/delete", { sessionId })).error?.code).toBe(-32002);
  });
});

describe.concurrent("hostile scenarios", SUITE, () => {
  it("crash: streams, panics on stderr and exits with code 101 mid-turn", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    void sendPrompt(agent, sessionId, "crash").catch(() => {});
    const { code } = await agent.exited;
    expect(code).toBe(101);
    expect(agent.stderr).toMatch(/panicked at/);
    expect(agent.updates("agent_message_chunk").length).toBeGreaterThan(0);
    expect(agent.messages.some((m) => m.result?.stopReason)).toBe(false);
  });

  it("huge 2: one stdout line larger than 2 MiB carrying the tool output", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    expect((await sendPrompt(agent, sessionId, "huge 2")).result.stopReason).toBe("end_turn");
    const big = agent.rawLines.filter((line) => line.bytes > 2 * 1024 * 1024);
    expect(big).toHaveLength(1);
    const update = JSON.parse(big[0]!.text).params.update;
    expect(update).toMatchObject({ sessionUpdate: "tool_call_update", status: "completed" });
    expect(Buffer.byteLength(update.content[0].content.text)).toBe(2 * 1024 * 1024);
  });

  it("junk: non-JSON, blank and CRLF lines interleave with valid messages, and the turn still ends", async () => {
    const agent = start();
    const { sessionId } = await agent.newSession(root);
    expect((await sendPrompt(agent, sessionId, "junk")).result.stopReason).toBe("end_turn");
    const lines = agent.rawLines.map((line) => line.text);
    expect(lines).toContain("INFO starting...");
    expect(lines).toContain("{not json");
    expect(lines).toContain("");
    expect(lines.some((line) => line.endsWith("}\r"))).toBe(true);
    expect(
      agent
        .updates("agent_message_chunk")
        .map((u) => u.content.text)
        .join(""),
    ).toBe("Junk survives the noise.");
    const junkIndex = lines.indexOf("INFO starting...");
    const firstChunk = lines.findIndex((line) => line.includes('"Junk "'));
    expect(junkIndex).toBeLessThan(firstChunk);
  });

  it("STDOUT_BANNER writes a banner and a blank line before any JSON", async () => {
    const agent = start({ SCRIPTED_AGENT_STDOUT_BANNER: "1" });
    await agent.call("initialize", { protocolVersion: 1 });
    expect(agent.rawLines[0]!.text).toMatch(/goose ACP server starting/);
    expect(agent.rawLines[1]!.text).toBe("");
  });

  it("IGNORE_EOF survives stdin EOF and SIGTERM until SIGKILL", async () => {
    const agent = start({ SCRIPTED_AGENT_IGNORE_EOF: "1" });
    await agent.call("initialize", { protocolVersion: 1 });
    agent.closeStdin();
    agent.child.kill("SIGTERM");
    // The agent says when it has handled (and ignored) the signal; only then is "still alive" meaningful.
    await vi.waitFor(() => expect(agent.stderr).toMatch(/SIGTERM ignored/));
    expect(agent.exitCode).toBeNull();
    agent.kill("SIGKILL");
    expect((await agent.exited).signal).toBe("SIGKILL");
  });

  it("writes the pid file with a live grandchild and delays startup", async () => {
    const pidFile = path.join(root, "agent.pid.json");
    const startedAt = Date.now();
    const agent = start({
      SCRIPTED_AGENT_SPAWN_CHILD: "1",
      SCRIPTED_AGENT_PID_FILE: pidFile,
      SCRIPTED_AGENT_STARTUP_DELAY_MS: "300",
    });
    await agent.call("initialize", { protocolVersion: 1 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(300);
    const pids = JSON.parse(fs.readFileSync(pidFile, "utf8")) as { pid: number; childPid: number };
    strayPids.push(pids.childPid);
    expect(pids.pid).toBe(agent.child.pid);
    expect(() => process.kill(pids.childPid, 0)).not.toThrow();
  });
});

describe.concurrent("schema", SUITE, () => {
  it("every update of a tool/diff/markdown session parses with the SDK's client-side schemas", async () => {
    // Spawned directly: the SDK client must own the child's stdout.
    const child = spawn(launcher, ["acp"], { env: { ...process.env, SCRIPTED_AGENT_STATE_DIR: freshStateDir() } });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const received: string[] = [];
    try {
      const connection = acp
        .client({ name: "schema-check" })
        .onRequest("session/request_permission", () => ({ outcome: { outcome: "selected", optionId: "allow_once" } }))
        .onNotification("session/update", ({ params }) => {
          received.push(params.update.sessionUpdate);
        })
        .connect(
          acp.ndJsonStream(
            Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
            Readable.toWeb(child.stdout) as unknown as ReadableStream<Uint8Array>,
          ),
        );
      await connection.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
      const { sessionId } = await connection.agent.request("session/new", { cwd: root, mcpServers: [] });
      await connection.agent.request("session/set_mode", { sessionId, modeId: "approve" });
      for (const prompt of ["tool", "diff", "markdown", "echo x"]) {
        const response = await connection.agent.request("session/prompt", { sessionId, prompt: text(prompt) as acp.ContentBlock[] });
        expect(response.stopReason).toBe("end_turn");
      }
      await connection.agent.request("session/load", { sessionId, cwd: root, mcpServers: [] });
      connection.close();
      expect(errors).not.toHaveBeenCalled();
      for (const kind of ["tool_call", "tool_call_update", "plan", "usage_update", "user_message_chunk"]) {
        expect(received).toContain(kind);
      }
    } finally {
      errors.mockRestore();
      child.kill("SIGKILL");
    }
  });
});
