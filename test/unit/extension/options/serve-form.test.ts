import { describe, expect, it } from "vitest";
import { serveAnswerText, serveFormProblem, serveState } from "../../../../extension/options/serve-form";

const ok = { name: "desktop", url: "ws://127.0.0.1:3284/acp", token: "a".repeat(64) };

describe("the options page's goose serve form", () => {
  it("takes a name, a WebSocket URL and a token, and says what is missing otherwise", () => {
    expect(serveFormProblem(ok, ["goose"])).toBeNull();
    expect(serveFormProblem({ ...ok, url: "wss://devbox:3284/acp" }, [])).toBeNull();
    expect(serveFormProblem({ ...ok, name: "" }, [])).toMatch(/Give the profile a name/);
    expect(serveFormProblem({ ...ok, name: "../x" }, [])).toMatch(/Give the profile a name/);
    expect(serveFormProblem({ ...ok, name: "goose" }, ["goose"])).toBe('"goose" is an agent the host starts: choose another name.');
    expect(serveFormProblem({ ...ok, url: "http://127.0.0.1:3284" }, [])).toMatch(/WebSocket address/);
    expect(serveFormProblem({ ...ok, token: "" }, [])).toMatch(/Paste the server's token/);
    expect(serveFormProblem({ ...ok, token: "with space" }, [])).toMatch(/Paste the server's token/);
  });

  it("says the host's answer and each profile's state", () => {
    const base = { type: "serve_profile_result", name: "desktop" } as const;
    expect(serveAnswerText({ ...base, command: "save_serve_profile", outcome: "added" })).toBe('Added "desktop" to the host\'s config.');
    expect(serveAnswerText({ ...base, command: "remove_serve_profile", outcome: "removed" })).toBe(
      'Removed "desktop" from the host\'s config.',
    );
    expect(serveAnswerText({ ...base, command: "save_serve_profile", error: "no" })).toBe("Not saved: no");
    const d = { name: "desktop", command: "ws://127.0.0.1:3284/acp", args: [], serve: true as const };
    expect(serveState({ ...d, version: "1.52.0" })).toEqual({ ok: true, text: "connects: goose 1.52.0" });
    expect(serveState({ ...d, problem: { state: "failed", fix: "Nothing answers there." } })).toEqual({
      ok: false,
      text: "Nothing answers there.",
    });
  });
});
