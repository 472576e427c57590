/** A reloaded fork shows what it showed live (extension/state/sessions/fork-replay.ts, forkReplay in fork-point.ts). */
import { describe, expect, it } from "vitest";
import type { ClientEvent, ClientState } from "../../../../extension/state/sessions/client-state";
import { forkReplay, forkTitle, rewindNote } from "../../../../extension/state/sessions/fork-point";
import { agentChunk, entries, opened, run, S, text, upd, userChunk, withSession } from "../../../helpers/client-reducer-fixtures";

const F = "fork_1";
const NOTE = rewindNote(2)!;

/** The agent's copy of an edit of message 1 of "first", "second": both, then the edit with the note glued on. */
function replayOfFork(): ClientEvent[] {
  return [
    opened(F, true),
    ...["first", "second"].flatMap((t) => [upd(userChunk(text(t), `u-${t}`), F), upd(agentChunk(`You said: ${t}`, `a-${t}`), F)]),
    upd(userChunk(text("first edited"), "u-edit"), F),
    upd(userChunk(text(NOTE), "u-edit"), F),
    upd(agentChunk("You said: first edited", "a-edit"), F),
  ];
}

const shown = (state: ClientState) =>
  entries(state, F).map((e) =>
    e.kind === "user"
      ? `user ${e.content.map((b) => (b.type === "text" ? b.text : b.type)).join("|")}`
      : e.kind === "agent"
        ? e.text
        : e.kind,
  );

function withFork(replay = forkReplay(undefined, 2, 2, NOTE, false)): ClientState {
  return run(withSession(), {
    type: "forks_known",
    forks: { [F]: { parentId: S, parentTitle: "first", at: 1, how: "edit", note: null, replay } },
  });
}

describe("a fork's replay", () => {
  it("hides the withdrawn turns and the note once the load's replay is complete", () => {
    const loaded = run(withFork(), ...replayOfFork(), { type: "session_loaded", sessionId: F, replayed: true });
    expect(shown(loaded)).toEqual(["user first edited", "You said: first edited"]);
  });

  it("keeps the replay as it is without the relation, and for a fork opened live (no replay)", () => {
    const plain = run(withSession(), ...replayOfFork(), { type: "session_loaded", sessionId: F, replayed: true });
    expect(shown(plain)).toHaveLength(6);
    const live = run(withFork(), ...replayOfFork(), { type: "session_loaded", sessionId: F });
    expect(shown(live)).toHaveLength(6);
  });

  it("a fork of a fork hides its parent's withdrawn turns too, numbered as the agent's copy counts them", () => {
    const parent = forkReplay(undefined, 2, 2, NOTE, false);
    expect(parent).toEqual({ hidden: [1, 2], notes: [NOTE] });
    // The parent shows 2 messages (the edit and one more); forking from its first withdraws the second (replay's 4th).
    const child = forkReplay(parent, 2, 1, "note 2", false);
    expect(child).toEqual({ hidden: [1, 2, 4], notes: [NOTE, "note 2"] });
    // Rewound to its point, the copy holds nothing past it: only the parent's earlier hidden ones stay.
    expect(forkReplay(parent, 2, 1, null, true)).toEqual({ hidden: [1, 2], notes: [NOTE] });
    expect(forkReplay(undefined, 3, 2, null, true)).toEqual({ hidden: [], notes: [] });
  });

  it("the panel names a fork itself, over the title the agent gives it from its first prompt", () => {
    const state = run(withFork(), ...replayOfFork(), upd({ sessionUpdate: "session_info_update", title: `first edited${NOTE}` }, F));
    expect(state.sessions[F]!.title).toBe("Fork of “first”");
    const listed = run(withFork(), { type: "history_loaded", items: [{ sessionId: F, cwd: "/w", title: "first edited(Note from" }] });
    expect(listed.history.items[0]!.title).toBe(forkTitle({ parentTitle: "first" }));
    expect(forkTitle({ parentTitle: null })).toBe("Fork of an earlier session");
  });
});
