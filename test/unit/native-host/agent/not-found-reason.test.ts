/** The sentence the options page shows for an agent the host cannot find. */
import { describe, expect, it } from "vitest";
import { notFoundReason } from "../../../../native-host/agent/discover";

describe("notFoundReason", () => {
  it("an absolute path: that file, not a count of places", () => {
    expect(notFoundReason("/nowhere/ghost-acp", { searched: ["/nowhere/ghost-acp"] })).toBe(
      "/nowhere/ghost-acp does not exist or is not executable.",
    );
  });

  it("a bare name: where it was looked for, in words that agree with the count", () => {
    expect(notFoundReason("gemini", { searched: ["/usr/bin/gemini"] })).toBe(
      "gemini is not on the agent's PATH or in the usual install folders (1 place looked in).",
    );
    expect(notFoundReason("gemini", { searched: ["/a/gemini", "/b/gemini"] })).toContain("(2 places looked in)");
  });

  it("a refused command says why, once", () => {
    expect(notFoundReason("x", { searched: ["x"], refused: '"x" must be an absolute path or a bare command name' })).toBe(
      '"x" must be an absolute path or a bare command name.',
    );
  });
});
