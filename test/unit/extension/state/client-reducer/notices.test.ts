/** Session notices and context compactions in the transcript (extension/state/client-reducer/notices.ts). */
import { describe, expect, it } from "vitest";
import type { SessionUpdate } from "../../../../../extension/acp/schema";
import { agentChunk, entries, promptSent, run, session, text, upd, withSession } from "../../../../helpers/client-reducer-fixtures";

const compaction = (
  status: string,
  extra: Partial<Extract<SessionUpdate, { sessionUpdate: "compaction_update" }>> = {},
): SessionUpdate => ({
  sessionUpdate: "compaction_update",
  compactionId: "c1",
  status,
  ...extra,
});
const chunk = (t: string, compactionId = "c1"): SessionUpdate => ({
  sessionUpdate: "compaction_summary_chunk",
  compactionId,
  content: text(t),
});
const usage = (used: number): SessionUpdate => ({ sessionUpdate: "usage_update", used, size: 200_000 });

describe("session notices", () => {
  it("shows a notice as a line of the transcript in its severity, with its description", () => {
    const s = run(
      withSession(promptSent("hi")),
      upd({ sessionUpdate: "notice", severity: "warning", title: "Rate limit reached", description: "Retrying." }),
    );
    expect(entries(s).at(-1)).toMatchObject({ kind: "notice", tone: "warning", text: "Rate limit reached: Retrying." });
    const info = run(s, upd({ sessionUpdate: "notice", severity: "debug", title: "Plain" }));
    expect(entries(info).at(-1)).toMatchObject({ kind: "notice", tone: "info", text: "Plain" });
    expect(run(info, upd({ sessionUpdate: "notice", severity: "info", title: "  " }))).toBe(info);
  });
});

describe("compactions", () => {
  it("one entry per compaction, in place: status and streamed summary, the context before and after", () => {
    let s = withSession(promptSent("hi"), upd(usage(184_000)));
    s = run(
      s,
      upd(compaction("in_progress")),
      upd(chunk("The user asked. ")),
      upd(agentChunk("meanwhile", "m1")),
      upd(chunk("We agreed.")),
    );
    expect(entries(s).find((e) => e.kind === "compaction")).toMatchObject({ compactionId: "c1" });
    expect(session(s).compactions.c1).toMatchObject({
      status: "in_progress",
      summary: "The user asked. We agreed.",
      contextBefore: 184_000,
      contextAfter: null,
    });
    s = run(s, upd(compaction("completed")));
    // Patched where it is, not appended again, though the agent wrote after it.
    expect(entries(s).filter((e) => e.kind === "compaction")).toHaveLength(1);
    expect(entries(s).at(-1)).toMatchObject({ kind: "agent" });
    s = run(s, upd(usage(24_000)), upd(usage(30_000)));
    expect(session(s).compactions.c1).toMatchObject({
      status: "completed",
      contextBefore: 184_000,
      contextAfter: 24_000,
    });
  });

  it("patches as the schema says: an omitted summary stays, null clears, a full summary replaces; a first chunk creates it", () => {
    let s = run(withSession(promptSent("hi")), upd(chunk("Partial ")));
    expect(entries(s).at(-1)).toMatchObject({ kind: "compaction", compactionId: "c1" });
    expect(session(s).compactions.c1).toMatchObject({ status: "in_progress", summary: "Partial ", contextBefore: null });
    const entriesBefore = session(s).entries;
    s = run(s, upd(compaction("in_progress")));
    expect(session(s).compactions.c1).toMatchObject({ summary: "Partial " });
    s = run(s, upd(compaction("failed", { summary: [text("Whole")], error: "context still too large" })));
    expect(session(s).compactions.c1).toMatchObject({ status: "failed", summary: "Whole", error: "context still too large" });
    s = run(s, upd(compaction("failed", { summary: null, error: null })));
    expect(session(s).compactions.c1).toMatchObject({ summary: "", error: null });
    // Patches leave the transcript's list as it was: only the compaction's own state changes.
    expect(session(s).entries).toBe(entriesBefore);
    const same = run(s, upd(compaction("failed")));
    expect(same).toBe(s);
  });

  it("a compaction never completed gets no context after", () => {
    const s = run(withSession(promptSent("hi"), upd(usage(100))), upd(compaction("in_progress")), upd(usage(50)));
    expect(session(s).compactions.c1).toMatchObject({ contextAfter: null });
  });
});
