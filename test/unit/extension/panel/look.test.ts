/**
 * What the panel shows, decided by pure functions: tool cards (relative paths, the command, the raw
 * input without bookkeeping, which parts fold away), history rows (when, where), the context meter,
 * and the settings remembered for the pickers before the first prompt.
 */
// First: installs the fake browser the storage module reads when it loads.
import "../../../helpers/dom/fake-browser";

import { describe, expect, it } from "vitest";
import type { SessionConfigOption } from "../../../../extension/acp/schema";
import { usageView } from "../../../../extension/panel/agent-work/usage";
import { homeRelative, relativeTime } from "../../../../extension/panel/history/history-groups";
import { toolKind } from "../../../../extension/panel/tool/tool-kind";
import { commandOf, relativePath, relativeText, toolView, visibleInput } from "../../../../extension/panel/tool/tool-view";
import type { ToolCallState } from "../../../../extension/state/sessions/client-state";
import { previewSettings, type SessionDefaults, withWanted } from "../../../../extension/storage/session-defaults";

const CWD = "/home/ann/project";

function tool(over: Partial<ToolCallState>): ToolCallState {
  return { toolCallId: "t1", title: "", kind: null, status: "pending", content: [], locations: [], ...over };
}

describe("tool card paths", () => {
  it("shows paths inside the session's folder relative to it, and others whole", () => {
    expect(relativePath(`${CWD}/src/a.ts`, CWD)).toBe("src/a.ts");
    expect(relativePath(`${CWD}/src/a.ts`, `${CWD}/`)).toBe("src/a.ts");
    expect(relativePath(CWD, CWD)).toBe(".");
    expect(relativePath("/home/ann/projectile/a.ts", CWD)).toBe("/home/ann/projectile/a.ts");
    expect(relativePath("/etc/hosts", CWD)).toBe("/etc/hosts");
    expect(relativePath("C:\\work\\a.ts", "C:\\work")).toBe("a.ts");
    expect(relativePath("/x", null)).toBe("/x");
    expect(relativeText(`Edit ${CWD}/src/a.ts and ${CWD}/b.ts`, CWD)).toBe("Edit src/a.ts and b.ts");
  });

  it("names a file once: a diff's file is neither repeated as a location nor in the diff's caption when the title has it", () => {
    const diff = { type: "diff" as const, path: `${CWD}/src/a.ts`, oldText: "a", newText: "b" };
    const v = toolView(
      tool({
        title: `Edit ${CWD}/src/a.ts`,
        kind: "edit",
        content: [diff],
        locations: [{ path: `${CWD}/src/a.ts`, line: 1 }, { path: `${CWD}/README.md` }, { path: `${CWD}/README.md` }],
        rawInput: { path: `${CWD}/src/a.ts` },
      }),
      CWD,
      true,
      "edit",
    );
    expect(v.title).toBe("Edit src/a.ts");
    expect(v.locations).toEqual(["README.md"]);
    expect(v.diffCaptionPath).toBe(false);
    // The diff says what will change: the raw input stays folded, even while awaiting approval.
    expect(v.inputOpen).toBe(false);
  });
});

describe("tool card input", () => {
  it("leaves the agent's bookkeeping out of the input", () => {
    expect(visibleInput({ call_id: "c1", callId: "c2", tool_use_id: "u", timestamp: 1, _meta: {}, command: "ls", cwd: "/x" })).toEqual({
      command: "ls",
      cwd: "/x",
    });
    expect(visibleInput("plain")).toBe("plain");
    expect(visibleInput(["a"])).toEqual(["a"]);
  });

  it("reads the command of a shell call, unwrapping `bash -lc`", () => {
    expect(commandOf({ command: "ls -la" })).toBe("ls -la");
    expect(commandOf({ command: ["bash", "-lc", "npm test"] })).toBe("npm test");
    expect(commandOf({ command: ["git", "commit", "-m", "a b"] })).toBe('git commit -m "a b"');
    expect(commandOf({ path: "/x" })).toBeNull();
    expect(commandOf("ls")).toBeNull();
  });

  it("opens the input while awaiting approval only when nothing else says what the call does", () => {
    const shell = tool({ title: "Run", rawInput: { command: "rm -rf build", call_id: "x" } });
    const run = toolView(shell, CWD, true, "execute");
    expect(run.command).toBe("rm -rf build");
    expect(run.inputOpen).toBe(false);
    // The title already says the command: not repeated.
    expect(toolView({ ...shell, title: "developer: shell · rm -rf build" }, CWD, true, "execute").command).toBeNull();
    // goose's text editor calls its sub-command `command`: not a command line.
    const editor = toolView(tool({ title: "editor", rawInput: { command: "str_replace", path: "/x" } }), CWD, true, "edit");
    expect(editor.command).toBeNull();
    expect(editor.inputOpen).toBe(true);
    expect(toolView(tool({ title: "x", rawInput: { call_id: "only" } }), CWD, true, "other").input).toBeUndefined();
  });

  it("draws every kind with an SVG icon name, never an emoji", () => {
    for (const kind of ["read", "edit", "delete", "move", "search", "execute", "think", "fetch", "switch_mode", "other"] as const) {
      expect(toolKind(kind).icon).toMatch(/^[a-z]+$/);
    }
  });
});

describe("history rows", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it("says when, relative to now", () => {
    expect(relativeTime("2026-03-10T11:59:40Z", now)).toBe("just now");
    expect(relativeTime("2026-03-10T11:15:00Z", now)).toBe("45 min ago");
    expect(relativeTime("2026-03-10T07:00:00Z", now)).toBe("5 h ago");
    expect(relativeTime("2026-03-09T10:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("2026-03-06T10:00:00Z", now)).toBe("4 days ago");
    expect(relativeTime("2026-02-01T10:00:00Z", now)).toBe("Feb 1");
    expect(relativeTime(null, now)).toBeNull();
    expect(relativeTime("not a date", now)).toBeNull();
  });

  it("says where, relative to home", () => {
    expect(homeRelative("/home/ann/src/app")).toBe("~/src/app");
    expect(homeRelative("/Users/bob")).toBe("~");
    expect(homeRelative("/root/x")).toBe("~/x");
    expect(homeRelative("C:\\Users\\eve\\code")).toBe("~\\code");
    expect(homeRelative("/homework/x")).toBe("/homework/x");
    expect(homeRelative("/tmp/x")).toBe("/tmp/x");
  });
});

describe("context meter", () => {
  it("stays hidden until some context is used", () => {
    expect(usageView({ used: 0, size: 200_000 })).toBeNull();
    expect(usageView({ used: 1, size: 200_000 })).not.toBeNull();
  });
});

describe("settings before the first prompt", () => {
  const model: SessionConfigOption = {
    id: "model",
    name: "Model",
    type: "select",
    category: "model",
    currentValue: "a",
    options: [
      { value: "a", name: "A" },
      { value: "b", name: "B" },
    ],
  };
  const defaults: SessionDefaults = {
    configOptions: [model],
    modes: { currentModeId: "approve", availableModes: [{ id: "approve", name: "Approve" }] },
    wanted: [],
  };

  it("shows the remembered settings with the user's picks applied", () => {
    expect(previewSettings(defaults).configOptions?.[0]?.currentValue).toBe("a");
    const picked = { ...defaults, wanted: withWanted(defaults.wanted, { configId: "model", value: "b" }) };
    expect(previewSettings(picked).configOptions?.[0]?.currentValue).toBe("b");
    // A pick of the wrong type for its option is not shown as chosen.
    expect(previewSettings({ ...defaults, wanted: [{ configId: "model", value: true }] }).configOptions?.[0]?.currentValue).toBe("a");
  });

  it("keeps one pick per setting, the latest", () => {
    let w = withWanted([], { configId: "model", value: "b" });
    w = withWanted(w, { modeId: "auto" });
    w = withWanted(w, { configId: "model", value: "a" });
    w = withWanted(w, { modeId: "approve" });
    expect(w).toEqual([{ configId: "model", value: "a" }, { modeId: "approve" }]);
  });
});
