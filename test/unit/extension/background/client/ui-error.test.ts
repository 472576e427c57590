/** goose without a model provider, in each way it says so: the panel's card names the command to run. */
import { describe, expect, it } from "vitest";
import { toUiError } from "../../../../../extension/background/client/ui-error";

const GOOSE_AUTH_METHODS = [
  { id: "goose-provider", name: "Configure Provider", description: "Run `goose configure` to set up your AI provider and API key" },
];

describe("toUiError: no model provider", () => {
  it("goose 1.50's internal error whose data says it could not resolve a provider or model", () => {
    for (const data of [
      "Failed to resolve provider: Configuration value not found: GOOSE_PROVIDER",
      "Failed to resolve model: Configuration value not found: GOOSE_MODEL",
    ]) {
      const e = toUiError({ code: -32603, message: "Internal error", data }, "Starting a session");
      expect(e).toEqual({
        title: "goose has no model provider set up",
        message: data,
        fix: "Run `goose configure` in a terminal and pick a model provider, then press Restart.",
        code: -32603,
        // The panel shows it as the card even when it comes from a turn (goose 1.53 fails the first prompt).
        setup: true,
      });
    }
  });

  it("an auth error (-32000) with goose's auth method: its words as sentences, then Restart", () => {
    const e = toUiError(
      { code: -32000, message: "Authentication required: no provider configured" },
      "Starting a session",
      GOOSE_AUTH_METHODS,
    );
    expect(e.title).toBe("The agent needs to be set up");
    expect(e.setup).toBe(true);
    expect(e.fix).toBe("Run `goose configure` to set up your AI provider and API key. Then press Restart.");
  });

  it("an auth error without auth methods still names goose's command", () => {
    expect(toUiError({ code: -32000, message: "Authentication required" }, "Starting a session").fix).toContain("`goose configure`");
  });

  it("other internal errors stay what they are", () => {
    expect(toUiError({ code: -32603, message: "Internal error", data: "Failed to create session" }, "Starting a session")).toEqual({
      title: "Starting a session failed",
      message: "Internal error",
      code: -32603,
    });
  });
});
