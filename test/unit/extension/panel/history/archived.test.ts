/** Which sessions History lists (panel/history/archived.ts): goose's archived ones only when asked for. */
import { describe, expect, it } from "vitest";
import { archivedCount, listedSessions } from "../../../../../extension/panel/history/archived";

const items = [
  { sessionId: "a", cwd: "/w", title: "kept" },
  { sessionId: "b", cwd: "/w", title: "archived", _meta: { archivedAt: "2026-12-02T03:30:39.615800842Z", userSetName: true } },
  { sessionId: "c", cwd: "/w", title: "odd mark", _meta: { archivedAt: null } },
];

describe("archived sessions in History", () => {
  it("hides what goose archived unless shown, and counts it", () => {
    expect(listedSessions(items, false).map((i) => i.sessionId)).toEqual(["a", "c"]);
    expect(listedSessions(items, true).map((i) => i.sessionId)).toEqual(["a", "b", "c"]);
    expect(archivedCount(items)).toBe(1);
  });
});
