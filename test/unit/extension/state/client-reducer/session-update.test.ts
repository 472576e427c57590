/** session/update variants applied to a session (extension/state/client-reducer/session-update.ts). */
import { describe, expect, it } from "vitest";
import type { ContentBlock, SessionConfigOption, SessionUpdate } from "../../../../../extension/acp/schema";
import { initialClientState } from "../../../../../extension/state/client-reducer/initial-state";
import type { ClientEvent, UiError } from "../../../../../extension/state/sessions/client-state";
import {
  agentChunk,
  CWD,
  configOptions,
  entries,
  modes,
  permission,
  promptSent,
  ready,
  run,
  S,
  S2,
  session,
  shellToolCall,
  text,
  thoughtChunk,
  toolResult,
  upd,
  userChunk,
  withSession,
} from "../../../../helpers/client-reducer-fixtures";

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

  it("session_info_update carrying only goose's activeRunId _meta leaves the session as it was (the run id is kept for steering)", () => {
    const s = withSession(promptSent("hi"));
    const started = run(s, upd({ sessionUpdate: "session_info_update", _meta: { goose: { activeRunId: "run_1" } } }));
    expect(started.sessions).toBe(s.sessions);
    expect(started.steer.runIds).toEqual({ [S]: "run_1" });
    const ended = run(started, upd({ sessionUpdate: "session_info_update", _meta: { goose: { activeRunId: null } } }));
    expect(ended.sessions).toBe(s.sessions);
    expect(ended.steer.runIds).toEqual({});
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

  it("unknown variants return the identical state", () => {
    const s = withSession(upd(agentChunk("hi", "m1")));
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
