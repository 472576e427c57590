/** Prompt turns: sent, finished, failed, stopped, and errors outside a turn (extension/state/client-reducer/prompt-turn.ts). */
import { describe, expect, it } from "vitest";
import { reduceClient } from "../../../../../extension/state/client-reducer";
import { initialClientState } from "../../../../../extension/state/client-reducer/initial-state";
import { lastEntry } from "../../../../../extension/state/conversation/entry-list";
import { toolCallOf } from "../../../../../extension/state/conversation/tool-call-map";
import type { UiError } from "../../../../../extension/state/sessions/client-state";
import {
  agentChunk,
  entries,
  notices,
  permission,
  promptSent,
  run,
  S,
  session,
  shellToolCall,
  text,
  toolResult,
  upd,
  withSession,
} from "../../../../helpers/client-reducer-fixtures";

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

  it("prompt_failed ends the turn with the error on the session and as a notice that offers Retry", () => {
    const error: UiError = { title: "Prompt failed", message: "Error in agent response stream: boom", code: -32603 };
    const s = withSession(promptSent("hi"), { type: "prompt_failed", sessionId: S, error });
    expect(session(s).turn).toBe("idle");
    expect(session(s).error).toEqual(error);
    expect(session(s).lastStop).toBeNull();
    expect(notices(s)).toEqual([{ kind: "notice", id: expect.any(String), tone: "error", text: error.message, retry: true }]);
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

describe("errors outside a turn", () => {
  it("show on the session without touching its turn", () => {
    let s = reduceClient(initialClientState, { type: "session_opened", sessionId: "s", cwd: "/", loading: false });
    const error = { title: "Changing the setting failed", message: "invalid value for model: x", code: -32602 };
    s = reduceClient(s, { type: "session_error", sessionId: "s", error });
    expect(s.sessions.s).toMatchObject({ turn: "idle", error });
    expect(lastEntry(s.sessions.s!.entries)).toMatchObject({
      kind: "notice",
      tone: "error",
      text: "Changing the setting failed: invalid value for model: x",
    });
    // Not a turn: nothing to send again.
    expect(lastEntry(s.sessions.s!.entries)).not.toHaveProperty("retry");
    expect(reduceClient(s, { type: "session_error", sessionId: "nope", error })).toBe(s);
  });
});
