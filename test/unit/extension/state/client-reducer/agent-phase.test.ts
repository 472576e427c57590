/** The agent's phases and what its going away ends (extension/state/client-reducer/agent-phase.ts). */
import { describe, expect, it } from "vitest";
import type { AgentCapabilities } from "../../../../../extension/acp/schema";
import { initialClientState } from "../../../../../extension/state/client-reducer/initial-state";
import { canListSessions, pendingPermissionCount } from "../../../../../extension/state/client-reducer/selectors";
import { lastEntry } from "../../../../../extension/state/conversation/entry-list";
import { toolCallOf } from "../../../../../extension/state/conversation/tool-call-map";
import type { ClientEvent, UiError } from "../../../../../extension/state/sessions/client-state";
import {
  agentChunk,
  capabilities,
  entries,
  notices,
  offlineError,
  opened,
  permission,
  promptSent,
  ready,
  run,
  S,
  S2,
  session,
  shellToolCall,
  text,
  toolResult,
  upd,
  userChunk,
  withSession,
} from "../../../../helpers/client-reducer-fixtures";

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
    // The status card says why; the transcript marks where the turn ended, quietly, without saying it again.
    expect(lastEntry(a.entries)).toEqual({
      kind: "notice",
      id: `e${a.seq}`,
      tone: "info",
      text: "The agent stopped before the turn finished.",
    });
    expect(session(s, S2).loading).toBe(false);
    expect(s.opening).toBeNull();
    expect(pendingPermissionCount(s)).toBe(0);
  });

  it("agent_offline without an error says the agent stopped", () => {
    const s = withSession(promptSent("hi"), { type: "agent_offline", error: null });
    expect(notices(s)).toEqual([
      { kind: "notice", id: expect.any(String), tone: "info", text: "The agent stopped before the turn finished." },
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
