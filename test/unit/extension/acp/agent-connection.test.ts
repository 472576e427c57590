/**
 * AgentConnection against a real SDK agent over an in-memory pipe: what it sends, what it hands on,
 * and that once closed (its agent replaced) nothing it was waiting for reaches the caller, even
 * though the caller checks nothing.
 */
import fs from "node:fs";
import * as acp from "@agentclientprotocol/sdk";
import { describe, expect, it, vi } from "vitest";
import { AgentConnection } from "../../../../extension/acp/agent-connection";
import { ACP_PROTOCOL_VERSION, CLIENT_INFO } from "../../../../extension/acp/client-info";
import type { AnyMessage, InitializeRequest, PromptResponse, SessionNotification } from "../../../../extension/acp/schema";
import type { JsonRpcMessage } from "../../../../shared/host-protocol";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Every promise reaction already queued runs before a macrotask: once the messages we wait for were
 * delivered, this lets everything they could cause happen. No clock is involved.
 */
/** Handlers for the agent's questions, in tests that never get one. */
const noQuestions = { onElicitation: async () => ({ action: "cancel" as const }), onElicitationComplete: () => {} };

const drain = () => new Promise<void>((r) => setImmediate(r));

/** A scripted agent on the SDK's agent side; `prompt` answers only when the test says so. */
function agentPair() {
  const initialized: InitializeRequest[] = [];
  const prompts: { sessionId: string; answer: (r: PromptResponse) => void }[] = [];
  const toClient: AnyMessage[] = [];
  const waiters: { match: (m: AnyMessage) => boolean; found: () => void }[] = [];
  const updates: SessionNotification[] = [];
  let toAgent!: ReadableStreamDefaultController<AnyMessage>;
  let promptArrived = deferred<void>();
  const fsRefusals: { code: number; message: string }[] = [];

  const conn = new AgentConnection({
    send: (m) => toAgent.enqueue(m),
    onUpdate: (n) => updates.push(n),
    onPermission: async () => ({ outcome: { outcome: "cancelled" } }),
    ...noQuestions,
  });
  acp
    .agent({ name: "test-agent" })
    .onRequest("initialize", ({ params }) => {
      initialized.push(params);
      return { protocolVersion: params.protocolVersion, agentCapabilities: { loadSession: true } };
    })
    .onRequest("session/new", () => ({ sessionId: "s1" }))
    .onRequest("session/load", ({ params }) => {
      throw acp.RequestError.sessionNotFound(params.sessionId);
    })
    .onRequest("session/prompt", async ({ params, client }) => {
      const first = params.prompt[0];
      if (first?.type === "text" && first.text === "fs") {
        // What reaches the browser of an fs/* request: only one too long for the host to read.
        const refused = await client
          .request("fs/write_text_file", { sessionId: params.sessionId, path: "/w/a", content: "x" })
          .catch((e) => e);
        fsRefusals.push(refused as { code: number; message: string });
        return { stopReason: "end_turn" };
      }
      await client.notify("session/update", {
        sessionId: params.sessionId,
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "working" } },
      });
      const answer = deferred<PromptResponse>();
      prompts.push({ sessionId: params.sessionId, answer: answer.resolve });
      promptArrived.resolve();
      return answer.promise;
    })
    .connect({
      readable: new ReadableStream<AnyMessage>({
        start(c) {
          toAgent = c;
        },
      }),
      writable: new WritableStream<AnyMessage>({
        write(m) {
          toClient.push(m);
          conn.deliver(m as JsonRpcMessage);
          for (const w of waiters.filter((w) => w.match(m))) w.found();
        },
      }),
    });

  const nextPrompt = async () => {
    await promptArrived.promise;
    promptArrived = deferred<void>();
    return prompts.at(-1)!;
  };
  /** Resolves once the agent has written a message matching `match` to this connection. */
  const written = (match: (m: AnyMessage) => boolean) =>
    toClient.some(match) ? Promise.resolve() : new Promise<void>((found) => waiters.push({ match, found }));
  return { conn, initialized, updates, nextPrompt, written, fsRefusals };
}

describe("AgentConnection", () => {
  it("initializes with the SDK's protocol version and package.json's version, advertising no fs or terminal", async () => {
    const { conn, initialized } = agentPair();
    const init = await conn.initialize(5_000);
    expect(init.protocolVersion).toBe(ACP_PROTOCOL_VERSION);
    expect(ACP_PROTOCOL_VERSION).toBe(acp.PROTOCOL_VERSION);
    const pkg = JSON.parse(fs.readFileSync(new URL("../../../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(initialized[0]).toMatchObject({
      protocolVersion: acp.PROTOCOL_VERSION,
      clientInfo: { name: CLIENT_INFO.name, version: pkg.version },
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    });
  });

  it("refuses an fs/* request that reached the browser (too long for the host) saying so, not 'method not found'", async () => {
    const { conn, fsRefusals } = agentPair();
    await conn.initialize(5_000);
    const { sessionId } = await conn.newSession("/w");
    await conn.prompt(sessionId, [{ type: "text", text: "fs" }]);
    expect(fsRefusals).toEqual([
      expect.objectContaining({ code: -32602, message: expect.stringContaining("fs/write_text_file: the request is over 1 MiB") }),
    ]);
  });

  it("while current, hands on updates in order and settles answers and agent errors", async () => {
    const { conn, updates, nextPrompt } = agentPair();
    await conn.initialize(5_000);
    expect(await conn.newSession("/w")).toMatchObject({ sessionId: "s1" });
    await expect(conn.loadSession("gone", "/w")).rejects.toMatchObject({ code: -32002 });
    const turn = conn.prompt("s1", [{ type: "text", text: "hi" }]);
    const p = await nextPrompt();
    await vi.waitFor(() =>
      expect(updates.map((u) => u.update)).toEqual([{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "working" } }]),
    );
    p.answer({ stopReason: "end_turn" });
    expect(await turn).toEqual({ stopReason: "end_turn" });
  });

  it("drops a stale answer after a restart: the caller's handlers never run, and the new agent's answers do", async () => {
    const old = agentPair();
    await old.conn.initialize(5_000);
    const seen: unknown[] = [];
    // A caller with no check of its own, as the client's jobs are.
    void old.conn.prompt("s1", [{ type: "text", text: "slow" }]).then(
      (r) => seen.push({ answer: r }),
      (e) => seen.push({ error: e }),
    );
    const pending = await old.nextPrompt();
    const closedFirst = old.conn.closed.then(() => seen.push("closed"));

    old.conn.close("the agent stopped"); // the SDK rejects the pending prompt here
    const fresh = agentPair();
    await fresh.conn.initialize(5_000);
    pending.answer({ stopReason: "end_turn" }); // the old agent answers late...
    await old.written((m) => "result" in m && (m.result as PromptResponse | undefined)?.stopReason === "end_turn");
    await closedFirst;
    await drain();
    expect(seen).toEqual(["closed"]); // ...and neither that answer nor the close's rejection reached the caller
    expect(await fresh.conn.newSession("/w")).toMatchObject({ sessionId: "s1" });
  });

  it("hands on text chunks (read without the SDK) and other updates (read by the SDK) in the order they arrive", async () => {
    const { conn, updates } = agentPair();
    await conn.initialize(5_000);
    const note = (update: Record<string, unknown>): JsonRpcMessage => ({
      jsonrpc: "2.0",
      method: "session/update",
      params: { sessionId: "s1", update },
    });
    const chunk = (text: string) => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
    const sent = [
      chunk("a"),
      { sessionUpdate: "tool_call", toolCallId: "t1", title: "Run" },
      chunk("b"),
      chunk("c"),
      { sessionUpdate: "tool_call_update", toolCallId: "t1", status: "completed" },
      { sessionUpdate: "plan", entries: [] },
      chunk("d"),
    ];
    // All in one task, the hardest case: the SDK reads its messages only after this returns.
    for (const update of sent) conn.deliver(note(update));
    await vi.waitFor(() => expect(updates).toHaveLength(sent.length));
    expect(updates.map((u) => u.update)).toEqual(sent);
  });

  /**
   * The agent's side written by hand, so every message can be put exactly where a reordering would
   * show: a turn whose text chunks (read without the SDK) surround a permission request, tool and
   * plan updates, an unknown notification and the answer to the prompt (all read by the SDK). The
   * timeline records each handler call and the moment the caller sees the answer.
   */
  describe.each([
    ["all in one task (an array of lines the host read together)", [11]],
    ["one per task", [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]],
    ["in uneven groups", [2, 3, 1, 4, 1]],
    ["chunk first, the rest together", [1, 10]],
  ])("keeps the agent's order between text chunks and the SDK's messages, delivered %s", (_name, groups) => {
    it("in what the handlers see and in when the prompt's answer settles", async () => {
      const sent: AnyMessage[] = [];
      const timeline: string[] = [];
      const conn = new AgentConnection({
        send: (m) => sent.push(m),
        onUpdate: (n) => {
          const u = n.update as { sessionUpdate: string; content?: { text: string } };
          timeline.push(u.content ? `text ${u.content.text}` : u.sessionUpdate);
        },
        onPermission: (request) => {
          timeline.push(`permission ${request.toolCall.toolCallId}`);
          return new Promise(() => {}); // the user has not answered yet
        },
        ...noQuestions,
      });
      const turn = conn.prompt("s1", [{ type: "text", text: "go" }]).then((r) => timeline.push(`answer ${r.stopReason}`));
      await vi.waitFor(() => expect(sent.some((m) => "method" in m && m.method === "session/prompt")).toBe(true));
      const promptId = (sent.find((m) => "method" in m && m.method === "session/prompt") as { id: number }).id;
      const note = (update: Record<string, unknown>): JsonRpcMessage => ({
        jsonrpc: "2.0",
        method: "session/update",
        params: { sessionId: "s1", update },
      });
      const chunk = (text: string) => note({ sessionUpdate: "agent_message_chunk", messageId: "m", content: { type: "text", text } });
      const wire: JsonRpcMessage[] = [
        chunk("a"),
        note({ sessionUpdate: "tool_call", toolCallId: "t1", title: "Run", status: "pending" }),
        {
          jsonrpc: "2.0",
          id: 7,
          method: "session/request_permission",
          params: { sessionId: "s1", toolCall: { toolCallId: "t1" }, options: [{ optionId: "ok", name: "Allow", kind: "allow_once" }] },
        },
        chunk("b"),
        note({ sessionUpdate: "tool_call_update", toolCallId: "t1", status: "completed" }),
        { jsonrpc: "2.0", method: "_goose/unknown", params: {} },
        chunk("c"),
        note({ sessionUpdate: "plan", entries: [] }),
        chunk("d"),
        chunk("e"),
        { jsonrpc: "2.0", id: promptId, result: { stopReason: "end_turn" } },
      ];
      let at = 0;
      for (const size of groups) {
        for (const m of wire.slice(at, at + size)) conn.deliver(m);
        at += size;
        await new Promise((r) => setTimeout(r, 0));
      }
      await turn;
      expect(timeline).toEqual([
        "text a",
        "tool_call",
        "permission t1",
        "text b",
        "tool_call_update",
        "text c",
        "plan",
        "text d",
        "text e",
        "answer end_turn",
      ]);
    });
  });

  it("reads a text chunk at once while the SDK has nothing in hand, and through the SDK, after it, when it has", async () => {
    const seen: string[] = [];
    const conn = new AgentConnection({
      send: () => {},
      onUpdate: (n) => seen.push((n.update as { content?: { text: string } }).content?.text ?? n.update.sessionUpdate),
      onPermission: () => new Promise(() => {}),
      ...noQuestions,
    });
    const note = (update: Record<string, unknown>): JsonRpcMessage => ({
      jsonrpc: "2.0",
      method: "session/update",
      params: { sessionId: "s1", update },
    });
    const chunk = (text: string) => note({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
    conn.deliver(chunk("a"));
    expect(seen).toEqual(["a"]); // by hand: handed on before deliver returns
    conn.deliver(note({ sessionUpdate: "plan", entries: [] }));
    conn.deliver(chunk("b"));
    expect(seen).toEqual(["a"]); // both wait for the SDK, in order
    await vi.waitFor(() => expect(seen).toEqual(["a", "plan", "b"]));
    await new Promise((r) => setTimeout(r, 0)); // a task later the SDK is done: the short way again
    conn.deliver(chunk("c"));
    expect(seen).toEqual(["a", "plan", "b", "c"]);
    conn.close("done");
  });

  it("passes on no text chunk that arrives after close, even one waiting behind an SDK message", async () => {
    const { conn, updates } = agentPair();
    await conn.initialize(5_000);
    const chunk: JsonRpcMessage = {
      jsonrpc: "2.0",
      method: "session/update",
      params: { sessionId: "s1", update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "late" } } },
    };
    conn.deliver({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s1", update: { sessionUpdate: "plan", entries: [] } } });
    conn.deliver(chunk); // waits for the SDK's turn
    conn.close("the agent stopped");
    conn.deliver(chunk);
    await drain();
    await drain();
    expect(updates).toEqual([]);
  });

  it("passes on no update that arrives after close, and never settles what is awaited through it", async () => {
    const { conn, updates } = agentPair();
    await conn.initialize(5_000);
    const storage = deferred<string>();
    const seen: string[] = [];
    void conn.whileCurrent(storage.promise).then((v) => seen.push(v));
    const update: JsonRpcMessage = {
      jsonrpc: "2.0",
      method: "session/update",
      params: { sessionId: "s1", update: { sessionUpdate: "plan", entries: [] } },
    };
    conn.deliver(update); // queued, not yet read by the SDK
    conn.close("the agent stopped");
    conn.deliver(update);
    storage.resolve("saved");
    await storage.promise;
    await drain();
    expect(updates).toEqual([]);
    expect(seen).toEqual([]);
  });
});
