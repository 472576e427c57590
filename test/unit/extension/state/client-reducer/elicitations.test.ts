/** The agent's questions in the client state, and a resumed session's parked transcript (elicitations.ts, session-resume.ts). */
import { describe, expect, it } from "vitest";
import type { ElicitationState } from "../../../../../extension/state/conversation/elicitation";
import { elicitationState } from "../../../../../extension/state/conversation/elicitation";
import { agentChunk, entries, promptSent, run, S, session, upd, withSession } from "../../../../helpers/client-reducer-fixtures";

const form: ElicitationState = { key: "ask-1", sessionId: S, message: "Details?", form: { type: "object", properties: {} } };

describe("elicitations", () => {
  it("are held in arrival order until resolved, once each", () => {
    const url: ElicitationState = {
      key: "ask-2",
      sessionId: null,
      message: "Sign in",
      url: { href: "https://a.example/x", site: "a.example" },
    };
    const s = run(withSession(), { type: "elicitation_requested", elicitation: form }, { type: "elicitation_requested", elicitation: url });
    expect(s.elicitations).toEqual([form, url]);
    expect(run(s, { type: "elicitation_requested", elicitation: form })).toBe(s);
    const after = run(s, { type: "elicitation_resolved", key: "ask-1" });
    expect(after.elicitations).toEqual([url]);
    expect(run(after, { type: "elicitation_resolved", key: "ask-1" })).toBe(after);
  });

  it("keep a form or a web link; another mode, or a link that is not a web address, is not shown", () => {
    expect(
      elicitationState("k", { mode: "form", sessionId: S, message: "m", requestedSchema: { type: "object", properties: {} } }),
    ).toMatchObject({
      sessionId: S,
      form: { type: "object" },
    });
    expect(
      elicitationState("k", { mode: "url", requestId: 7, message: "m", url: "https://auth.example.com/a?b=c", elicitationId: "e" }),
    ).toEqual({
      key: "k",
      sessionId: null,
      message: "m",
      url: { href: "https://auth.example.com/a?b=c", site: "auth.example.com" },
    });
    for (const url of ["javascript:alert(1)", "file:///etc/passwd", "chrome://settings", "not a url"])
      expect(elicitationState("k", { mode: "url", sessionId: S, message: "m", url, elicitationId: "e" })).toBeNull();
    expect(elicitationState("k", { mode: "other", sessionId: S, message: "m" } as never)).toBeNull();
  });
});

describe("session_restored", () => {
  it("brings the parked transcript back as the active session, held as loading until the resume answers", () => {
    const s = run(withSession(), promptSent("one"), upd(agentChunk("answer")), {
      type: "prompt_finished",
      sessionId: S,
      stopReason: "end_turn",
    });
    const parked = session(s);
    const gone = run(s, { type: "session_closed", sessionId: S });
    expect(gone.sessions[S]).toBeUndefined();
    const back = run(gone, { type: "session_restored", session: parked });
    expect(back.activeSessionId).toBe(S);
    expect(session(back).entries).toBe(parked.entries);
    expect(session(back).loading).toBe(true);
    expect(entries(back)).toEqual(entries(s));
    const loaded = run(back, { type: "session_loaded", sessionId: S });
    expect(session(loaded).loading).toBe(false);
  });
});
