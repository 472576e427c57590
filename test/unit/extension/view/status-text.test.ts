import { describe, expect, it } from "vitest";
import { disconnectReason } from "../../../../extension/background/host/disconnect-reason";
import {
  type ConnectionEvent,
  type ConnectionState,
  initialConnectionState,
  reduceConnection,
} from "../../../../extension/state/connection/connection";
import { describeConnection as describeAt, hostUpdateNotice } from "../../../../extension/view/status-text";
import { type AgentStatus, HOST_PROTOCOL_VERSION, type HostHello } from "../../../../shared/host-protocol";
import { hostHello } from "../../../helpers/host-hello";

const ALLOWS = { label: "This extension's origin", value: "chrome-extension://ext/", key: "allowed_origins" };

const hello = hostHello({ hostVersion: "0.3.1", cwd: "/home/me", logFile: "/home/me/host.log" });

const EXTENSION_VERSION = "0.3.1";
/** The extension's version is this test's, so commands name it. */
function describeConnection(s: ConnectionState, agent?: Parameters<typeof describeAt>[1]) {
  return describeAt(s, agent, EXTENSION_VERSION);
}

function state(...events: ConnectionEvent[]): ConnectionState {
  return events.reduce(reduceConnection, initialConnectionState);
}
function withAgent(status: AgentStatus): ConnectionState {
  return state({ type: "connecting" }, { type: "hello", hello }, { type: "agent_status", status });
}

describe("describeConnection names the agent as it is", () => {
  const running = (profile: string): AgentStatus => ({ profile, state: "running", command: "/a", pid: 1, cwd: "/w", version: "0.4.0" });
  it.each([
    [
      "its own title from initialize",
      running("codex"),
      { title: "Codex", name: "codex-acp", version: "0.4.0" },
      "Codex 0.4.0 is running in /w",
    ],
    ["its name when it has no title", running("codex"), { name: "codex-acp", version: "0.4.0" }, "codex-acp 0.4.0 is running in /w"],
    ["its profile before it answered initialize", running("claude-agent-acp"), null, "claude-agent-acp 0.4.0 is running in /w"],
  ] as const)("running: %s", (_label, status, info, headline) => {
    expect(describeConnection(withAgent(status), { info }).headline).toBe(headline);
  });

  it.each([
    [
      { profile: "claude", state: "exited", command: "/c", code: null, signal: "SIGKILL", stderrTail: [] },
      "Claude Code stopped unexpectedly (it was killed).",
    ],
    [{ profile: "claude", state: "idle" }, "Claude Code is not running."],
    [{ profile: "claude", state: "failed", message: "boom", fix: "x" }, "Claude Code could not be started: boom"],
    [
      { profile: "desktop", state: "failed", command: "ws://127.0.0.1:3284/acp", message: "nothing answers there", fix: "x" },
      "Claude Code could not be reached: nothing answers there",
    ],
  ] as const)("%o reads %s", (status, headline) => {
    expect(
      describeConnection(withAgent(status as AgentStatus), { info: { name: "claude-code-acp", title: "Claude Code", version: "1" } })
        .headline,
    ).toBe(headline);
  });

  it("before any status, waits for the host's default profile by name", () => {
    const s = state({ type: "connecting" }, { type: "hello", hello: { ...hello, defaultProfile: "gemini" } });
    expect(describeConnection(s).headline).toBe("Connected to the host. Waiting for gemini to start…");
  });
});

describe("describeConnection", () => {
  it("says goose is running, with its version and folder", () => {
    const v = describeConnection(
      withAgent({ profile: "goose", state: "running", command: "/g", pid: 1, cwd: "/home/me", version: "1.50.0" }),
    );
    expect(v).toMatchObject({ tone: "ok", headline: "goose 1.50.0 is running in /home/me" });
    expect(v.facts).toEqual(["host 0.3.1", "profile goose"]);
  });

  it("leaves out an unknown version rather than printing undefined", () => {
    const v = describeConnection(withAgent({ profile: "goose", state: "running", command: "/g", pid: 1, cwd: "/w" }));
    expect(v.headline).toBe("goose is running in /w");
  });

  it("shows the host's own fix and searched paths when goose is missing", () => {
    const v = describeConnection(
      withAgent({
        profile: "goose",
        state: "not_found",
        command: "goose",
        searched: ["/usr/bin", "/opt/goose"],
        fix: "Install goose from block.github.io/goose.",
      }),
    );
    expect(v).toMatchObject({ tone: "error", headline: "goose was not found.", fix: "Install goose from block.github.io/goose." });
    expect(v.detail).toEqual({ label: "Looked in", lines: ["/usr/bin", "/opt/goose"], collapsed: true });
    expect(v.alternatives).toBeUndefined();
  });

  it("offers the other configured profiles when the agent is missing", () => {
    const withProfiles: HostHello = { ...hello, profiles: ["goose", "claude-agent-acp", "codex-acp"] };
    const v = describeConnection(
      state(
        { type: "connecting" },
        { type: "hello", hello: withProfiles },
        { type: "agent_status", status: { profile: "goose", state: "not_found", command: "goose", searched: [], fix: "Install it." } },
      ),
    );
    expect(v.alternatives).toEqual(["claude-agent-acp", "codex-acp"]);
    expect(v.detail).toBeUndefined();
  });

  it("shows the stderr tail of an agent that exited, and how it ended", () => {
    const v = describeConnection(
      withAgent({ profile: "goose", state: "exited", command: "/g", code: 2, signal: null, stderrTail: ["a", "b"] }),
    );
    expect(v.headline).toBe("goose stopped unexpectedly (exit code 2).");
    expect(v.facts).toContain("exit code 2");
    expect(v.detail).toEqual({ label: "Its last output", lines: ["a", "b"] });
    const killed = describeConnection(
      withAgent({ profile: "goose", state: "exited", command: "/g", code: null, signal: "SIGKILL", stderrTail: [] }),
    );
    expect(killed.headline).toBe("goose stopped unexpectedly (it was killed).");
    expect(killed.facts).toContain("signal SIGKILL");
    expect(killed.detail).toBeUndefined();
  });

  it("names both versions when goose is outdated, and passes the host's fix through", () => {
    const v = describeConnection(
      withAgent({ profile: "goose", state: "outdated", command: "/g", version: "1.2.0", required: "1.8.0", fix: "Run goose update." }),
    );
    expect(v.headline).toBe("goose 1.2.0 is too old; goose-browser needs 1.8.0 or newer.");
    expect(v.fix).toBe("Run goose update.");
  });

  it("includes a failure's message and fix", () => {
    const v = describeConnection(withAgent({ profile: "goose", state: "failed", message: "EACCES", fix: "chmod +x it." }));
    expect(v).toMatchObject({ tone: "error", headline: "goose could not be started: EACCES", fix: "chmod +x it." });
  });

  it("says the host is not installed and how to install it", () => {
    const v = describeConnection(
      state(
        { type: "connecting" },
        { type: "disconnected", reason: disconnectReason("Specified native messaging host not found.", { hostAllows: ALLOWS }) },
      ),
    );
    expect(v.headline).toBe("The goose-browser host is not installed.");
    expect(v.fix).toContain("Run this command in a terminal");
    expect(v.setup).toEqual({ command: "npx -y goose-browser@latest install", checking: false });
    expect(v.detail).toBeUndefined();
  });

  it("keeps the setup screen, marked as checking, while a quiet recheck is under way", () => {
    const reason = disconnectReason("Specified native messaging host not found.", { hostAllows: ALLOWS });
    const v = describeConnection(state({ type: "connecting" }, { type: "disconnected", reason }, { type: "connecting", recheck: true }));
    expect(v.headline).toBe("The goose-browser host is not installed.");
    expect(v.setup).toEqual({ command: "npx -y goose-browser@latest install", checking: true });
  });

  it("shows the setup screen for a host that does not start, and not for one that stopped after its hello", () => {
    const early = disconnectReason("Native host has exited.", { hostAllows: ALLOWS, saidHello: false });
    const v = describeConnection(state({ type: "connecting" }, { type: "disconnected", reason: early }));
    expect(v.headline).toBe("The goose-browser host is installed but does not start.");
    expect(v.setup?.command).toBe("npx -y goose-browser@latest install");
    expect(v.detail).toEqual({ label: "The browser said", lines: ["Native host has exited."] });
    const late = disconnectReason("Native host has exited.", { hostAllows: ALLOWS, saidHello: true });
    const w = describeConnection(state({ type: "connecting" }, { type: "disconnected", reason: late }));
    expect(w.headline).toBe("The goose-browser host stopped.");
    expect(w.setup).toBeUndefined();
  });

  it("shows this extension's origin as evidence when access is forbidden", () => {
    const reason = disconnectReason("Access to the specified native messaging host is forbidden.", { hostAllows: ALLOWS });
    const v = describeConnection(state({ type: "connecting" }, { type: "disconnected", reason }));
    expect(v.headline).toBe("This extension is not allowed to use the goose-browser host.");
    expect(v.detail).toEqual({ label: "This extension's origin", lines: ["chrome-extension://ext/"] });
    expect(v.setup?.command).toBe("npx -y goose-browser@latest install");
  });

  it("a Chromium id to allow: the setup command names it, bare, as `install --extension-id`", () => {
    const id = "abcdefghijklmnopabcdefghijklmnop";
    const reason = disconnectReason("Access to the specified native messaging host is forbidden.", {
      hostAllows: { ...ALLOWS, value: `chrome-extension://${id}/`, extensionId: id },
    });
    const v = describeConnection(state({ type: "connecting" }, { type: "disconnected", reason }));
    expect(v.setup?.command).toBe(`npx -y goose-browser@latest install --extension-id ${id}`);
    expect(v.detail).toBeUndefined();
  });

  it("shows the browser's own words only when the cause is unknown", () => {
    const v = describeConnection(
      state({ type: "connecting" }, { type: "disconnected", reason: disconnectReason("Weird thing.", { hostAllows: ALLOWS }) }),
    );
    expect(v.headline).toBe("The goose-browser host disconnected.");
    expect(v.detail).toEqual({ label: "The browser said", lines: ["Weird thing."] });
  });

  it("asks for the host of this extension's version when the host is too old, an extension update when too new", () => {
    const older = describeConnection(
      state(
        { type: "connecting" },
        { type: "hello", hello: { ...hello, hostVersion: "0.1.0", protocolVersion: HOST_PROTOCOL_VERSION - 2 } },
      ),
    );
    expect(older.headline).toContain("is too old for this extension (0.3.1");
    expect(older.fix).toContain("Update the host");
    expect(older.setup?.command).toBe("npx -y goose-browser@0.3.1 install");
    const newer = describeConnection(
      state(
        { type: "connecting" },
        { type: "hello", hello: { ...hello, hostVersion: "0.9.0", protocolVersion: HOST_PROTOCOL_VERSION + 1 } },
      ),
    );
    expect(newer.headline).toContain("(0.9.0) is newer than this extension (0.3.1)");
    expect(newer.fix).toContain("Update the extension");
    expect(newer.setup?.command).toBe("npx -y goose-browser@0.3.1 install");
  });

  it("keeps a host one version behind working, and says what stays off until it is updated", () => {
    const behind = state(
      { type: "connecting" },
      {
        type: "hello",
        hello: {
          ...hello,
          hostVersion: "0.2.0",
          protocolVersion: HOST_PROTOCOL_VERSION - 1,
          capabilities: ["browser_tools_offer", "goose_session_methods", "goose_features"],
        },
      },
    );
    expect(describeConnection(behind).setup).toBeUndefined();
    const notice = hostUpdateNotice(behind, EXTENSION_VERSION);
    expect(notice?.text).toContain(`(0.2.0, protocol ${HOST_PROTOCOL_VERSION - 1}) is one version behind this extension (0.3.1`);
    expect(notice?.text).toContain("Browser tools and the review and undo of the agent's file edits stay off until you update it.");
    expect(notice?.text).not.toContain("report of whether");
    expect(notice?.command).toBe("npx -y goose-browser@0.3.1 install");
    // The current protocol: no notice, even when a feature is missing.
    expect(hostUpdateNotice(state({ type: "connecting" }, { type: "hello", hello }), EXTENSION_VERSION)).toBeNull();
  });

  it("is pending while connecting and while waiting for the first agent status", () => {
    expect(describeConnection(state({ type: "connecting" }))).toMatchObject({
      tone: "pending",
      headline: "Connecting to the goose-browser host…",
    });
    expect(describeConnection(state({ type: "connecting" }, { type: "hello", hello })).tone).toBe("pending");
  });

  it("adds the host's last error as a note", () => {
    const s = state(
      { type: "connecting" },
      { type: "hello", hello },
      { type: "host_error", error: { type: "error", code: "agent_not_running", message: "goose is not running" } },
    );
    expect(describeConnection(s).note).toBe("The host reported: goose is not running");
  });
});
