import { describe, expect, it } from "vitest";
import { sessionSource } from "../../../../../extension/state/goose/session-source";

describe("where a session came from", () => {
  it("names goose's own and scheduled sessions, and nothing for ACP sessions or an agent that does not say", () => {
    expect(sessionSource({ _meta: { sessionType: "user" } })).toBe("Made in goose (Desktop or the CLI)");
    expect(sessionSource({ _meta: { sessionType: "scheduled" } })).toBe("Run by goose's scheduler");
    expect(sessionSource({ _meta: { sessionType: "acp" } })).toBeNull();
    expect(sessionSource({ _meta: { sessionType: 7 } })).toBeNull();
    expect(sessionSource({})).toBeNull();
    expect(sessionSource({ _meta: null })).toBeNull();
  });
});
