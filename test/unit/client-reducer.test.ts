import { describe, expect, it } from "vitest";
import type {
  AgentCapabilities,
  ContentBlock,
  PermissionOption,
  SessionConfigOption,
  SessionModeState,
  SessionUpdate,
} from "../../extension/acp/schema";
import {
  activeSession,
  canListSessions,
  initialClientState,
  newSessionState,
  pendingPermissionCount,
  reduceClient,
} from "../../extension/state/client-reducer";
import type { ClientEvent, ClientState, Entry, SessionState, UiError } from "../../extension/state/client-state";
import { emptyEntries, entryArray, entryAt, entryCount, lastEntry } from "../../extension/state/entry-list";
import { emptyToolCalls, toolCallList, toolCallOf } from "../../extension/state/tool-call-map";

// ---------------------------------------------------------------------------------------------
// Fixtures shaped like goose's traffic (the scripted agent's goose-shapes.ts builds the same shapes)

const S = "20260105_1";
const S2 = "20260105_2";
const CWD = "/home/me";

const capabilities: AgentCapabilities = {
  loadSession: true,
  promptCapabilities: { image: true, audio: false, embeddedContext: true },
  sessionCapabilities: { list: {}, close: {} },
};
const ready: ClientEvent = {
  type: "agent_ready",
  info: { name: "goose", title: "goose", version: "1.50.0" },
  capabilities,
  authMethods: [],
};
const modes: SessionModeState = {
  currentModeId: "auto",
  availableModes: [
    { id: "auto", name: "auto", description: "Automatically approve tool calls" },
    { id: "approve", name: "approve", description: "Ask before every tool call" },
  ],
};
const configOptions: SessionConfigOption[] = [
  {
    id: "mode",
    name: "Mode",
    category: "mode",
    type: "select",
    currentValue: "auto",
    options: [
      { value: "auto", name: "auto" },
      { value: "approve", name: "approve" },
    ],
  },
];
const gooseOptions: PermissionOption[] = [
  { optionId: "allow_always", name: "allow_always", kind: "allow_always" },
  { optionId: "allow_once", name: "allow_once", kind: "allow_once" },
  { optionId: "reject_once", name: "reject_once", kind: "reject_once" },
  { optionId: "reject_always", name: "reject_always", kind: "reject_always" },
];
const offlineError: UiError = { title: "Agent stopped", message: "goose exited with code 1." };

const text = (t: string): ContentBlock => ({ type: "text", text: t });

function shellToolCall(id: string, command = "ls -la"): SessionUpdate {
  return {
    sessionUpdate: "tool_call",
    toolCallId: id,
    title: `developer: shell · ${command}`,
    status: "pending",
    rawInput: { command },
    _meta: { goose: { toolCall: { toolName: "developer__shell", extensionName: "developer" }, created: 1700000000, messageId: "msg_1" } },
  };
}

function toolResult(id: string, output: string, status: "completed" | "failed" = "completed"): SessionUpdate {
  return {
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    status,
    content: [{ type: "content", content: text(output) }],
  };
}

const agentChunk = (t: string, messageId?: string | null): SessionUpdate => ({
  sessionUpdate: "agent_message_chunk",
  content: text(t),
  ...(messageId === undefined ? {} : { messageId }),
});
const thoughtChunk = (t: string, messageId?: string): SessionUpdate => ({
  sessionUpdate: "agent_thought_chunk",
  content: text(t),
  ...(messageId === undefined ? {} : { messageId }),
});
const userChunk = (content: ContentBlock, messageId?: string): SessionUpdate => ({
  sessionUpdate: "user_message_chunk",
  content,
  ...(messageId === undefined ? {} : { messageId }),
});

const upd = (update: SessionUpdate, sessionId = S): ClientEvent => ({ type: "session_update", sessionId, update });
const opened = (sessionId = S, loading = false): ClientEvent => ({ type: "session_opened", sessionId, cwd: CWD, loading });
const promptSent = (t: string, sessionId = S): ClientEvent => ({ type: "prompt_sent", sessionId, content: [text(t)] });
const permission = (key: string, toolCallId: string, sessionId = S): ClientEvent => ({
  type: "permission_requested",
  sessionId,
  key,
  toolCall: {
    toolCallId,
    title: "developer: shell · rm -rf build",
    kind: "other",
    status: "pending",
    rawInput: { command: "rm -rf build" },
    content: [{ type: "content", content: text("Remove the build directory?") }],
  },
  options: gooseOptions,
});

// ---------------------------------------------------------------------------------------------
// Helpers

/** Frozen inputs make any mutation inside the reducer throw (ES modules run in strict mode). */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function run(state: ClientState, ...events: ClientEvent[]): ClientState {
  return events.reduce((s, e) => deepFreeze(reduceClient(s, deepFreeze(e))), deepFreeze(state));
}

/** Ready agent with one open, active, idle session S. */
function withSession(...events: ClientEvent[]): ClientState {
  return run(initialClientState, ready, opened(), ...events);
}

function session(state: ClientState, id = S): SessionState {
  const s = state.sessions[id];
  if (!s) throw new Error(`no session ${id}`);
  return s;
}

const entries = (state: ClientState, id = S): Entry[] => entryArray(session(state, id).entries);
const notices = (state: ClientState, id = S) => entries(state, id).filter((e) => e.kind === "notice");

// ---------------------------------------------------------------------------------------------

describe("initial state and selectors", () => {
  it("starts offline with nothing open", () => {
    expect(initialClientState).toEqual({
      agent: { phase: "offline", info: null, capabilities: null, authMethods: [], error: null },
      activeSessionId: null,
      sessions: {},
      history: { items: [], loading: false, error: null },
      opening: null,
      lastError: null,
    });
    expect(activeSession(initialClientState)).toBeNull();
    expect(pendingPermissionCount(initialClientState)).toBe(0);
  });

  it("newSessionState gives an idle, empty transcript with the given options", () => {
    expect(newSessionState(S, CWD, { title: "Hi", modes, configOptions, loading: true })).toEqual({
      sessionId: S,
      cwd: CWD,
      title: "Hi",
      updatedAt: null,
      entries: emptyEntries,
      toolCalls: emptyToolCalls,
      plan: null,
      usage: null,
      modes,
      configOptions,
      commands: [],
      permissions: [],
      turn: "idle",
      lastStop: null,
      loading: true,
      replaySeen: false,
      deniedToolCalls: [],
      error: null,
      seq: 0,
    });
    const bare = newSessionState(S, CWD);
    expect([bare.title, bare.modes, bare.configOptions, bare.loading]).toEqual([null, null, null, false]);
  });

  it("activeSession follows activeSessionId", () => {
    const s = withSession();
    expect(activeSession(s)).toBe(s.sessions[S]);
    const both = run(s, opened(S2));
    expect(activeSession(both)?.sessionId).toBe(S2);
    expect(activeSession(run(both, { type: "session_activated", sessionId: null }))).toBeNull();
  });

  it("pendingPermissionCount sums over every session", () => {
    const s = withSession(permission("1", "t1"), permission("2", "t2"), opened(S2), permission("3", "t3", S2));
    expect(pendingPermissionCount(s)).toBe(3);
    expect(pendingPermissionCount(run(s, { type: "permission_resolved", sessionId: S2, key: "3" }))).toBe(2);
  });
});

describe("agent lifecycle", () => {
  it("agent_initializing forgets the previous agent's details", () => {
    const s = run(initialClientState, ready, { type: "agent_initializing" });
    expect(s.agent).toEqual({ phase: "initializing", info: null, capabilities: null, authMethods: [], error: null });
  });

  it("agent_ready stores the agent and whether it can list sessions", () => {
    const s = run(initialClientState, { type: "agent_initializing" }, ready);
    expect(s.agent).toEqual({
      phase: "ready",
      info: { name: "goose", title: "goose", version: "1.50.0" },
      capabilities,
      authMethods: [],
      error: null,
    });
    expect(canListSessions(s)).toBe(true);
  });

  it.each([
    ["no sessionCapabilities", {}],
    ["list absent", { sessionCapabilities: { close: {} } }],
    ["list null", { sessionCapabilities: { list: null } }],
  ])("agent_ready with %s means no history to list", (_name, caps) => {
    const supported = run(initialClientState, ready);
    const s = run(supported, { ...ready, capabilities: caps as AgentCapabilities } as ClientEvent);
    expect(canListSessions(s)).toBe(false);
  });

  it("agent_ready keeps auth methods", () => {
    const authMethods = [{ id: "goose-configure", name: "Run goose configure" }];
    const s = run(initialClientState, { ...ready, authMethods } as ClientEvent);
    expect(s.agent.authMethods).toEqual(authMethods);
  });

  it("agent_unsupported explains the version mismatch and says to update the agent", () => {
    const s = run(initialClientState, { type: "agent_initializing" }, { type: "agent_unsupported", protocolVersion: 2, supported: 1 });
    expect(s.agent.phase).toBe("unsupported");
    expect(s.agent.error?.message).toContain("version 2");
    expect(s.agent.error?.message).toContain("version 1");
    expect(s.agent.error?.fix).toMatch(/update/i);
  });

  it("agent_failed shows the error", () => {
    const error: UiError = { title: "Could not start goose", message: "initialize failed", code: -32603 };
    const s = run(initialClientState, { type: "agent_initializing" }, { type: "agent_failed", error });
    expect(s.agent.phase).toBe("failed");
    expect(s.agent.error).toEqual(error);
  });

  it("agent_offline mid-turn ends the turn, cancels open tool calls, drops permissions and stops opening", () => {
    const before = withSession(
      promptSent("clean up"),
      upd(shellToolCall("t1", "ls")),
      upd(toolResult("t1", "build/")),
      upd(shellToolCall("t2", "rm -rf build")),
      permission("p1", "t2"),
      upd(shellToolCall("t3", "make")),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t3", status: "in_progress" }),
      { type: "session_opening", open: { kind: "load", sessionId: S2 } },
      opened(S2, true),
    );
    expect(session(before, S2).loading).toBe(true);
    expect(before.opening).toEqual({ kind: "load", sessionId: S2 });

    const s = run(before, { type: "agent_offline", error: offlineError });
    expect(s.agent.phase).toBe("offline");
    expect(s.agent.error).toEqual(offlineError);
    const a = session(s);
    expect(a.turn).toBe("idle");
    expect(toolCallOf(a.toolCalls, "t1")?.status).toBe("completed");
    expect(toolCallOf(a.toolCalls, "t2")?.status).toBe("cancelled");
    expect(toolCallOf(a.toolCalls, "t3")?.status).toBe("cancelled");
    expect(a.permissions).toEqual([]);
    expect(lastEntry(a.entries)).toEqual({ kind: "notice", id: `e${a.seq}`, tone: "error", text: offlineError.message });
    expect(session(s, S2).loading).toBe(false);
    expect(s.opening).toBeNull();
    expect(pendingPermissionCount(s)).toBe(0);
  });

  it("agent_offline without an error says the agent stopped", () => {
    const s = withSession(promptSent("hi"), { type: "agent_offline", error: null });
    expect(notices(s)).toEqual([
      { kind: "notice", id: expect.any(String), tone: "error", text: "The agent stopped before the turn finished." },
    ]);
  });

  it("agent_offline while cancelling ends the turn as cancelled", () => {
    const s = withSession(promptSent("hi"), { type: "cancel_requested", sessionId: S }, { type: "agent_offline", error: null });
    expect(session(s).turn).toBe("idle");
    expect(session(s).lastStop).toBe("cancelled");
  });

  it("agent_offline leaves idle sessions alone and a repeat changes nothing", () => {
    const s = withSession(promptSent("hi"), { type: "prompt_finished", sessionId: S, stopReason: "end_turn" });
    const off = run(s, { type: "agent_offline", error: offlineError });
    expect(off.sessions).toBe(s.sessions);
    expect(run(off, { type: "agent_offline", error: offlineError })).toBe(off);
  });

  it("a late prompt_finished or prompt_failed after offline adds nothing", () => {
    const off = withSession(promptSent("hi"), { type: "agent_offline", error: offlineError });
    expect(run(off, { type: "prompt_finished", sessionId: S, stopReason: "end_turn" })).toBe(off);
    expect(run(off, { type: "prompt_failed", sessionId: S, error: offlineError })).toBe(off);
  });

  it("agent_failed also ends running turns", () => {
    const s = withSession(promptSent("hi"), { type: "agent_failed", error: offlineError });
    expect(session(s).turn).toBe("idle");
    expect(notices(s)).toHaveLength(1);
  });

  it("reconnect: session_opened for the same id keeps what the user saw and drops the replayed messages", () => {
    const seen = withSession(promptSent("first"), upd(agentChunk("partial", "m1")), upd(shellToolCall("t1")));
    const crashed = run(seen, { type: "agent_offline", error: offlineError });
    const s = run(
      crashed,
      { type: "agent_initializing" },
      ready,
      { type: "session_opening", open: { kind: "load", sessionId: S } },
      opened(S, true),
    );
    expect(s.agent.phase).toBe("ready");
    expect(s.agent.error).toBeNull();
    // The crash notice and the partial answer stay; the card the crash cancelled stays cancelled.
    expect(session(s)).toMatchObject({ loading: true, replaySeen: true, turn: "idle" });
    expect(entries(s)).toEqual(entries(crashed));
    expect(session(s).toolCalls).toEqual(session(crashed).toolCalls);
    expect(s.activeSessionId).toBe(S);
    expect(s.opening).toEqual({ kind: "load", sessionId: S });
    const replayed = run(
      s,
      upd(userChunk(text("first"), "u1")),
      upd(agentChunk("whole answer", "m1")),
      upd(toolResult("t1", "done")),
      upd({ sessionUpdate: "available_commands_update", availableCommands: [{ name: "compact", description: "Compact" }] }),
      { type: "session_loaded", sessionId: S },
    );
    expect(entries(replayed)).toEqual(entries(crashed));
    expect(entries(replayed).map((e) => e.kind)).toEqual(["user", "agent", "tool", "notice"]);
    expect(toolCallOf(session(replayed).toolCalls, "t1")?.status).toBe("cancelled");
    // What is not transcript still applies.
    expect(session(replayed).commands.map((c) => c.name)).toEqual(["compact"]);
    expect(session(replayed)).toMatchObject({ loading: false, replaySeen: false });
    expect(replayed.opening).toBeNull();
    // After the load, the agent's updates show again.
    const next = run(replayed, promptSent("again"), upd(agentChunk("new answer", "m2")));
    expect(entries(next).at(-1)).toMatchObject({ kind: "agent", text: "new answer" });
  });
});

describe("opening, activating and closing sessions", () => {
  it("session_opening sets opening and clears lastError; the same opening again changes nothing", () => {
    const failed = run(initialClientState, ready, { type: "session_open_failed", error: offlineError });
    const s = run(failed, { type: "session_opening", open: { kind: "new" } });
    expect(s.opening).toEqual({ kind: "new" });
    expect(s.lastError).toBeNull();
    expect(run(s, { type: "session_opening", open: { kind: "new" } })).toBe(s);
    const load = run(s, { type: "session_opening", open: { kind: "load", sessionId: S } });
    expect(load.opening).toEqual({ kind: "load", sessionId: S });
    expect(run(load, { type: "session_opening", open: { kind: "load", sessionId: S2 } }).opening).toEqual({
      kind: "load",
      sessionId: S2,
    });
  });

  it("session_opened (new) creates an active empty session with the agent's modes and options", () => {
    const s = run(
      initialClientState,
      ready,
      { type: "session_opening", open: { kind: "new" } },
      {
        type: "session_opened",
        sessionId: S,
        cwd: CWD,
        loading: false,
        modes,
        configOptions,
        title: "Reading example.com",
      },
    );
    expect(s.opening).toBeNull();
    expect(s.activeSessionId).toBe(S);
    expect(session(s)).toEqual(newSessionState(S, CWD, { modes, configOptions, title: "Reading example.com" }));
  });

  it("session_opened (load) keeps opening until session_loaded, which takes modes and options", () => {
    const s = run(initialClientState, ready, { type: "session_opening", open: { kind: "load", sessionId: S } }, opened(S, true));
    expect(s.opening).toEqual({ kind: "load", sessionId: S });
    expect(session(s).loading).toBe(true);
    const loaded = run(s, { type: "session_loaded", sessionId: S, modes, configOptions });
    expect(loaded.opening).toBeNull();
    expect(session(loaded).loading).toBe(false);
    expect(session(loaded).modes).toEqual(modes);
    expect(session(loaded).configOptions).toEqual(configOptions);
  });

  it("session_loaded without modes/options keeps the ones already known; null clears them", () => {
    const s = run(initialClientState, ready, { type: "session_opened", sessionId: S, cwd: CWD, loading: true, modes, configOptions });
    const kept = run(s, { type: "session_loaded", sessionId: S });
    expect(session(kept).modes).toEqual(modes);
    expect(session(kept).configOptions).toEqual(configOptions);
    const cleared = run(s, { type: "session_loaded", sessionId: S, modes: null, configOptions: null });
    expect(session(cleared).modes).toBeNull();
    expect(session(cleared).configOptions).toBeNull();
  });

  it("session_loaded for a session no longer held still clears opening", () => {
    const s = run(initialClientState, ready, { type: "session_opening", open: { kind: "load", sessionId: S } });
    const loaded = run(s, { type: "session_loaded", sessionId: S });
    expect(loaded.opening).toBeNull();
    expect(loaded.sessions).toBe(s.sessions);
  });

  it("session_opened clears lastError", () => {
    const s = run(initialClientState, ready, { type: "session_open_failed", error: offlineError }, opened());
    expect(s.lastError).toBeNull();
  });

  it("session_open_failed without a session puts the error in lastError", () => {
    const error: UiError = { title: "Could not start a session", message: "invalid directory path", code: -32602 };
    const s = run(initialClientState, ready, { type: "session_opening", open: { kind: "new" } }, { type: "session_open_failed", error });
    expect(s.opening).toBeNull();
    expect(s.lastError).toEqual(error);
    const unknown = run(initialClientState, { type: "session_open_failed", sessionId: "nope", error });
    expect(unknown.lastError).toEqual(error);
  });

  it("session_open_failed for a loading session puts the error on it and stops loading", () => {
    const error: UiError = { title: "Could not load", message: "Resource not found", code: -32002 };
    const s = run(initialClientState, ready, { type: "session_opening", open: { kind: "load", sessionId: S } }, opened(S, true), {
      type: "session_open_failed",
      sessionId: S,
      error,
    });
    expect(s.opening).toBeNull();
    expect(s.lastError).toBeNull();
    expect(session(s).error).toEqual(error);
    expect(session(s).loading).toBe(false);
  });

  it("session_activated switches between held sessions and ignores unknown ids", () => {
    const s = withSession(opened(S2));
    expect(s.activeSessionId).toBe(S2);
    const back = run(s, { type: "session_activated", sessionId: S });
    expect(back.activeSessionId).toBe(S);
    expect(back.sessions).toBe(s.sessions);
    expect(run(back, { type: "session_activated", sessionId: S })).toBe(back);
    expect(run(back, { type: "session_activated", sessionId: "nope" })).toBe(back);
    expect(run(back, { type: "session_activated", sessionId: null }).activeSessionId).toBeNull();
  });

  it("session_closed removes the session and clears active only when it was active", () => {
    const s = withSession(opened(S2));
    const closedActive = run(s, { type: "session_closed", sessionId: S2 });
    expect(Object.keys(closedActive.sessions)).toEqual([S]);
    expect(closedActive.activeSessionId).toBeNull();
    const closedOther = run(s, { type: "session_closed", sessionId: S });
    expect(Object.keys(closedOther.sessions)).toEqual([S2]);
    expect(closedOther.activeSessionId).toBe(S2);
    expect(closedOther.sessions[S2]).toBe(s.sessions[S2]);
    expect(run(s, { type: "session_closed", sessionId: "nope" })).toBe(s);
  });
});

describe("message chunks", () => {
  it("agent chunks with one messageId become one bubble; a new messageId starts another", () => {
    const s = withSession(upd(agentChunk("Hel", "m1")), upd(agentChunk("lo", "m1")), upd(agentChunk("Next", "m2")));
    expect(entries(s)).toEqual([
      { kind: "agent", id: "e1", messageId: "m1", text: "Hello", attachments: [] },
      { kind: "agent", id: "e2", messageId: "m2", text: "Next", attachments: [] },
    ]);
  });

  it("a chunk without messageId (or null) continues the last bubble of its kind", () => {
    const s = withSession(upd(agentChunk("a", "m1")), upd(agentChunk("b")), upd(agentChunk("c", null)));
    expect(entries(s)).toEqual([{ kind: "agent", id: "e1", messageId: "m1", text: "abc", attachments: [] }]);
  });

  it("chunks without any messageId stay in one bubble and carry no messageId key", () => {
    const s = withSession(upd(agentChunk("x")), upd(agentChunk("y")));
    expect(entries(s)).toEqual([{ kind: "agent", id: "e1", text: "xy", attachments: [] }]);
    expect("messageId" in entries(s)[0]!).toBe(false);
  });

  it("thoughts and replies are separate bubbles even with the same messageId", () => {
    const s = withSession(
      upd(thoughtChunk("Thinking", "m1")),
      upd(thoughtChunk("...", "m1")),
      upd(agentChunk("Answer", "m1")),
      upd(thoughtChunk("More thought")),
    );
    expect(entries(s)).toEqual([
      { kind: "thought", id: "e1", messageId: "m1", text: "Thinking...", attachments: [] },
      { kind: "agent", id: "e2", messageId: "m1", text: "Answer", attachments: [] },
      { kind: "thought", id: "e3", text: "More thought", attachments: [] },
    ]);
  });

  it("non-text blocks go to attachments", () => {
    const image: ContentBlock = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
    const link: ContentBlock = { type: "resource_link", uri: "file:///home/me/a.md", name: "a.md" };
    const s = withSession(
      upd(agentChunk("See:", "m1")),
      upd({ sessionUpdate: "agent_message_chunk", content: image, messageId: "m1" }),
      upd({ sessionUpdate: "agent_message_chunk", content: link }),
    );
    expect(entries(s)).toEqual([{ kind: "agent", id: "e1", messageId: "m1", text: "See:", attachments: [image, link] }]);
  });

  it("an image as the first chunk starts a bubble with empty text", () => {
    const image: ContentBlock = { type: "image", data: "AAAA", mimeType: "image/png" };
    const s = withSession(upd({ sessionUpdate: "agent_message_chunk", content: image, messageId: "m9" }));
    expect(entries(s)).toEqual([{ kind: "agent", id: "e1", messageId: "m9", text: "", attachments: [image] }]);
  });

  it("an empty text chunk continuing a bubble changes nothing", () => {
    const s = withSession(upd(agentChunk("a", "m1")));
    expect(run(s, upd(agentChunk("", "m1")))).toBe(s);
  });

  it("a messageId reused after a tool call starts a new bubble with a unique id", () => {
    // goose keeps one messageId for text → tool request → text in one assistant message.
    const s = withSession(
      upd(agentChunk("Let me look.", "m1")),
      upd(shellToolCall("t1")),
      upd(toolResult("t1", "a.txt")),
      upd(agentChunk("Found ", "m1")),
      upd(agentChunk("a.txt", "m1")),
    );
    expect(entries(s)).toEqual([
      { kind: "agent", id: "e1", messageId: "m1", text: "Let me look.", attachments: [] },
      { kind: "tool", id: "t1" },
      { kind: "agent", id: "e2", messageId: "m1", text: "Found a.txt", attachments: [] },
    ]);
    const ids = entries(s).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("user chunks of one message group and adjacent text merges", () => {
    const resource: ContentBlock = {
      type: "resource",
      resource: { uri: "https://example.com/a", mimeType: "text/plain", text: "selected text" },
    };
    const s = withSession(
      upd(userChunk(text("Explain "), "u1")),
      upd(userChunk(text("this"), "u1")),
      upd(userChunk(resource, "u1")),
      upd(userChunk(text("Thanks"), "u1")),
    );
    expect(entries(s)).toEqual([{ kind: "user", id: "e1", messageId: "u1", content: [text("Explain this"), resource, text("Thanks")] }]);
  });

  it("a user chunk with a new messageId starts a new user entry", () => {
    const s = withSession(upd(userChunk(text("one"), "u1")), upd(userChunk(text("two"), "u2")));
    expect(entries(s)).toEqual([
      { kind: "user", id: "e1", messageId: "u1", content: [text("one")] },
      { kind: "user", id: "e2", messageId: "u2", content: [text("two")] },
    ]);
  });

  it("a user chunk without messageId joins a preceding user entry but not an agent one", () => {
    const s = withSession(upd(userChunk(text("a"))), upd(userChunk(text("b"))), upd(agentChunk("reply")), upd(userChunk(text("c"))));
    expect(entries(s)).toEqual([
      { kind: "user", id: "e1", content: [text("ab")] },
      { kind: "agent", id: "e2", text: "reply", attachments: [] },
      { kind: "user", id: "e3", content: [text("c")] },
    ]);
  });

  it("a steer user chunk after prompt_sent's entry (no messageId) starts its own entry when it has one", () => {
    const s = withSession(promptSent("hi"), upd(userChunk(text("also this"), "u7")));
    expect(entries(s).map((e) => e.kind)).toEqual(["user", "user"]);
  });
});

describe("tool calls", () => {
  it("tool_call as goose sends it (no kind) creates a pending card and one tool entry", () => {
    const s = withSession(upd(shellToolCall("call_1")));
    expect(Object.fromEntries(toolCallList(session(s).toolCalls).map((c) => [c.toolCallId, c]))).toEqual({
      call_1: {
        toolCallId: "call_1",
        title: "developer: shell · ls -la",
        kind: null,
        status: "pending",
        content: [],
        locations: [],
        rawInput: { command: "ls -la" },
        toolName: "developer__shell",
      },
    });
    expect(entries(s)).toEqual([{ kind: "tool", id: "call_1" }]);
  });

  it("tool_call keeps every field the agent gives", () => {
    const s = withSession(
      upd({
        sessionUpdate: "tool_call",
        toolCallId: "call_603c48bf",
        title: "edit · /home/user/notes.md",
        kind: "edit",
        status: "in_progress",
        locations: [{ path: "/home/user/notes.md", line: 1 }],
        content: [{ type: "diff", path: "/home/user/notes.md", oldText: "old", newText: "new" }],
        rawInput: { path: "/home/user/notes.md", before: "old line", after: "new line" },
        rawOutput: null,
      }),
    );
    expect(toolCallOf(session(s).toolCalls, "call_603c48bf")).toEqual({
      toolCallId: "call_603c48bf",
      title: "edit · /home/user/notes.md",
      kind: "edit",
      status: "in_progress",
      locations: [{ path: "/home/user/notes.md", line: 1 }],
      content: [{ type: "diff", path: "/home/user/notes.md", oldText: "old", newText: "new" }],
      rawInput: { path: "/home/user/notes.md", before: "old line", after: "new line" },
      rawOutput: null,
    });
  });

  it("a card without _meta has no toolName key (JSON-exact)", () => {
    const s = withSession(upd({ sessionUpdate: "tool_call", toolCallId: "t", title: "read" }));
    const card = toolCallOf(session(s).toolCalls, "t")!;
    expect(Object.keys(card).sort()).toEqual(["content", "kind", "locations", "status", "title", "toolCallId"]);
  });

  it("ignores malformed goose _meta", () => {
    const s = withSession(
      upd({ sessionUpdate: "tool_call", toolCallId: "t", title: "x", _meta: { goose: { toolCall: { toolName: 42 } } } }),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t", _meta: { goose: "nope" } }),
    );
    expect(toolCallOf(session(s).toolCalls, "t")?.toolName).toBeUndefined();
  });

  it("a repeated tool_call merges into the card without a second entry", () => {
    const s = withSession(
      upd(shellToolCall("t1")),
      upd({ sessionUpdate: "tool_call", toolCallId: "t1", title: "list files", kind: "execute", status: "in_progress" }),
    );
    expect(entries(s)).toHaveLength(1);
    expect(toolCallOf(session(s).toolCalls, "t1")).toMatchObject({
      title: "list files",
      kind: "execute",
      status: "in_progress",
      rawInput: { command: "ls -la" },
    });
  });

  it("tool_call_update merges the result: status, content and rawOutput", () => {
    const s = withSession(
      upd(shellToolCall("t1")),
      upd({
        sessionUpdate: "tool_call_update",
        toolCallId: "t1",
        status: "completed",
        content: [{ type: "content", content: text("total 0") }],
        rawOutput: { exitCode: 0 },
        locations: [{ path: "/home/me/a.txt", line: 1 }],
      }),
    );
    expect(toolCallOf(session(s).toolCalls, "t1")).toEqual({
      toolCallId: "t1",
      title: "developer: shell · ls -la",
      kind: null,
      status: "completed",
      content: [{ type: "content", content: text("total 0") }],
      locations: [{ path: "/home/me/a.txt", line: 1 }],
      rawInput: { command: "ls -la" },
      rawOutput: { exitCode: 0 },
      toolName: "developer__shell",
    });
    expect(entries(s)).toHaveLength(1);
  });

  it("tool_call_update: null title/kind/status/content/locations keep the old values", () => {
    const base = withSession(upd(shellToolCall("t1")), upd(toolResult("t1", "out")));
    const s = run(
      base,
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", title: null, kind: null, status: null, content: null, locations: null }),
    );
    expect(s).toBe(base);
  });

  it("tool_call_update: a later title overwrites, content and locations replace rather than append", () => {
    const s = withSession(
      upd(shellToolCall("t1")),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", title: "listing files", kind: "execute" }),
      upd({
        sessionUpdate: "tool_call_update",
        toolCallId: "t1",
        content: [{ type: "content", content: text("1%") }],
        locations: [{ path: "/a" }],
      }),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", content: [{ type: "content", content: text("100%") }], locations: [] }),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", rawInput: { command: "ls" } }),
    );
    expect(toolCallOf(session(s).toolCalls, "t1")).toMatchObject({
      title: "listing files",
      kind: "execute",
      content: [{ type: "content", content: text("100%") }],
      locations: [],
      rawInput: { command: "ls" },
    });
  });

  it("tool_call_update: content [] empties the card", () => {
    const s = withSession(
      upd(shellToolCall("t1")),
      upd(toolResult("t1", "x")),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", content: [] }),
    );
    expect(toolCallOf(session(s).toolCalls, "t1")?.content).toEqual([]);
  });

  it("tool_call_update for an unknown id creates the card and its entry", () => {
    const s = withSession(upd(agentChunk("hi", "m1")), upd(toolResult("ghost", "done", "failed")));
    expect(toolCallOf(session(s).toolCalls, "ghost")).toEqual({
      toolCallId: "ghost",
      title: "",
      kind: null,
      status: "failed",
      content: [{ type: "content", content: text("done") }],
      locations: [],
    });
    expect(entries(s).at(-1)).toEqual({ kind: "tool", id: "ghost" });
  });

  it("a tool_call_update that changes nothing returns the same state", () => {
    const s = withSession(upd(shellToolCall("t1")));
    expect(run(s, upd({ sessionUpdate: "tool_call_update", toolCallId: "t1" }))).toBe(s);
    expect(run(s, upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", status: "pending" }))).toBe(s);
  });
});

describe("other session updates", () => {
  it("plan replaces the whole list", () => {
    const first = [
      { content: "Read the page selection", priority: "high" as const, status: "in_progress" as const },
      { content: "Propose an edit", priority: "medium" as const, status: "pending" as const },
    ];
    const second = [{ content: "Read the page selection", priority: "high" as const, status: "completed" as const }];
    const s = withSession(upd({ sessionUpdate: "plan", entries: first }));
    expect(session(s).plan).toEqual(first);
    expect(session(run(s, upd({ sessionUpdate: "plan", entries: second }))).plan).toEqual(second);
  });

  it("available_commands_update replaces the commands", () => {
    const availableCommands = [
      { name: "compact", description: "Compact the conversation" },
      { name: "prompt", description: "Run a saved prompt", input: { hint: "name" } },
    ];
    const s = withSession(upd({ sessionUpdate: "available_commands_update", availableCommands }));
    expect(session(s).commands).toEqual(availableCommands);
  });

  it("current_mode_update sets currentModeId, keeping the mode list", () => {
    const s = withSession(
      { type: "session_opened", sessionId: S, cwd: CWD, loading: false, modes },
      upd({ sessionUpdate: "current_mode_update", currentModeId: "approve" }),
    );
    expect(session(s).modes).toEqual({ ...modes, currentModeId: "approve" });
    expect(run(s, upd({ sessionUpdate: "current_mode_update", currentModeId: "approve" }))).toBe(s);
  });

  it("current_mode_update without a known mode list still records the mode", () => {
    const s = withSession(upd({ sessionUpdate: "current_mode_update", currentModeId: "smart_approve" }));
    expect(session(s).modes).toEqual({ currentModeId: "smart_approve", availableModes: [] });
  });

  it("config_option_update replaces the options", () => {
    const next: SessionConfigOption[] = [{ ...configOptions[0]!, currentValue: "approve" } as SessionConfigOption];
    const s = withSession(
      { type: "session_opened", sessionId: S, cwd: CWD, loading: false, configOptions },
      upd({ sessionUpdate: "config_option_update", configOptions: next }),
    );
    expect(session(s).configOptions).toEqual(next);
  });

  it("session_info_update: undefined leaves, a value sets, null clears", () => {
    const s = withSession(
      upd({
        sessionUpdate: "session_info_update",
        title: "List files",
        updatedAt: "2026-01-05T10:17:11Z",
        _meta: { messageCount: 4, userSetName: false },
      }),
    );
    expect([session(s).title, session(s).updatedAt]).toEqual(["List files", "2026-01-05T10:17:11Z"]);
    const titleOnly = run(s, upd({ sessionUpdate: "session_info_update", title: "Renamed" }));
    expect([session(titleOnly).title, session(titleOnly).updatedAt]).toEqual(["Renamed", "2026-01-05T10:17:11Z"]);
    const cleared = run(s, upd({ sessionUpdate: "session_info_update", title: null, updatedAt: null }));
    expect([session(cleared).title, session(cleared).updatedAt]).toEqual([null, null]);
  });

  it("session_info_update carrying only goose's activeRunId _meta returns the same state", () => {
    const s = withSession(promptSent("hi"));
    expect(run(s, upd({ sessionUpdate: "session_info_update", _meta: { goose: { activeRunId: "run_1" } } }))).toBe(s);
    expect(run(s, upd({ sessionUpdate: "session_info_update", _meta: { goose: { activeRunId: null } } }))).toBe(s);
  });

  it("usage_update stores used/size and cost, without the wire's _meta", () => {
    const s = withSession(
      upd({ sessionUpdate: "usage_update", used: 1234, size: 200000, cost: { amount: 0.02, currency: "USD", _meta: { x: 1 } } }),
    );
    expect(session(s).usage).toEqual({ used: 1234, size: 200000, cost: { amount: 0.02, currency: "USD" } });
    const noCost = run(s, upd({ sessionUpdate: "usage_update", used: 2000, size: 200000 }));
    expect(session(noCost).usage).toEqual({ used: 2000, size: 200000 });
    expect("cost" in session(noCost).usage!).toBe(false);
    const nullCost = run(s, upd({ sessionUpdate: "usage_update", used: 1234, size: 200000, cost: null }));
    expect(session(nullCost).usage).toEqual({ used: 1234, size: 200000, cost: null });
  });

  it("an identical usage_update returns the same state", () => {
    const s = withSession(upd({ sessionUpdate: "usage_update", used: 1, size: 2, cost: { amount: 0.5, currency: "USD" } }));
    expect(run(s, upd({ sessionUpdate: "usage_update", used: 1, size: 2, cost: { amount: 0.5, currency: "USD" } }))).toBe(s);
    expect(run(s, upd({ sessionUpdate: "usage_update", used: 1, size: 2, cost: { amount: 0.6, currency: "USD" } }))).not.toBe(s);
    const none = run(s, upd({ sessionUpdate: "usage_update", used: 1, size: 2 }));
    expect(none).not.toBe(s);
    expect(run(none, upd({ sessionUpdate: "usage_update", used: 1, size: 2 }))).toBe(none);
  });

  it("unknown and unstable variants return the identical state", () => {
    const s = withSession(upd(agentChunk("hi", "m1")));
    expect(run(s, upd({ sessionUpdate: "compaction_update" } as unknown as SessionUpdate))).toBe(s);
    expect(run(s, upd({ sessionUpdate: "some_future_variant", payload: 1 } as unknown as SessionUpdate))).toBe(s);
  });

  it("an update for an unknown session returns the identical state", () => {
    const s = withSession(upd(agentChunk("hi", "m1")));
    expect(run(s, upd(agentChunk("x", "m1"), "nope"))).toBe(s);
    expect(run(s, upd(shellToolCall("t"), "nope"))).toBe(s);
    expect(run(s, promptSent("hi", "nope"))).toBe(s);
    expect(run(s, permission("k", "t", "nope"))).toBe(s);
    expect(run(s, { type: "cancel_requested", sessionId: "nope" })).toBe(s);
    expect(run(s, { type: "mode_changed", sessionId: "nope", modeId: "auto" })).toBe(s);
  });

  it("an unknown event type returns the identical state", () => {
    const s = withSession();
    expect(run(s, { type: "from_the_future" } as unknown as ClientEvent)).toBe(s);
  });
});

describe("turns", () => {
  it("prompt_sent adds the user's bubble, starts the turn and clears the last stop and error", () => {
    const error: UiError = { title: "Prompt failed", message: "Error in agent response stream: boom", code: -32603 };
    const before = withSession(promptSent("one"), { type: "prompt_failed", sessionId: S, error });
    expect(session(before).error).toEqual(error);
    const s = run(before, {
      type: "prompt_sent",
      sessionId: S,
      content: [
        text("Explain this"),
        { type: "resource", resource: { uri: "https://example.com/a", mimeType: "text/plain", text: "sel" } },
      ],
    });
    expect(session(s).turn).toBe("running");
    expect(session(s).lastStop).toBeNull();
    expect(session(s).error).toBeNull();
    expect(entries(s).at(-1)).toEqual({
      kind: "user",
      id: `e${session(s).seq}`,
      content: [
        text("Explain this"),
        { type: "resource", resource: { uri: "https://example.com/a", mimeType: "text/plain", text: "sel" } },
      ],
    });
  });

  it("two prompts in a row are two user entries", () => {
    const s = withSession(promptSent("a"), { type: "prompt_finished", sessionId: S, stopReason: "end_turn" }, promptSent("b"));
    expect(entries(s).filter((e) => e.kind === "user")).toHaveLength(2);
  });

  it("prompt_finished end_turn ends the turn quietly", () => {
    const s = withSession(promptSent("hi"), upd(agentChunk("Hello", "m1")), {
      type: "prompt_finished",
      sessionId: S,
      stopReason: "end_turn",
    });
    expect(session(s).turn).toBe("idle");
    expect(session(s).lastStop).toBe("end_turn");
    expect(notices(s)).toEqual([]);
  });

  it.each([
    ["max_tokens", /output limit/],
    ["max_turn_requests", /limit of model requests/],
    ["refusal", /declined/],
  ] as const)("prompt_finished %s adds a warning in plain words", (stopReason, words) => {
    const s = withSession(promptSent("hi"), { type: "prompt_finished", sessionId: S, stopReason });
    expect(session(s).lastStop).toBe(stopReason);
    const [notice, ...rest] = notices(s);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({ kind: "notice", tone: "warning" });
    expect(notice?.kind === "notice" && notice.text).toMatch(words);
  });

  it("prompt_finished cancelled without Stop is the agent's doing: no 'Stopped.', open tools did not finish", () => {
    const s = withSession(promptSent("hi"), upd(shellToolCall("t1")), { type: "prompt_finished", sessionId: S, stopReason: "cancelled" });
    expect(session(s).lastStop).toBe("cancelled");
    expect(toolCallOf(session(s).toolCalls, "t1")?.status).toBe("unfinished");
    expect(notices(s)).toEqual([{ kind: "notice", id: expect.any(String), tone: "info", text: "goose cancelled the turn." }]);
  });

  it("prompt_failed ends the turn with the error on the session and as a notice", () => {
    const error: UiError = { title: "Prompt failed", message: "Error in agent response stream: boom", code: -32603 };
    const s = withSession(promptSent("hi"), { type: "prompt_failed", sessionId: S, error });
    expect(session(s).turn).toBe("idle");
    expect(session(s).error).toEqual(error);
    expect(session(s).lastStop).toBeNull();
    expect(notices(s)).toEqual([{ kind: "notice", id: expect.any(String), tone: "error", text: error.message }]);
  });

  it("prompt_failed after Stop counts as cancelled, not as an error", () => {
    const error: UiError = { title: "Prompt failed", message: "Internal error", code: -32603 };
    const s = withSession(promptSent("hi"), { type: "cancel_requested", sessionId: S }, { type: "prompt_failed", sessionId: S, error });
    expect(session(s).turn).toBe("idle");
    expect(session(s).lastStop).toBe("cancelled");
    expect(session(s).error).toBeNull();
    expect(notices(s)).toEqual([{ kind: "notice", id: expect.any(String), tone: "info", text: "Stopped." }]);
  });

  it("cancel flow: Stop, goose's end_turn, and late updates", () => {
    const running = withSession(
      promptSent("clean up"),
      upd(shellToolCall("t1", "ls")),
      upd(toolResult("t1", "build/")),
      upd(shellToolCall("t2", "rm -rf build")),
      permission("p1", "t2"),
      upd(shellToolCall("t3", "make")),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t3", status: "in_progress" }),
    );
    const cancelling = run(running, { type: "cancel_requested", sessionId: S });
    expect(session(cancelling).turn).toBe("cancelling");
    expect(session(cancelling).permissions).toEqual([]);
    expect(toolCallOf(session(cancelling).toolCalls, "t1")?.status).toBe("completed");
    expect(toolCallOf(session(cancelling).toolCalls, "t2")?.status).toBe("cancelled");
    expect(toolCallOf(session(cancelling).toolCalls, "t3")?.status).toBe("cancelled");
    expect(toolCallOf(session(cancelling).toolCalls, "t1")).toBe(toolCallOf(session(running).toolCalls, "t1"));
    // A second Stop changes nothing.
    expect(run(cancelling, { type: "cancel_requested", sessionId: S })).toBe(cancelling);

    // Updates after cancel are still accepted (spec): the output lands, but "failed" for a call the
    // user stopped reads as what it is, cancelled.
    const late = run(cancelling, upd(toolResult("t3", "make: interrupted", "failed")), upd(agentChunk("Stopping.", "m5")));
    expect(toolCallOf(session(late).toolCalls, "t3")?.status).toBe("cancelled");
    expect(toolCallOf(session(late).toolCalls, "t3")?.content).toEqual([
      { type: "content", content: { type: "text", text: "make: interrupted" } },
    ]);
    expect(entries(late).at(-1)).toMatchObject({ kind: "agent", text: "Stopping." });

    // goose answers end_turn after a cancel (#11788): Stop wins.
    const done = run(late, { type: "prompt_finished", sessionId: S, stopReason: "end_turn" });
    expect(session(done).turn).toBe("idle");
    expect(session(done).lastStop).toBe("cancelled");
    expect(notices(done)).toEqual([{ kind: "notice", id: expect.any(String), tone: "info", text: "Stopped." }]);

    const afterwards = run(done, upd(toolResult("t2", "not run", "failed")));
    expect(toolCallOf(session(afterwards).toolCalls, "t2")?.status).toBe("cancelled");
    expect(toolCallOf(session(run(done, upd(toolResult("t2", "ran anyway", "completed")))).toolCalls, "t2")?.status).toBe("completed");
  });

  it("cancel_requested while idle changes nothing", () => {
    const s = withSession(upd(shellToolCall("t1")));
    expect(run(s, { type: "cancel_requested", sessionId: S })).toBe(s);
  });
});

describe("permissions", () => {
  it("permission_requested merges the richer toolCall into the card and queues goose's four options", () => {
    const s = withSession(promptSent("clean"), upd(shellToolCall("t1", "rm -rf build")), permission("7#1", "t1"));
    const a = session(s);
    expect(a.permissions).toEqual([{ key: "7#1", toolCallId: "t1", options: gooseOptions }]);
    expect(a.permissions[0]?.options.map((o) => o.optionId)).toEqual(a.permissions[0]?.options.map((o) => o.kind));
    expect(toolCallOf(a.toolCalls, "t1")).toEqual({
      toolCallId: "t1",
      title: "developer: shell · rm -rf build",
      kind: "other",
      status: "pending",
      content: [{ type: "content", content: text("Remove the build directory?") }],
      locations: [],
      rawInput: { command: "rm -rf build" },
      toolName: "developer__shell",
    });
    expect(entries(s).filter((e) => e.kind === "tool")).toHaveLength(1);
  });

  it("permission_requested for an unknown tool call creates the card and entry (e.g. re-sent after a load)", () => {
    const s = withSession(permission("k1", "t9"));
    expect(toolCallOf(session(s).toolCalls, "t9")?.title).toBe("developer: shell · rm -rf build");
    expect(entries(s)).toEqual([{ kind: "tool", id: "t9" }]);
  });

  it("a duplicate key is ignored; requests stay oldest first", () => {
    const s = withSession(permission("a", "t1"), permission("b", "t2"));
    expect(run(s, permission("a", "t1"))).toBe(s);
    expect(session(s).permissions.map((p) => p.key)).toEqual(["a", "b"]);
  });

  it("permission_resolved removes only that request; an unknown key changes nothing", () => {
    const s = withSession(permission("a", "t1"), permission("b", "t2"));
    const resolved = run(s, { type: "permission_resolved", sessionId: S, key: "a" });
    expect(session(resolved).permissions.map((p) => p.key)).toEqual(["b"]);
    expect(run(resolved, { type: "permission_resolved", sessionId: S, key: "a" })).toBe(resolved);
  });

  it("a rejected tool ends failed (goose) and the card keeps its details", () => {
    const s = withSession(
      upd(shellToolCall("t1", "rm -rf build")),
      permission("a", "t1"),
      { type: "permission_resolved", sessionId: S, key: "a" },
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", status: "failed" }),
    );
    expect(toolCallOf(session(s).toolCalls, "t1")).toMatchObject({ status: "failed", rawInput: { command: "rm -rf build" } });
  });
});

describe("config, mode and history", () => {
  it("config_options_changed replaces the options", () => {
    const next = [{ ...configOptions[0]!, currentValue: "approve" } as SessionConfigOption];
    const s = withSession({ type: "config_options_changed", sessionId: S, configOptions: next });
    expect(session(s).configOptions).toEqual(next);
  });

  it("mode_changed sets the current mode; the same mode changes nothing", () => {
    const s = withSession(
      { type: "session_opened", sessionId: S, cwd: CWD, loading: false, modes },
      { type: "mode_changed", sessionId: S, modeId: "approve" },
    );
    expect(session(s).modes?.currentModeId).toBe("approve");
    expect(session(s).modes?.availableModes).toEqual(modes.availableModes);
    expect(run(s, { type: "mode_changed", sessionId: S, modeId: "approve" })).toBe(s);
  });

  it("history loading, loaded, failed and removed", () => {
    const items = [
      { sessionId: S, cwd: CWD, title: "List files", updatedAt: "2026-01-05T10:00:00Z" },
      { sessionId: S2, cwd: CWD, title: null },
    ];
    const loading = run(initialClientState, ready, { type: "history_loading" });
    expect(loading.history).toEqual({ items: [], loading: true, error: null });
    expect(run(loading, { type: "history_loading" })).toBe(loading);

    const loaded = run(loading, { type: "history_loaded", items });
    expect(loaded.history).toEqual({ items, loading: false, error: null });

    const error: UiError = { title: "Could not list sessions", message: "Internal error" };
    const failed = run(loaded, { type: "history_loading" }, { type: "history_failed", error });
    expect(failed.history).toEqual({ items, loading: false, error });
    // A successful reload clears the error.
    expect(run(failed, { type: "history_loading" }).history.error).toBeNull();

    const removed = run(loaded, { type: "history_removed", sessionId: S });
    expect(removed.history.items).toEqual([items[1]]);
    expect(run(removed, { type: "history_removed", sessionId: S })).toBe(removed);
  });
});

describe("session/load replay", () => {
  it("builds the transcript from replayed updates, then session_loaded finishes it", () => {
    const resource: ContentBlock = { type: "resource", resource: { uri: "https://example.com/a", mimeType: "text/plain", text: "sel" } };
    const s = run(
      initialClientState,
      ready,
      { type: "session_opening", open: { kind: "load", sessionId: S } },
      opened(S, true),
      upd(userChunk(text("Summarize"), "u1")),
      upd(userChunk(resource, "u1")),
      upd(thoughtChunk("Reading the selection", "a1")),
      upd(agentChunk("I'll list the files.", "a1")),
      upd(shellToolCall("t1", "ls")),
      upd(toolResult("t1", "a.txt\nb.txt")),
      upd(agentChunk("There are two files.", "a1")),
      upd(userChunk(text("Thanks"), "u2")),
      upd(agentChunk("You're welcome.", "a2")),
      { type: "session_loaded", sessionId: S, modes, configOptions },
      upd({ sessionUpdate: "usage_update", used: 900, size: 128000 }),
      upd({ sessionUpdate: "available_commands_update", availableCommands: [{ name: "compact", description: "Compact" }] }),
    );
    const a = session(s);
    expect(entryArray(a.entries)).toEqual([
      { kind: "user", id: "e1", messageId: "u1", content: [text("Summarize"), resource] },
      { kind: "thought", id: "e2", messageId: "a1", text: "Reading the selection", attachments: [] },
      { kind: "agent", id: "e3", messageId: "a1", text: "I'll list the files.", attachments: [] },
      { kind: "tool", id: "t1" },
      { kind: "agent", id: "e4", messageId: "a1", text: "There are two files.", attachments: [] },
      { kind: "user", id: "e5", messageId: "u2", content: [text("Thanks")] },
      { kind: "agent", id: "e6", messageId: "a2", text: "You're welcome.", attachments: [] },
    ]);
    expect(toolCallOf(a.toolCalls, "t1")?.status).toBe("completed");
    expect(a.seq).toBe(6);
    expect(a.loading).toBe(false);
    expect(a.turn).toBe("idle");
    expect(a.modes).toEqual(modes);
    expect(a.usage).toEqual({ used: 900, size: 128000 });
    expect(a.commands).toHaveLength(1);
    expect(s.opening).toBeNull();
    expect(s.activeSessionId).toBe(S);
  });
});

describe("purity and structural sharing", () => {
  function busyState(): ClientState {
    return run(
      initialClientState,
      ready,
      { type: "history_loading" },
      { type: "history_loaded", items: [{ sessionId: S, cwd: CWD, title: "List files", updatedAt: "2026-01-05T10:00:00Z" }] },
      { type: "session_opened", sessionId: S2, cwd: CWD, loading: false, modes, configOptions },
      promptSent("other", S2),
      upd(agentChunk("done", "x1"), S2),
      { type: "prompt_finished", sessionId: S2, stopReason: "max_tokens" },
      { type: "session_opened", sessionId: S, cwd: CWD, loading: false, modes, configOptions, title: "t" },
      promptSent("clean up"),
      upd(thoughtChunk("hmm", "m1")),
      upd(agentChunk("Let me look.", "m1")),
      upd(shellToolCall("t1", "ls")),
      upd({ ...toolResult("t1", "a"), rawOutput: { nested: { list: [1, "two", null, true] } } } as SessionUpdate),
      upd(shellToolCall("t2", "rm -rf build")),
      permission("p1", "t2"),
      upd({ sessionUpdate: "plan", entries: [{ content: "Clean", priority: "high", status: "in_progress" }] }),
      upd({ sessionUpdate: "usage_update", used: 10, size: 100, cost: { amount: 0.01, currency: "USD" } }),
      upd({ sessionUpdate: "session_info_update", title: "Clean up", updatedAt: "2026-01-05T10:01:00Z" }),
      upd(agentChunk("Waiting for approval", "m1")),
    );
  }

  it("appending a chunk copies only the changed entry, its session and the sessions record", () => {
    const before = withSession(
      opened(S2),
      { type: "session_activated", sessionId: S },
      promptSent("hi"),
      upd(shellToolCall("t1")),
      upd(agentChunk("A", "m1")),
    );
    const after = run(before, upd(agentChunk("B", "m1")));
    const [b, a] = [session(before), session(after)];
    expect(after).not.toBe(before);
    expect(a).not.toBe(b);
    expect(a.entries).not.toBe(b.entries);
    expect(entryCount(a.entries)).toBe(entryCount(b.entries));
    for (let i = 0; i < entryCount(b.entries) - 1; i++) expect(entryAt(a.entries, i)).toBe(entryAt(b.entries, i));
    expect(lastEntry(a.entries)).not.toBe(lastEntry(b.entries));
    expect(lastEntry(a.entries)).toMatchObject({ text: "AB" });
    expect(a.toolCalls).toBe(b.toolCalls);
    expect(a.permissions).toBe(b.permissions);
    expect(after.sessions[S2]).toBe(before.sessions[S2]);
    expect(after.agent).toBe(before.agent);
    expect(after.history).toBe(before.history);
  });

  it("a tool update copies only that card; the entries array is untouched", () => {
    const before = withSession(upd(shellToolCall("t1")), upd(shellToolCall("t2")));
    const after = run(before, upd(toolResult("t2", "ok")));
    expect(session(after).entries).toBe(session(before).entries);
    expect(toolCallOf(session(after).toolCalls, "t1")).toBe(toolCallOf(session(before).toolCalls, "t1"));
    expect(toolCallOf(session(after).toolCalls, "t2")).not.toBe(toolCallOf(session(before).toolCalls, "t2"));
  });

  it("never mutates its input (every state and event is frozen)", () => {
    expect(() => busyState()).not.toThrow();
    expect(Object.isFrozen(busyState().sessions[S]?.entries)).toBe(true);
  });

  it("a busy state survives a JSON round trip and structured clone unchanged", () => {
    const s = busyState();
    expect(pendingPermissionCount(s)).toBe(1);
    expect(session(s).turn).toBe("running");
    expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
    expect(structuredClone(s)).toStrictEqual(s);
  });

  it("the same events on two copies give deep-equal results (background and panel agree)", () => {
    const events: ClientEvent[] = [
      opened(S2),
      upd(agentChunk("x", "m1"), S2),
      upd(shellToolCall("t5"), S2),
      permission("k", "t5", S2),
      { type: "cancel_requested", sessionId: S },
      upd(agentChunk("late", "m1")),
      { type: "prompt_finished", sessionId: S, stopReason: "end_turn" },
      { type: "agent_offline", error: offlineError },
    ];
    const background = events.reduce(reduceClient, busyState());
    // The panel got a snapshot through structured clone and replays the same (cloned) events.
    const panel = structuredClone(events).reduce(reduceClient, structuredClone(busyState()));
    expect(panel).toStrictEqual(background);
    expect(session(background).lastStop).toBe("cancelled");
    expect(toolCallOf(session(background, S2).toolCalls, "t5")?.status).toBe("cancelled");
  });
});

describe("tool calls cancelled by Stop", () => {
  it("stay cancelled when the agent later reports them failed, but show a real completion", async () => {
    const { initialClientState, reduceClient } = await import("../../extension/state/client-reducer");
    let s = reduceClient(initialClientState, { type: "session_opened", sessionId: "s", cwd: "/", loading: false });
    s = reduceClient(s, { type: "prompt_sent", sessionId: "s", content: [{ type: "text", text: "go" }] });
    for (const id of ["a", "b"]) {
      s = reduceClient(s, {
        type: "session_update",
        sessionId: "s",
        update: { sessionUpdate: "tool_call", toolCallId: id, title: id, status: "pending" },
      });
    }
    s = reduceClient(s, { type: "cancel_requested", sessionId: "s" });
    s = reduceClient(s, {
      type: "session_update",
      sessionId: "s",
      update: { sessionUpdate: "tool_call_update", toolCallId: "a", status: "failed" },
    });
    s = reduceClient(s, {
      type: "session_update",
      sessionId: "s",
      update: { sessionUpdate: "tool_call_update", toolCallId: "b", status: "completed" },
    });
    expect(toolCallOf(s.sessions.s!.toolCalls, "a")!.status).toBe("cancelled");
    expect(toolCallOf(s.sessions.s!.toolCalls, "b")!.status).toBe("completed");
  });
});

describe("errors outside a turn", () => {
  it("show on the session without touching its turn", async () => {
    const { initialClientState, reduceClient } = await import("../../extension/state/client-reducer");
    let s = reduceClient(initialClientState, { type: "session_opened", sessionId: "s", cwd: "/", loading: false });
    const error = { title: "Changing the setting failed", message: "invalid value for model: x", code: -32602 };
    s = reduceClient(s, { type: "session_error", sessionId: "s", error });
    expect(s.sessions.s).toMatchObject({ turn: "idle", error });
    expect(lastEntry(s.sessions.s!.entries)).toMatchObject({
      kind: "notice",
      tone: "error",
      text: "Changing the setting failed: invalid value for model: x",
    });
    expect(reduceClient(s, { type: "session_error", sessionId: "nope", error })).toBe(s);
  });
});

describe("a long transcript (entry-list.ts)", () => {
  /** Session S with `turns` finished turns (prompt, answer, a tool call every tenth turn), then an answer streaming as message "live". */
  function longSession(turns: number): ClientState {
    let s = reduceClient(reduceClient(initialClientState, ready), opened());
    for (let i = 0; i < turns; i++) {
      s = reduceClient(s, promptSent(`question ${i}`));
      s = reduceClient(s, upd(agentChunk(`answer ${i}`, `m${i}`)));
      if (i % 10 === 0) s = reduceClient(s, upd(shellToolCall(`t${i}`)));
      s = reduceClient(s, { type: "prompt_finished", sessionId: S, stopReason: "end_turn" });
    }
    s = reduceClient(s, promptSent("last question"));
    return reduceClient(s, upd(agentChunk("Streaming", "live")));
  }

  /**
   * Counts reads of the items of every array inside session S's transcript: `watch` gives the state
   * with its transcript read through counting Proxies (arrays already watched stay as they are).
   */
  function transcriptReads(): { watch: (state: ClientState) => ClientState; reads: () => number } {
    let reads = 0;
    const watched = new WeakSet<object>();
    const wrap = (array: readonly unknown[]): readonly unknown[] => {
      if (watched.has(array)) return array;
      const proxy = new Proxy(array, {
        get(target, key, receiver) {
          if (typeof key === "string" && /^\d+$/.test(key)) reads++;
          const value = Reflect.get(target, key, receiver);
          return Array.isArray(value) ? wrap(value) : value;
        },
      });
      watched.add(proxy);
      return proxy;
    };
    const watch = (state: ClientState): ClientState => {
      const s = session(state);
      const transcript: unknown = s.entries;
      const entries = Array.isArray(transcript)
        ? wrap(transcript)
        : Object.fromEntries(Object.entries(transcript as object).map(([k, v]) => [k, Array.isArray(v) ? wrap(v) : v]));
      return { ...state, sessions: { ...state.sessions, [S]: { ...s, entries: entries as SessionState["entries"] } } };
    };
    return { watch, reads: () => reads };
  }

  it("a streamed chunk reads at most one block of the transcript, however many entries it holds", () => {
    const readsPerChunk = (turns: number): number => {
      const counter = transcriptReads();
      let s = longSession(turns);
      for (let i = 0; i < 20; i++) s = reduceClient(counter.watch(s), upd(agentChunk(".", "live")));
      expect(lastEntry(session(s).entries)).toMatchObject({ text: `Streaming${".".repeat(20)}` });
      return counter.reads() / 20;
    };
    const short = readsPerChunk(3); // 9 entries
    const long = readsPerChunk(3_000); // 6,302 entries
    // The tail holds at most 32 entries: a chunk copies it and reads the last entry, nothing more.
    expect(short).toBeGreaterThan(0);
    expect(short).toBeLessThanOrEqual(34);
    expect(long).toBeLessThanOrEqual(34);
  });

  it("an earlier state keeps its transcript whatever is reduced after it, and two futures of it stay apart", () => {
    const before = longSession(40); // 86 entries: full blocks and a tail
    const copy = structuredClone(before);
    const shown = entryArray(session(before).entries);
    let later = before;
    for (let i = 0; i < 70; i++) later = reduceClient(later, upd(shellToolCall(`more${i}`)));
    for (let i = 0; i < 50; i++) later = reduceClient(later, upd(agentChunk(` w${i}`, "after")));
    later = reduceClient(later, { type: "agent_offline", error: offlineError });
    // The panel and the background each reduce their own copy; a test may branch one state twice.
    let other = reduceClient(before, upd(agentChunk(" elsewhere", "live")));
    other = reduceClient(other, upd(shellToolCall("other")));

    expect(before).toStrictEqual(copy);
    const again = entryArray(session(before).entries);
    expect(again).toHaveLength(shown.length);
    for (let i = 0; i < shown.length; i++) expect(again[i]).toBe(shown[i]);
    const added = entryArray(session(later).entries).slice(shown.length);
    expect(added.map((e) => e.kind)).toEqual([...Array<string>(70).fill("tool"), "agent", "notice"]);
    expect(added[70]).toMatchObject({ text: Array.from({ length: 50 }, (_, i) => ` w${i}`).join("") });
    expect(entryArray(session(other).entries).slice(shown.length - 1)).toMatchObject([
      { kind: "agent", text: "Streaming elsewhere" },
      { kind: "tool", id: "other" },
    ]);
  });
});
