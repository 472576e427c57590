import { describe, expect, it } from "vitest";
import { usageView } from "../../../../extension/panel/agent-work/usage";
import { activeHint, applyCommand, matchCommands, slashQuery } from "../../../../extension/panel/composer/slash";
import { diffView } from "../../../../extension/panel/tool/diff-lines";
import { toolKind } from "../../../../extension/panel/tool/tool-kind";

describe("tool kind", () => {
  it("uses the agent's kind when it sends one", () => {
    expect(toolKind("edit", "developer__shell")).toMatchObject({ kind: "edit", label: "Edit" });
  });

  it.each([
    ["developer__shell", "execute"],
    ["developer__text_editor", "edit"],
    ["developer__read", "read"],
    ["computercontroller__web_fetch", "fetch"],
    ["developer__grep", "search"],
    ["memory__remember", "other"],
  ])("derives goose's %s as %s when kind is absent", (name, kind) => {
    expect(toolKind(null, name).kind).toBe(kind);
    expect(toolKind("other", name).kind).toBe(kind);
  });

  it("falls back to the title", () => {
    expect(toolKind(undefined, undefined, "Search files for TODO").kind).toBe("search");
  });
});

describe("diff view", () => {
  it("numbers old and new lines and counts changes", () => {
    const v = diffView("/a.ts", "one\ntwo\nthree\n", "one\n2\nthree\nfour\n");
    expect(v).toMatchObject({ added: 2, removed: 1, created: false });
    expect(v.lines.filter((l) => l.type !== "hunk")).toEqual([
      { type: "context", text: "one", oldNo: 1, newNo: 1 },
      { type: "remove", text: "two", oldNo: 2, newNo: null },
      { type: "add", text: "2", oldNo: null, newNo: 2 },
      { type: "context", text: "three", oldNo: 3, newNo: 3 },
      { type: "add", text: "four", oldNo: null, newNo: 4 },
    ]);
    expect(v.lines[0]).toEqual({ type: "hunk", text: "@@ -1,3 +1,4 @@" });
  });

  it("treats a null oldText as a new file", () => {
    const v = diffView("/new.ts", null, "a\nb\n");
    expect(v).toMatchObject({ created: true, added: 2, removed: 0 });
  });
});

describe("usage meter", () => {
  it.each([
    [10_000, 200_000, 5, "ok"],
    [160_000, 200_000, 80, "warning"],
    [190_000, 200_000, 95, "critical"],
    [250_000, 200_000, 100, "critical"],
  ])("%i of %i is %i%% (%s)", (used, size, percent, level) => {
    expect(usageView({ used, size })).toMatchObject({ percent, level });
  });

  it("labels tokens compactly and formats the cost", () => {
    expect(usageView({ used: 45_300, size: 200_000, cost: { amount: 0.1234, currency: "USD" } })).toMatchObject({
      label: "45k / 200k tokens",
      cost: "$0.1234",
    });
    expect(usageView({ used: 1, size: 0 })).toBeNull();
    expect(usageView(null)).toBeNull();
  });

  it("explains itself on hover: how full, in tokens and cost, and what happens when full", () => {
    const ok = usageView({ used: 45_300, size: 200_000, cost: { amount: 0.1234, currency: "USD" } })!.explanation;
    expect(ok).toBe(
      "This session fills 23% of the model's context window (45k / 200k tokens, $0.1234 so far). When it is full, the agent summarises or drops the oldest messages.",
    );
    const near = usageView({ used: 170_000, size: 200_000 })!.explanation;
    expect(near).toMatch(/^This session fills 85% of the model's context window \(170k \/ 200k tokens\)\. It is nearly full/);
    expect(near).toContain("a new session starts empty");
  });
});

describe("slash commands", () => {
  const commands = [
    { name: "compact", description: "Compact" },
    { name: "clear", description: "Clear" },
    { name: "prompt", description: "Run a saved prompt", input: { hint: "<name> [arguments]" } },
    { name: "recompile", description: "x" },
  ];

  it("offers commands only while the caret is in a leading /word", () => {
    expect(slashQuery("/co", 3)).toBe("co");
    expect(slashQuery("/", 1)).toBe("");
    expect(slashQuery("/compact now", 12)).toBeNull();
    expect(slashQuery("hello /co", 9)).toBeNull();
    expect(slashQuery("/a/b", 4)).toBeNull();
  });

  it("ranks prefix matches before substring matches, in the agent's order", () => {
    expect(matchCommands(commands, "c").map((c) => c.name)).toEqual(["compact", "clear", "recompile"]);
    expect(matchCommands(commands, "comp").map((c) => c.name)).toEqual(["compact", "recompile"]);
    expect(matchCommands(commands, "zzz")).toEqual([]);
  });

  it("writes the chosen command and shows its input hint until an argument is typed", () => {
    expect(applyCommand("/pro", commands[2]!)).toBe("/prompt ");
    expect(applyCommand("/pr something", commands[2]!)).toBe("/prompt something");
    expect(activeHint("/prompt ", commands)).toBe("<name> [arguments]");
    expect(activeHint("/prompt x", commands)).toBeNull();
    expect(activeHint("/clear ", commands)).toBeNull();
  });
});

describe("toolbar badge", async () => {
  const { badgeFor, badgeUpdater, NO_BADGE } = await import("../../../../extension/background/indicators/badge");
  const { initialAppState, reduceApp } = await import("../../../../extension/state/app");
  const withPermissions = (n: number) => {
    let s = reduceApp(initialAppState, { scope: "client", event: { type: "session_opened", sessionId: "s", cwd: "/", loading: false } });
    for (let i = 0; i < n; i++) {
      s = reduceApp(s, {
        scope: "client",
        event: { type: "permission_requested", sessionId: "s", key: `k${i}`, toolCall: { toolCallId: `t${i}`, title: "x" }, options: [] },
      });
    }
    return s;
  };

  it("counts pending approvals across sessions", () => {
    expect(badgeFor(initialAppState)).toEqual(NO_BADGE);
    expect(badgeFor(withPermissions(1))).toMatchObject({ text: "1", title: "The agent is waiting for your approval" });
    const goose = reduceApp(withPermissions(2), {
      scope: "client",
      event: { type: "agent_ready", info: { name: "goose", version: "1.50.0" }, capabilities: {}, authMethods: [] },
    });
    expect(badgeFor(goose)).toMatchObject({ text: "2", title: "goose is waiting for 2 approvals" });
    expect(badgeFor(withPermissions(3)).text).toBe("3");
  });

  it("touches the toolbar only when the badge changes", () => {
    const calls: string[] = [];
    const update = badgeUpdater({
      setBadgeText: ({ text }) => void calls.push(`text:${text}`),
      setBadgeBackgroundColor: () => void calls.push("color"),
      setTitle: ({ title }) => void calls.push(`title:${title}`),
    });
    update(withPermissions(1));
    update(withPermissions(1));
    update(initialAppState);
    expect(calls).toEqual(["text:1", "color", "title:The agent is waiting for your approval", "text:", "title:Open goose"]);
  });
});
