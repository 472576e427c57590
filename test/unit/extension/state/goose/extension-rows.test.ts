/** The Extensions view's rows from goose's list, what was turned off here and session/new's report (shapes from goose 1.52). */
import { describe, expect, it } from "vitest";
import { extensionRows } from "../../../../../extension/state/goose/extension-rows";
import {
  type GooseFeaturesState,
  initialGooseFeatures,
  type ListedExtension,
  reduceGooseFeatures,
} from "../../../../../extension/state/goose/goose-features";

const platform = (name: string, display: string): ListedExtension => ({
  extensionKey: name.toLowerCase().replace(/[^a-z0-9]/g, ""),
  extension: { type: "platform", name, display_name: display, description: `${display} tools`, bundled: true },
});
const ANALYZE = platform("analyze", "Analyze");
const DEVELOPER = platform("developer", "Developer");
const OURS: ListedExtension = {
  extensionKey: "browser",
  extension: { type: "mcp", server: { name: "browser", url: "http://127.0.0.1:1/mcp" } },
};
const USERS_STDIO: ListedExtension = { extensionKey: "github", extension: { type: "mcp", server: { name: "github", command: "gh-mcp" } } };

function state(...events: Parameters<typeof reduceGooseFeatures>[1][]): GooseFeaturesState {
  return events.reduce(reduceGooseFeatures, initialGooseFeatures);
}

describe("extensionRows", () => {
  it("shows ours first, goose's list as on, and a failed one that goose leaves out of its list, with goose's reason", () => {
    const s = state(
      {
        type: "extensions_loaded",
        sessionId: "s",
        results: [
          { name: "developer", success: true },
          { name: "broken", success: false, error: "process quit before initialization" },
          { name: "scheduler", success: true },
          { name: "browser", success: true },
        ],
      },
      { type: "extensions_listed", sessionId: "s", listed: [DEVELOPER, ANALYZE, OURS] },
    );
    const rows = extensionRows(s.extensions.s!);
    expect(rows.map((r) => [r.key, r.on, r.loaded])).toEqual([
      ["browser", true, "yes"],
      ["broken", false, "failed"],
      ["analyze", true, "unknown"],
      ["developer", true, "yes"],
    ]);
    expect(rows[0]).toMatchObject({ ours: true, canToggle: true, description: "goose-browser's browser tools" });
    expect(rows[1]).toMatchObject({ error: "process quit before initialization", canToggle: false });
    expect(rows[1]!.why).toContain("a new session loads it");
    // goose's own `scheduler` is started but never listed: not shown.
    expect(rows.some((r) => r.key === "scheduler")).toBe(false);
  });

  it("keeps an extension turned off here, off, until goose lists it again; an MCP one cannot be turned back on", () => {
    let s = state({ type: "extensions_listed", sessionId: "s", listed: [DEVELOPER, ANALYZE, USERS_STDIO] });
    s = reduceGooseFeatures(s, { type: "extension_toggling", sessionId: "s", key: "analyze" });
    expect(s.extensions.s!.busy).toBe("analyze");
    s = reduceGooseFeatures(s, { type: "extension_toggled", sessionId: "s", entry: ANALYZE, on: false });
    s = reduceGooseFeatures(s, { type: "extension_toggled", sessionId: "s", entry: USERS_STDIO, on: false });
    // goose's next list leaves both out: still shown, off.
    s = reduceGooseFeatures(s, { type: "extensions_listed", sessionId: "s", listed: [DEVELOPER] });
    const rows = extensionRows(s.extensions.s!);
    expect(rows.map((r) => [r.key, r.on, r.canToggle])).toEqual([
      ["analyze", false, true],
      ["developer", true, true],
      ["github", false, false],
    ]);
    expect(s.extensions.s!.busy).toBeNull();
    // Listed again (turned on elsewhere): on, and no longer among the ones off.
    s = reduceGooseFeatures(s, { type: "extensions_listed", sessionId: "s", listed: [DEVELOPER, ANALYZE] });
    expect(s.extensions.s!.off.map((e) => e.extensionKey)).toEqual(["github"]);
  });

  it("a failure is kept for the view; ours that failed to start can still be switched (the browser-tools switch)", () => {
    let s = state({ type: "extensions_loaded", sessionId: "s", results: [{ name: "browser", success: false, error: "401" }] });
    s = reduceGooseFeatures(s, { type: "extensions_failed", sessionId: "s", error: "Turning analyze on failed: nope" });
    expect(s.extensions.s!.error).toBe("Turning analyze on failed: nope");
    expect(extensionRows(s.extensions.s!)).toEqual([
      expect.objectContaining({ key: "browser", ours: true, canToggle: true, loaded: "failed", error: "401" }),
    ]);
    expect(s.extensions.other).toBeUndefined();
  });
});
