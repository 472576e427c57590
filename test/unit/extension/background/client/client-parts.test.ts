import { describe, expect, it, vi } from "vitest";
import type { SessionConfigOption, SessionInfo } from "../../../../../extension/acp/schema";
import { currentMode, modeChangeTo } from "../../../../../extension/background/client/approval-mode";
import { PermissionBroker } from "../../../../../extension/background/client/questions/permission-broker";
import { toUiError } from "../../../../../extension/background/client/ui-error";
import { groupHistory, sessionTitle } from "../../../../../extension/panel/history/history-groups";

const gooseMode = (current: string): SessionConfigOption => ({
  id: "mode",
  name: "Mode",
  category: "mode",
  type: "select",
  currentValue: current,
  options: ["auto", "approve", "smart_approve", "chat"].map((v) => ({ value: v, name: v })),
});

describe("approval mode", () => {
  it("prefers the mode config option over modes, and leaves a session already there alone", () => {
    const modes = {
      currentModeId: "auto",
      availableModes: [
        { id: "auto", name: "auto" },
        { id: "approve", name: "approve" },
      ],
    };
    expect(modeChangeTo("approve", [gooseMode("auto")], modes)).toEqual({ kind: "config", configId: "mode", value: "approve" });
    expect(modeChangeTo("approve", [gooseMode("approve")], modes)).toBeNull();
    expect(modeChangeTo("approve", null, modes)).toEqual({ kind: "mode", modeId: "approve" });
    expect(modeChangeTo("approve", null, { ...modes, currentModeId: "approve" })).toBeNull();
  });

  it("does nothing for an agent that offers no such mode", () => {
    expect(modeChangeTo("approve", null, null)).toBeNull();
    expect(modeChangeTo("approve", null, { currentModeId: "a", availableModes: [{ id: "a", name: "a" }] })).toBeNull();
    const other = { ...gooseMode("x"), options: [{ value: "x", name: "x" }] };
    expect(modeChangeTo("approve", [other], null)).toBeNull();
  });

  it("reads the current mode from either API", () => {
    expect(currentMode([gooseMode("smart_approve")], null)).toBe("smart_approve");
    expect(currentMode(null, { currentModeId: "chat", availableModes: [] })).toBe("chat");
    expect(currentMode(null, null)).toBeNull();
  });
});

describe("PermissionBroker", () => {
  const request = (sessionId = "s1") => ({
    sessionId,
    toolCall: { toolCallId: "t1" },
    options: [
      { optionId: "allow_once", name: "allow_once", kind: "allow_once" as const },
      { optionId: "reject_once", name: "reject_once", kind: "reject_once" as const },
    ],
  });

  function broker() {
    const log: string[] = [];
    const b = new PermissionBroker({
      requested: (k) => log.push(`+${k}`),
      resolved: (k, _r, option) => log.push(`-${k}:${option?.optionId ?? null}`),
    });
    return { b, log };
  }

  it("answers with the offered optionId the user chose, and anything else as cancelled", async () => {
    const { b, log } = broker();
    const p1 = b.ask(request(), new AbortController().signal);
    const p2 = b.ask(request(), new AbortController().signal);
    expect(b.answer("perm-1", "allow_once")).toBe(true);
    expect(b.answer("perm-2", "allow_always")).toBe(true); // not offered
    expect(await p1).toEqual({ outcome: { outcome: "selected", optionId: "allow_once" } });
    expect(await p2).toEqual({ outcome: { outcome: "cancelled" } });
    expect(b.answer("perm-1", "allow_once")).toBe(false);
    // Each settlement says what was chosen (null: answered cancelled), so a denial can be remembered.
    expect(log).toEqual(["+perm-1", "+perm-2", "-perm-1:allow_once", "-perm-2:null"]);
  });

  it("cancels on $/cancel_request, per session on Stop, and all on disconnect; never by itself", async () => {
    vi.useFakeTimers();
    const { b } = broker();
    const ac = new AbortController();
    const aborted = b.ask(request("s1"), ac.signal);
    const s1 = b.ask(request("s1"), new AbortController().signal);
    const s2 = b.ask(request("s2"), new AbortController().signal);
    const late = b.ask(request("s3"), new AbortController().signal);
    let settled = false;
    void late.then(() => (settled = true));
    ac.abort();
    expect(await aborted).toEqual({ outcome: { outcome: "cancelled" } });
    b.cancelSession("s1");
    expect(await s1).toEqual({ outcome: { outcome: "cancelled" } });
    // However long it waits (every timer it could have set has run), a request is not given up on by itself.
    await vi.runAllTimersAsync();
    expect(settled).toBe(false);
    vi.useRealTimers();
    b.cancelAll();
    expect(await s2).toEqual({ outcome: { outcome: "cancelled" } });
    expect(await late).toEqual({ outcome: { outcome: "cancelled" } });
  });
});

describe("errors", () => {
  it("turns goose's auth error into its own instructions", () => {
    const e = toUiError({ code: -32000, message: "Authentication required" }, "Starting a session", [
      { id: "goose-provider", name: "Configure Provider", description: "Run `goose configure` to set up your AI provider and API key" },
    ]);
    expect(e).toMatchObject({ code: -32000, title: "The agent needs to be set up" });
    expect(e.fix).toContain("Run `goose configure`");
  });

  it("names credits exhausted, missing sessions and lost connections", () => {
    expect(toUiError({ code: -32603, message: "x", data: { reason: "credits_exhausted", url: "https://p" } }, "The turn").fix).toContain(
      "https://p",
    );
    expect(toUiError({ code: -32002, message: "nope" }, "Opening").title).toBe("Session not found");
    expect(toUiError(new Error("connection closed"), "The turn").fix).toMatch(/Restart/);
    expect(toUiError({ code: -32602, message: "bad" }, "The turn")).toEqual({ title: "The turn failed", message: "bad", code: -32602 });
  });
});

describe("history groups", () => {
  const now = new Date(2026, 10, 22, 15, 0);
  const at = (d: Date, id: string, title?: string): SessionInfo => ({
    sessionId: id,
    cwd: "/home/me",
    title: title ?? id,
    updatedAt: d.toISOString(),
  });

  it("buckets by age, newest first, and filters by title", () => {
    const items = [
      at(new Date(2026, 10, 22, 9), "today-early"),
      at(new Date(2026, 10, 22, 14), "today-late"),
      at(new Date(2026, 10, 21, 23), "yesterday"),
      at(new Date(2026, 10, 18), "week"),
      at(new Date(2026, 9, 30), "month"),
      at(new Date(2025, 0, 1), "old"),
      { sessionId: "nodate", cwd: "/", title: "Fix the parser" },
    ];
    const groups = groupHistory(items, now);
    expect(groups.map((g) => [g.label, g.items.map((s) => s.sessionId)])).toEqual([
      ["Today", ["today-late", "today-early"]],
      ["Yesterday", ["yesterday"]],
      ["Previous 7 days", ["week"]],
      ["Previous 30 days", ["month"]],
      ["Older", ["old"]],
      ["Undated", ["nodate"]],
    ]);
    expect(groupHistory(items, now, "PARSER").flatMap((g) => g.items.map((s) => s.sessionId))).toEqual(["nodate"]);
    expect(sessionTitle({ sessionId: "x", title: "  " })).toBe("Untitled session");
  });
});
