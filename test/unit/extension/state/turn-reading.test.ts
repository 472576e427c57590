/**
 * One reading of a turn whatever the agent: denials, turn endings and replays, fed with traffic
 * shaped like what Codex's, Claude's and Gemini's ACP adapters send (and goose for comparison).
 */

import { describe, expect, it } from "vitest";
import type {
  ContentBlock,
  Implementation,
  PermissionOption,
  SessionUpdate,
  StopReason,
  ToolCallUpdate,
} from "../../../../extension/acp/schema";
import { reduceClient } from "../../../../extension/state/client-reducer";
import { initialClientState } from "../../../../extension/state/client-reducer/initial-state";
import { entryArray } from "../../../../extension/state/conversation/entry-list";
import { toolCallList, toolCallOf } from "../../../../extension/state/conversation/tool-call-map";
import type { ClientEvent, ClientState, SessionState } from "../../../../extension/state/sessions/client-state";

const S = "sess-1";
const CWD = "/home/me/project";
const text = (t: string): ContentBlock => ({ type: "text", text: t });
const upd = (update: SessionUpdate): ClientEvent => ({ type: "session_update", sessionId: S, update });
const finished = (stopReason: StopReason): ClientEvent => ({ type: "prompt_finished", sessionId: S, stopReason });

interface AgentShape {
  label: string;
  info: Implementation;
  options: PermissionOption[];
  /** The option ids for Allow and Deny. */
  allow: string;
  deny: string;
  /** What the agent sends before it asks (Gemini: nothing). */
  before(id: string): SessionUpdate[];
  /** What it sends after a Deny, then how it ends the turn. */
  afterDeny(id: string): SessionUpdate[];
  denyStop: StopReason;
}

const codex: AgentShape = {
  label: "Codex",
  info: { name: "codex-acp", title: "Codex", version: "0.3.0" },
  options: [
    { optionId: "approved", name: "Approved", kind: "allow_once" },
    { optionId: "approved-execpolicy-amendment", name: "ApprovedExecpolicyAmendment", kind: "allow_always" },
    { optionId: "abort", name: "Abort", kind: "reject_once" },
  ],
  allow: "approved",
  deny: "abort",
  before: (id) => [
    {
      sessionUpdate: "tool_call",
      toolCallId: id,
      title: "Run ls -la",
      kind: "execute",
      status: "pending",
      rawInput: { command: ["ls", "-la"] },
    },
  ],
  afterDeny: () => [],
  // Codex ends a denied turn as cancelled, though the user never pressed Stop.
  denyStop: "cancelled",
};

const claude: AgentShape = {
  label: "Claude",
  info: { name: "@zed-industries/claude-code-acp", title: "Claude Code", version: "0.10.0" },
  options: [
    { optionId: "allow_always", name: "Always Allow", kind: "allow_always" },
    { optionId: "allow", name: "Allow", kind: "allow_once" },
    { optionId: "reject", name: "Reject", kind: "reject_once" },
  ],
  allow: "allow",
  deny: "reject",
  before: (id) => [
    { sessionUpdate: "tool_call", toolCallId: id, title: "`ls -la`", kind: "execute", status: "pending", rawInput: { command: "ls -la" } },
  ],
  // Claude fails the call, then answers in words.
  afterDeny: (id) => [
    {
      sessionUpdate: "tool_call_update",
      toolCallId: id,
      status: "failed",
      content: [{ type: "content", content: text("The user doesn't want to proceed with this tool use.") }],
    },
    { sessionUpdate: "agent_message_chunk", content: text("Understood, I won't run it.") },
  ],
  denyStop: "end_turn",
};

const gemini: AgentShape = {
  label: "Gemini",
  info: { name: "gemini-cli", title: "Gemini CLI", version: "0.9.0" },
  options: [
    { optionId: "proceed_always", name: "Allow All Edits", kind: "allow_always" },
    { optionId: "proceed_once", name: "Allow", kind: "allow_once" },
    { optionId: "cancel", name: "Reject", kind: "reject_once" },
  ],
  allow: "proceed_once",
  deny: "cancel",
  // Gemini sends only the permission request: no tool call before or after.
  before: () => [],
  afterDeny: () => [],
  denyStop: "end_turn",
};

const goose: AgentShape = {
  label: "goose",
  info: { name: "goose", version: "1.50.0" },
  options: [
    { optionId: "allow_always", name: "allow_always", kind: "allow_always" },
    { optionId: "allow_once", name: "allow_once", kind: "allow_once" },
    { optionId: "reject_once", name: "reject_once", kind: "reject_once" },
  ],
  allow: "allow_once",
  deny: "reject_once",
  before: (id) => [{ sessionUpdate: "tool_call", toolCallId: id, title: "developer: shell · ls -la", status: "pending" }],
  afterDeny: (id) => [
    { sessionUpdate: "tool_call_update", toolCallId: id, status: "failed" },
    { sessionUpdate: "agent_message_chunk", content: text("OK, not running it."), messageId: "m2" },
  ],
  denyStop: "end_turn",
};

const AGENTS = [codex, claude, gemini, goose];

function run(state: ClientState, ...events: ClientEvent[]): ClientState {
  return events.reduce(reduceClient, state);
}

function started(agent: AgentShape, ...events: ClientEvent[]): ClientState {
  return run(
    initialClientState,
    { type: "agent_ready", info: agent.info, capabilities: { loadSession: true }, authMethods: [] },
    { type: "session_opened", sessionId: S, cwd: CWD, loading: false },
    { type: "prompt_sent", sessionId: S, content: [text("list the files")] },
    ...events,
  );
}

function ask(agent: AgentShape, id: string, key = "perm-1"): ClientEvent {
  const toolCall: ToolCallUpdate = { toolCallId: id, title: "ls -la", kind: "execute", status: "pending", rawInput: { command: "ls -la" } };
  return { type: "permission_requested", sessionId: S, key, toolCall, options: agent.options };
}

const answer = (optionId: string | null, key = "perm-1"): ClientEvent => ({ type: "permission_resolved", sessionId: S, key, optionId });

function session(state: ClientState): SessionState {
  const s = state.sessions[S];
  if (!s) throw new Error("no session");
  return s;
}
const noticeTexts = (state: ClientState) => entryArray(session(state).entries).flatMap((e) => (e.kind === "notice" ? [e.text] : []));
const userTexts = (state: ClientState) =>
  entryArray(session(state).entries).flatMap((e) =>
    e.kind === "user" ? [e.content.map((b) => (b.type === "text" ? b.text : `<${b.type}>`)).join("|")] : [],
  );

describe.each(AGENTS)("a Deny with $label", (agent) => {
  const denied = () =>
    started(
      agent,
      ...agent.before("t1").map(upd),
      ask(agent, "t1"),
      answer(agent.deny),
      ...agent.afterDeny("t1").map(upd),
      finished(agent.denyStop),
    );

  it("reads Denied, with no Stopped. and no other notice", () => {
    const s = denied();
    expect(toolCallOf(session(s).toolCalls, "t1")?.status).toBe("denied");
    expect(session(s).turn).toBe("idle");
    expect(noticeTexts(s)).toEqual([]);
    expect(session(s).deniedToolCalls).toEqual(["t1"]);
  });

  it("leaves no card pending or running once the turn ends", () => {
    const s = denied();
    const open = toolCallList(session(s).toolCalls).filter((c) => c.status === "pending" || c.status === "in_progress");
    expect(open).toEqual([]);
  });

  it("an Allow followed by the agent ending the turn without reporting the call reads Not finished", () => {
    const s = started(agent, ...agent.before("t1").map(upd), ask(agent, "t1"), answer(agent.allow), finished("end_turn"));
    expect(toolCallOf(session(s).toolCalls, "t1")?.status).toBe("unfinished");
    expect(session(s).deniedToolCalls).toEqual([]);
  });

  it("Stop still reads Stopped. and cancels the open call", () => {
    const s = run(
      started(agent, ...agent.before("t1").map(upd), ask(agent, "t1")),
      { type: "cancel_requested", sessionId: S },
      answer(null),
      finished("cancelled"),
    );
    expect(noticeTexts(s)).toEqual(["Stopped."]);
    expect(toolCallOf(session(s).toolCalls, "t1")?.status).toBe("cancelled");
  });
});

describe("denials", () => {
  it("dismissing a request (no option) is not a denial", () => {
    const s = started(goose, ...goose.before("t1").map(upd), ask(goose, "t1"), answer(null));
    expect(session(s).deniedToolCalls).toEqual([]);
    expect(toolCallOf(session(s).toolCalls, "t1")?.status).toBe("pending");
  });

  it("Always deny is a denial too", () => {
    const options: PermissionOption[] = [...goose.options, { optionId: "reject_always", name: "reject_always", kind: "reject_always" }];
    const s = started(
      goose,
      { ...(ask(goose, "t1") as Extract<ClientEvent, { type: "permission_requested" }>), options },
      answer("reject_always"),
    );
    expect(toolCallOf(session(s).toolCalls, "t1")?.status).toBe("denied");
  });

  it("the agent asking again about a denied call reopens it, and the new answer decides", () => {
    const s = started(goose, ask(goose, "t1"), answer(goose.deny), ask(goose, "t1", "perm-2"));
    expect(toolCallOf(session(s).toolCalls, "t1")?.status).toBe("pending");
    const allowed = run(
      s,
      answer(goose.allow, "perm-2"),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", status: "completed" }),
    );
    expect(toolCallOf(session(allowed).toolCalls, "t1")?.status).toBe("completed");
    expect(session(allowed).deniedToolCalls).toEqual([]);
  });

  it("a replay that reports a remembered denial as completed still reads Denied", () => {
    const s = run(
      initialClientState,
      { type: "agent_ready", info: codex.info, capabilities: { loadSession: true }, authMethods: [] },
      { type: "session_opened", sessionId: S, cwd: CWD, loading: true, deniedToolCalls: ["call_9"] },
      upd({ sessionUpdate: "user_message_chunk", content: text("list the files") }),
      upd({ sessionUpdate: "tool_call", toolCallId: "call_9", title: "Run ls -la", kind: "execute", status: "completed" }),
      upd({ sessionUpdate: "tool_call", toolCallId: "call_10", title: "Run pwd", kind: "execute", status: "completed" }),
      { type: "session_loaded", sessionId: S },
    );
    expect(toolCallOf(session(s).toolCalls, "call_9")?.status).toBe("denied");
    expect(toolCallOf(session(s).toolCalls, "call_10")?.status).toBe("completed");
  });
});

describe("a turn that ends with no output", () => {
  it.each([
    ["goose", goose.info, "goose ended the turn without an answer."],
    ["Codex", codex.info, "Codex ended the turn without an answer."],
    ["an agent with no title", { name: "opencode", version: "1" }, "opencode ended the turn without an answer."],
  ] as const)("end_turn with nothing from %s says so in its name", (_label, info, words) => {
    const s = run(
      initialClientState,
      { type: "agent_ready", info, capabilities: {}, authMethods: [] },
      { type: "session_opened", sessionId: S, cwd: CWD, loading: false },
      { type: "prompt_sent", sessionId: S, content: [text("hi")] },
      finished("end_turn"),
    );
    expect(noticeTexts(s)).toEqual([words]);
  });

  it("an agent that did not name itself is 'The agent'", () => {
    const s = run(
      initialClientState,
      { type: "agent_ready", info: null, capabilities: {}, authMethods: [] },
      { type: "session_opened", sessionId: S, cwd: CWD, loading: false },
      { type: "prompt_sent", sessionId: S, content: [text("hi")] },
      finished("end_turn"),
    );
    expect(noticeTexts(s)).toEqual(["The agent ended the turn without an answer."]);
  });

  it("only a thought, or an empty chunk, is no answer either", () => {
    const s = started(
      goose,
      upd({ sessionUpdate: "agent_thought_chunk", content: text("hmm") }),
      upd({ sessionUpdate: "agent_message_chunk", content: text("  ") }),
      finished("end_turn"),
    );
    expect(noticeTexts(s)).toEqual(["goose ended the turn without an answer."]);
  });

  it.each([
    ["text", [upd({ sessionUpdate: "agent_message_chunk", content: text("Here.") })]],
    ["a tool call", [upd({ sessionUpdate: "tool_call", toolCallId: "t", title: "Read", status: "completed" })]],
    ["an image", [upd({ sessionUpdate: "agent_message_chunk", content: { type: "image", data: "AA==", mimeType: "image/png" } })]],
  ] as const)("a turn with %s gets no such notice", (_label, events) => {
    expect(noticeTexts(started(goose, ...events, finished("end_turn")))).toEqual([]);
  });

  it("only the last turn counts: an earlier answer does not hide an empty reply", () => {
    const first = started(goose, upd({ sessionUpdate: "agent_message_chunk", content: text("One.") }), finished("end_turn"));
    const s = run(first, { type: "prompt_sent", sessionId: S, content: [text("and?")] }, finished("end_turn"));
    expect(noticeTexts(s)).toEqual(["goose ended the turn without an answer."]);
  });
});

describe("replays", () => {
  const loading = (info: Implementation, ...updates: SessionUpdate[]) =>
    run(
      initialClientState,
      { type: "agent_ready", info, capabilities: { loadSession: true }, authMethods: [] },
      { type: "session_opened", sessionId: S, cwd: CWD, loading: true },
      ...updates.map(upd),
      { type: "session_loaded", sessionId: S },
    );

  it("Codex (no message ids): two prompts in a row are two bubbles", () => {
    const s = loading(
      codex.info,
      { sessionUpdate: "user_message_chunk", content: text("Tell me a slow story") },
      { sessionUpdate: "user_message_chunk", content: text("hello again after stop") },
      { sessionUpdate: "agent_message_chunk", content: text("Hello!") },
    );
    expect(userTexts(s)).toEqual(["Tell me a slow story", "hello again after stop"]);
  });

  it("a prompt's text and its attached page stay one bubble", () => {
    const s = loading(
      codex.info,
      { sessionUpdate: "user_message_chunk", content: text("Summarize") },
      { sessionUpdate: "user_message_chunk", content: { type: "resource", resource: { uri: "https://example.com/a", text: "page" } } },
      { sessionUpdate: "agent_message_chunk", content: text("A summary.") },
      { sessionUpdate: "user_message_chunk", content: text("Thanks") },
    );
    expect(userTexts(s)).toEqual(["Summarize|<resource>", "Thanks"]);
  });

  it("goose's chunks with one messageId stay one bubble (ids decide)", () => {
    const s = loading(
      goose.info,
      { sessionUpdate: "user_message_chunk", content: text("part one "), messageId: "u1" },
      { sessionUpdate: "user_message_chunk", content: text("part two"), messageId: "u1" },
      { sessionUpdate: "user_message_chunk", content: text("next"), messageId: "u2" },
    );
    expect(userTexts(s)).toEqual(["part one part two", "next"]);
  });

  it.each([
    "[Request interrupted by user]",
    "[Request interrupted by user for tool use]",
  ])("Claude's %s is a notice, not something the user said", (marker) => {
    const s = loading(
      claude.info,
      { sessionUpdate: "user_message_chunk", content: text("Tell me a slow story") },
      { sessionUpdate: "agent_message_chunk", content: text("Once upon") },
      { sessionUpdate: "user_message_chunk", content: text(marker) },
      { sessionUpdate: "user_message_chunk", content: text("hello again") },
    );
    expect(userTexts(s)).toEqual(["Tell me a slow story", "hello again"]);
    expect(entryArray(session(s).entries).map((e) => e.kind)).toEqual(["user", "agent", "notice", "user"]);
    expect(noticeTexts(s)).toEqual(["Stopped."]);
  });
});
