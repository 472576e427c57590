import { describe, expect, it } from "vitest";
import { MAX_DOC_CHARS, sessionDocs } from "../../../../extension/search/session-docs";
import type { ClientState } from "../../../../extension/state/sessions/client-state";
import {
  agentChunk,
  opened,
  promptSent,
  run,
  S,
  shellToolCall,
  thoughtChunk,
  upd,
  withSession,
} from "../../../helpers/client-reducer-fixtures";

const session = (state: ClientState) => state.sessions[S]!;
const finished = { type: "prompt_finished", sessionId: S, stopReason: "end_turn" } as const;

describe("the text a session gives the index", () => {
  it("is one document per user message, agent message and tool title, in transcript order", () => {
    const state = withSession(
      promptSent("Why does the build fail?"),
      upd(thoughtChunk("private musing")),
      upd(agentChunk("Let me look at ", "m1")),
      upd(agentChunk("the log.", "m1")),
      upd(shellToolCall("t1", "npm run build")),
      upd(agentChunk("The cache key was wrong.", "m2")),
      finished,
    );
    const docs = sessionDocs(session(state));
    expect(docs.map((d) => [d.n, d.role, d.text])).toEqual([
      [0, "user", "Why does the build fail?"],
      [1, "agent", "Let me look at the log."],
      [2, "tool", "developer: shell · npm run build"],
      [3, "agent", "The cache key was wrong."],
    ]);
    // `at` is the entry's place in the transcript (the thought takes one), so opening a hit finds it.
    expect(docs.map((d) => d.at)).toEqual([0, 2, 3, 4]);
    expect(docs.every((d) => d.sessionId === S)).toBe(true);
  });

  it("leaves out thoughts, notices and empty messages, and starts at `from` for what is new", () => {
    const state = withSession(promptSent("   "), upd(thoughtChunk("hmm")), upd(agentChunk("first")), finished, promptSent("second"));
    expect(sessionDocs(session(state)).map((d) => d.text)).toEqual(["first", "second"]);
    expect(sessionDocs(session(state), 1).map((d) => [d.n, d.text])).toEqual([[1, "second"]]);
    expect(sessionDocs(session(state), 2)).toEqual([]);
  });

  it("caps a very long message", () => {
    const state = withSession(promptSent("x".repeat(MAX_DOC_CHARS * 2)));
    expect(sessionDocs(session(state))[0]!.text).toHaveLength(MAX_DOC_CHARS);
  });

  it("gives a session being loaded its replayed messages like live ones", () => {
    const state = run(
      withSession(),
      opened(S, true),
      upd({ sessionUpdate: "user_message_chunk", content: { type: "text", text: "replayed ask" } }),
    );
    expect(sessionDocs(session(state)).map((d) => [d.role, d.text])).toEqual([["user", "replayed ask"]]);
  });
});
