/** The options page's folder on a goose that moves sessions (options/folder-move.ts): when it moves, and what came of it. */
import { describe, expect, it } from "vitest";
import { moveOutcome, movesSessions } from "../../../../extension/options/folder-move";
import { newSessionState } from "../../../../extension/state/client-reducer/initial-state";
import type { SessionState } from "../../../../extension/state/sessions/client-state";

const session = (cwd: string, error: SessionState["error"] = null): SessionState => ({ ...newSessionState("s", cwd), error });

describe("moving the open sessions from the options page", () => {
  it("moves only a new folder on the same agent, served, with sessions open; anything else restarts", () => {
    const open = [session("/a")];
    expect(movesSessions({ sameProfile: true, cwd: "/b", served: true, open })).toBe(true);
    expect(movesSessions({ sameProfile: false, cwd: "/b", served: true, open })).toBe(false);
    expect(movesSessions({ sameProfile: true, cwd: "", served: true, open })).toBe(false);
    expect(movesSessions({ sameProfile: true, cwd: "/b", served: false, open })).toBe(false);
    expect(movesSessions({ sameProfile: true, cwd: "/b", served: true, open: [] })).toBe(false);
  });

  it("reads goose's refusal of that folder, or every session there, else not yet", () => {
    expect(moveOutcome("/b", [session("/a")])).toBeNull();
    expect(moveOutcome("/b", [session("/b"), session("/a")])).toBeNull();
    expect(moveOutcome("/b", [session("/b"), session("/b")])).toBe("moved");
    const refused = session("/a", { title: "Moving the session to /b failed", message: "Invalid params: invalid directory path" });
    expect(moveOutcome("/b", [refused])).toEqual({ refused: "Invalid params: invalid directory path" });
    // Another folder's refusal is not this one's.
    const other = session("/a", { title: "Moving the session to /bc failed", message: "x" });
    expect(moveOutcome("/b", [other])).toBeNull();
  });
});
