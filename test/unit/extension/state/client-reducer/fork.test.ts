/** The reducer's fork state: a fork's transcript, its relation to its parent, its note (extension/state/client-reducer/sessions/fork.ts). */
import { describe, expect, it } from "vitest";
import { entryArray } from "../../../../../extension/state/conversation/entry-list";
import type { ClientEvent, ClientState } from "../../../../../extension/state/sessions/client-state";
import { type ForkRelation, forkPoint, rewindNote } from "../../../../../extension/state/sessions/fork-point";
import { agentChunk, entries, promptSent, run, S, S2, session, upd, withSession } from "../../../../helpers/client-reducer-fixtures";

const F = "fork_1";

/** Three finished turns: "one", "two", "three", each answered. */
function threeTurns(): ClientState {
  return withSession(
    ...(["one", "two", "three"] as const).flatMap((t): ClientEvent[] => [
      promptSent(t),
      upd(agentChunk(`answer ${t}`, `m-${t}`)),
      { type: "prompt_finished", sessionId: S, stopReason: "end_turn" },
    ]),
  );
}

function userIds(state: ClientState, id = S): string[] {
  return entryArray(session(state, id).entries)
    .filter((e) => e.kind === "user")
    .map((e) => e.id);
}

function forked(state: ClientState, entryId: string, how: "edit" | "from", sessionId = F): ClientState {
  const point = forkPoint(session(state).entries, entryId, how)!;
  const relation: ForkRelation = { parentId: S, parentTitle: "Three turns", at: point.at, how, note: rewindNote(point.withdrawn) };
  return run(state, { type: "session_forked", sessionId, parentId: S, cwd: "/home/me", keep: point.keep, relation });
}

const texts = (state: ClientState, id: string) =>
  entries(state, id).map((e) =>
    e.kind === "user"
      ? `user ${(e.content[0] as { text: string }).text}`
      : e.kind === "notice"
        ? `notice ${e.text}`
        : e.kind === "agent"
          ? e.text
          : e.kind,
  );

describe("forks in the client state", () => {
  it("edit: the fork keeps the transcript before the message, names its parent, and is the active session", () => {
    const before = threeTurns();
    const second = userIds(before)[1]!;
    const s = forked(before, second, "edit");
    expect(s.activeSessionId).toBe(F);
    expect(texts(s, F)).toEqual(["user one", "answer one", "notice Forked from “Three turns” to edit your message 2."]);
    // The parent is untouched.
    expect(s.sessions[S]).toBe(before.sessions[S]);
    expect(s.forks[F]).toEqual({
      parentId: S,
      parentTitle: "Three turns",
      at: 2,
      how: "edit",
      note: rewindNote(2),
    });
    // Held until the background has set the approval mode, like a new session.
    expect(session(s, F).loading).toBe(true);
    expect(s.opening).toBeNull();
  });

  it("from here: the fork keeps the message's whole turn; from the last message it owes the agent no note", () => {
    const before = threeTurns();
    const [first, , third] = userIds(before);
    const fromFirst = forked(before, first!, "from");
    expect(texts(fromFirst, F)).toEqual(["user one", "answer one", "notice Forked from “Three turns” after your message 1."]);
    expect(fromFirst.forks[F]!.note).toBe(rewindNote(2));
    const fromLast = forked(before, third!, "from", S2);
    expect(texts(fromLast, S2).slice(0, 6)).toEqual(["user one", "answer one", "user two", "answer two", "user three", "answer three"]);
    expect(fromLast.forks[S2]!.note).toBeNull();
  });

  it("the fork's entries keep unique ids as it goes on: its next message gets a fresh id", () => {
    const s = run(
      forked(threeTurns(), userIds(threeTurns())[1]!, "edit"),
      { type: "session_loaded", sessionId: F },
      promptSent("two, edited", F),
    );
    const ids = entries(s, F).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(texts(s, F).at(-1)).toBe("user two, edited");
    expect(session(s, F).turn).toBe("running");
  });

  it("fork_note_sent forgets the note once; again it changes nothing", () => {
    const s = forked(threeTurns(), userIds(threeTurns())[0]!, "edit");
    const sent = run(s, { type: "fork_note_sent", sessionId: F });
    expect(sent.forks[F]!.note).toBeNull();
    expect(sent.forks[F]!.parentId).toBe(S);
    expect(run(sent, { type: "fork_note_sent", sessionId: F })).toBe(sent);
    expect(run(sent, { type: "fork_note_sent", sessionId: "unknown" })).toBe(sent);
  });

  it("forks_known fills in stored relations without overriding what the state knows", () => {
    const s = forked(threeTurns(), userIds(threeTurns())[0]!, "edit");
    const stored: Record<string, ForkRelation> = {
      [F]: { parentId: "stale", parentTitle: null, at: 9, how: "from", note: "old" },
      old_fork: { parentId: "p", parentTitle: "P", at: 1, how: "from", note: null },
    };
    const known = run(s, { type: "forks_known", forks: stored });
    expect(known.forks[F]).toBe(s.forks[F]);
    expect(known.forks.old_fork).toEqual(stored.old_fork);
    expect(run(known, { type: "forks_known", forks: stored })).toBe(known);
  });

  it("a fork of a session not in memory opens empty, with the notice", () => {
    const relation: ForkRelation = { parentId: "gone", parentTitle: null, at: 1, how: "from", note: null };
    const s = run(withSession(), { type: "session_forked", sessionId: F, parentId: "gone", cwd: "/w", keep: 4, relation });
    expect(texts(s, F)).toEqual(["notice Forked from an earlier session after your message 1."]);
  });
});

describe("forkPoint and the note", () => {
  it("maps a user message to the entries kept and the messages the agent still holds", () => {
    const s = threeTurns();
    const [first, second, third] = userIds(s);
    const list = session(s).entries;
    expect(forkPoint(list, first!, "edit")).toEqual({ keep: 0, at: 1, withdrawn: 3 });
    expect(forkPoint(list, second!, "edit")).toEqual({ keep: 2, at: 2, withdrawn: 2 });
    expect(forkPoint(list, second!, "from")).toEqual({ keep: 4, at: 2, withdrawn: 1 });
    expect(forkPoint(list, third!, "from")).toEqual({ keep: 6, at: 3, withdrawn: 0 });
    // Only a user entry is a fork point.
    const answer = entryArray(list).find((e) => e.kind === "agent")!;
    expect(forkPoint(list, answer.id, "from")).toBeNull();
    expect(forkPoint(list, "nope", "edit")).toBeNull();
  });

  it("says how many messages to disregard, and none when there are none", () => {
    expect(rewindNote(0)).toBeNull();
    expect(rewindNote(1)).toContain("Disregard my last message");
    expect(rewindNote(3)).toContain("Disregard my last 3 messages");
  });
});
