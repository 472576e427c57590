import { describe, expect, it } from "vitest";
import { Attention } from "../../../../extension/background/indicators/attention";
import { badgeFor } from "../../../../extension/background/indicators/badge";
import { exportFileName, transcriptMarkdown } from "../../../../extension/panel/header/export";
import { type AppEvent, initialAppState, reduceApp } from "../../../../extension/state/app";
import { buildPrompt, capText, type PageContext, quote } from "../../../../extension/state/conversation/page-context";
import { HOST_PROTOCOL_VERSION } from "../../../../shared/host-protocol";

const selection: PageContext = {
  id: "c1",
  kind: "selection",
  title: "Rust ownership",
  url: "https://example.com/rust",
  text: "First line\n\n  indented second\r\nthird",
};

describe("prompt blocks", () => {
  it("sends a selection as a labelled, quoted text block (newlines kept), then the user's text", () => {
    expect(buildPrompt("What does this mean?", [selection], { embeddedContext: false })).toEqual([
      {
        type: "text",
        text: 'Selected text from "Rust ownership" (https://example.com/rust):\n\n> First line\n>\n>   indented second\n> third',
      },
      { type: "text", text: "What does this mean?" },
    ]);
  });

  it("sends an embedded text/plain resource with the page URL when the agent accepts embedded context", () => {
    expect(buildPrompt("Explain", [selection], { embeddedContext: true })).toEqual([
      { type: "resource", resource: { uri: "https://example.com/rust", mimeType: "text/plain", text: selection.text } },
      { type: "text", text: "Explain" },
    ]);
  });

  it("sends a page as Markdown, saying when it was truncated", () => {
    const page: PageContext = {
      id: "p",
      kind: "page",
      title: "Doc",
      url: "https://d.example/",
      text: "# Doc\nbody",
      truncated: true,
      originalChars: 250_000,
    };
    const [resource, note] = buildPrompt("", [page], { embeddedContext: true });
    expect(resource).toEqual({ type: "resource", resource: { uri: "https://d.example/", mimeType: "text/markdown", text: "# Doc\nbody" } });
    expect(note).toEqual({ type: "text", text: "Only the first 10 of 250,000 characters of the page are included." });
    const [plain] = buildPrompt("", [page], {});
    expect(plain).toMatchObject({
      type: "text",
      text: expect.stringContaining('The page "Doc" (https://d.example/) as Markdown:\n\n> # Doc\n> body'),
    });
  });

  it("sends a screenshot as an image only to agents that take images", () => {
    const shot: PageContext = { id: "s", kind: "screenshot", title: "T", url: "https://x/", data: "AAAA", mimeType: "image/jpeg" };
    expect(buildPrompt("look", [shot], { image: true })).toEqual([
      { type: "text", text: 'Screenshot of "T" (https://x/):' },
      { type: "image", data: "AAAA", mimeType: "image/jpeg" },
      { type: "text", text: "look" },
    ]);
    expect(buildPrompt("look", [shot], { image: false })).toEqual([{ type: "text", text: "look" }]);
  });

  it("never uses a resource_link for a web page (goose does not fetch those)", () => {
    const blocks = buildPrompt("q", [selection], { embeddedContext: true, image: true });
    expect(blocks.some((b) => b.type === "resource_link")).toBe(false);
  });

  it("quotes every line and caps long pages at a line boundary", () => {
    expect(quote("a\n\nb")).toBe("> a\n>\n> b");
    const long = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join("\n");
    const capped = capText(long, 1000);
    expect(capped.truncated).toBe(true);
    expect(capped.originalChars).toBe(long.length);
    expect(capped.text.length).toBeLessThanOrEqual(1000);
    expect(capped.text.endsWith("\n")).toBe(false);
    expect(long.startsWith(capped.text)).toBe(true);
    expect(capText("short", 1000)).toEqual({ text: "short", truncated: false, originalChars: 5 });
  });
});

describe("attention while the panel is closed", () => {
  const opened = reduceApp(initialAppState, {
    scope: "client",
    event: { type: "session_opened", sessionId: "s1", cwd: "/", loading: false, title: "Fix it" },
  });
  const running = reduceApp(opened, {
    scope: "client",
    event: { type: "prompt_sent", sessionId: "s1", content: [{ type: "text", text: "go" }] },
  });
  const finish: AppEvent = { scope: "client", event: { type: "prompt_finished", sessionId: "s1", stopReason: "end_turn" } };
  const done = reduceApp(running, finish);

  it("notes a turn that finished with no panel open, and the badge says so", () => {
    const a = new Attention();
    expect(a.observe(done, finish, 1)).toBeNull();
    expect(a.observe(done, finish, 0)).toEqual({
      sessionId: "s1",
      title: "Fix it",
      failed: false,
      agent: "The agent",
      waiting: false,
      background: false,
    });
    expect(badgeFor(done, a.finished)).toMatchObject({ text: "✓", title: "The agent finished “Fix it”" });
    // Named as the agent names itself.
    const codex = reduceApp(done, {
      scope: "client",
      event: { type: "agent_ready", info: { name: "codex-acp", title: "Codex", version: "1" }, capabilities: {}, authMethods: [] },
    });
    expect(a.observe(codex, finish, 0)).toMatchObject({ agent: "Codex" });
    expect(badgeFor(codex, a.finished)).toMatchObject({ text: "✓", title: "Codex finished “Fix it”" });
  });

  it("with a panel open on another tab: a turn ended there is badged until that tab is shown; an approval there is news", () => {
    const a = new Attention();
    const elsewhere = reduceApp(running, { scope: "client", event: { type: "session_opened", sessionId: "s2", cwd: "/", loading: false } });
    const ended = reduceApp(elsewhere, finish);
    expect(a.observe(ended, finish, 1)).toMatchObject({ sessionId: "s1", waiting: false, background: true });
    expect(badgeFor(ended, a.finished)).toMatchObject({ text: "✓" });
    // The tab on screen finishing is no news.
    const onScreen: AppEvent = { scope: "client", event: { type: "prompt_finished", sessionId: "s2", stopReason: "end_turn" } };
    expect(a.observe(ended, onScreen, 1)).toBeNull();
    const shown: AppEvent = { scope: "client", event: { type: "session_activated", sessionId: "s1" } };
    a.observe(reduceApp(ended, shown), shown, 1);
    expect(a.finished).toBeNull();
    const asked: AppEvent = {
      scope: "client",
      event: { type: "permission_requested", sessionId: "s1", key: "k", toolCall: { toolCallId: "t" }, options: [] },
    };
    expect(a.observe(reduceApp(ended, asked), asked, 1)).toMatchObject({ sessionId: "s1", waiting: true, background: true });
    // With no panel open, an approval is on the badge's count, not a notification.
    expect(a.observe(reduceApp(ended, asked), asked, 0)).toBeNull();
  });

  it("sends a reopened panel to the session that needs the user, then forgets", () => {
    const a = new Attention();
    a.observe(done, finish, 0);
    const elsewhere = reduceApp(done, { scope: "client", event: { type: "session_opened", sessionId: "s2", cwd: "/", loading: false } });
    expect(a.takeTarget(elsewhere)).toBe("s1");
    expect(a.finished).toBeNull();
    expect(a.takeTarget(elsewhere)).toBeNull();
  });

  it("counts the agent's questions in the badge, and sends a reopened panel to the session that asks", () => {
    const a = new Attention();
    const elsewhere = reduceApp(done, { scope: "client", event: { type: "session_opened", sessionId: "s2", cwd: "/", loading: false } });
    const asking = reduceApp(elsewhere, {
      scope: "client",
      event: {
        type: "elicitation_requested",
        elicitation: { key: "ask-1", sessionId: "s1", message: "Name?", form: { type: "object", properties: {} } },
      },
    });
    expect(badgeFor(asking)).toMatchObject({ text: "1", title: "The agent is waiting for your approval" });
    expect(a.takeTarget(asking)).toBe("s1");
  });
});

describe("export", () => {
  it("writes the transcript as Markdown with a safe file name", () => {
    let s = reduceApp(initialAppState, {
      scope: "client",
      event: { type: "session_opened", sessionId: "s1", cwd: "/w", loading: false, title: "Fix: the/parser?" },
    });
    s = reduceApp(s, { scope: "client", event: { type: "prompt_sent", sessionId: "s1", content: [{ type: "text", text: "Why?" }] } });
    s = reduceApp(s, {
      scope: "client",
      event: {
        type: "session_update",
        sessionId: "s1",
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Because **types**." } },
      },
    });
    const session = s.client.sessions.s1!;
    const md = transcriptMarkdown(session, new Date("2026-11-22T12:00:00Z"));
    expect(md).toBe(
      "# Fix: the/parser?\n\n_Exported 2026-11-22T12:00:00.000Z · session s1 · /w_\n\n## You\n\nWhy?\n\n## goose\n\nBecause **types**.\n",
    );
    expect(exportFileName(session)).toBe("Fix-theparser.md");
  });

  it("ends the export with the session's browser actions, their answers and results", () => {
    const s = reduceApp(initialAppState, {
      scope: "client",
      event: { type: "session_opened", sessionId: "s1", cwd: "/w", loading: false },
    });
    const md = transcriptMarkdown(s.client.sessions.s1!, new Date("2026-11-22T12:00:00Z"), "goose", [
      {
        callId: "a",
        tool: "type",
        site: "example.com",
        tab: { id: 3, title: "Sign up" },
        element: 'textbox "Name"',
        consent: "allow_once",
        ok: true,
        text: "Typed 3 characters",
        at: Date.UTC(2026, 10, 22, 11),
      },
      {
        callId: "b",
        tool: "click",
        site: "example.com",
        consent: "deny",
        ok: false,
        text: "The user denied this: click *Go*",
        at: Date.UTC(2026, 10, 22, 11, 1),
      },
    ]);
    expect(md).toContain(
      [
        "## Browser actions (2)",
        "",
        '- 2026-11-22T11:00:00.000Z **type** on example.com · “Sign up” (tab 3) · textbox "Name": Allowed once, done — Typed 3 characters',
        "- 2026-11-22T11:01:00.000Z **click** on example.com: Denied, failed — The user denied this: click \\*Go\\*",
      ].join("\n"),
    );
    expect(transcriptMarkdown(s.client.sessions.s1!, new Date(0))).not.toContain("Browser actions");
  });
});

describe("diagnostics report", async () => {
  const { diagnosticsReport } = await import("../../../../extension/options/report");
  const { reduceApp, initialAppState } = await import("../../../../extension/state/app");

  it("names the connection error, host, agent, profiles and log lines", () => {
    const hello = {
      type: "hello" as const,
      hostVersion: "0.1.0",
      protocolVersion: HOST_PROTOCOL_VERSION,
      profiles: ["goose", "claude"],
      defaultProfile: "goose",
      cwd: "/home/me",
      platform: "linux",
      logFile: "/home/me/.local/state/goose-browser/host.log",
      configFile: "/home/me/.config/goose-browser/host.json",
      configError: "bad field",
      nodeVersion: "v20.20.2",
      hostPath: "/home/me/.local/share/goose-browser/host.cjs",
    };
    let s = reduceApp(initialAppState, { scope: "connection", event: { type: "connecting" } });
    s = reduceApp(s, { scope: "connection", event: { type: "hello", hello } });
    s = reduceApp(s, {
      scope: "connection",
      event: {
        type: "agent_status",
        status: { state: "exited", profile: "goose", command: "/g", code: 101, signal: null, stderrTail: ["thread main panicked"] },
      },
    });
    s = reduceApp(s, {
      scope: "connection",
      event: {
        type: "host_diagnostics",
        diagnostics: {
          type: "diagnostics",
          logTail: ["line a", "line b"],
          profiles: [{ name: "claude", command: "claude-agent-acp", args: [], problem: { state: "not_found", fix: "Not found" } }],
          agentLogDir: "/home/me/.local/state/goose/logs",
        },
      },
    });
    const text = diagnosticsReport(s, { extensionId: "abc", extensionVersion: "0.1.0", userAgent: "Chrome/156" });
    expect(text).toContain("extension: abc v0.1.0");
    expect(text).toContain("config: /home/me/.config/goose-browser/host.json — ERROR: bad field");
    expect(text).toContain("agent (goose): exited — code 101 signal null");
    expect(text).toContain("    thread main panicked");
    expect(text).toContain("  claude: claude-agent-acp → not found — not_found: Not found");
    expect(text).toContain("goose's own logs: /home/me/.local/state/goose/logs");
    expect(text.trimEnd().endsWith("  line b")).toBe(true);
    const gone = reduceApp(s, {
      scope: "connection",
      event: {
        type: "disconnected",
        reason: { cause: "forbidden", message: "Access to the specified native messaging host is forbidden.", fix: "Add the id" },
      },
    });
    expect(diagnosticsReport(gone, { extensionId: "abc", extensionVersion: "0.1.0", userAgent: "x" })).toContain("  cause: forbidden");
  });
});
