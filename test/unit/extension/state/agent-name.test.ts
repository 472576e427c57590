// @vitest-environment happy-dom

import { h, render } from "preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PermissionOption, SessionConfigOption, SessionModeState } from "../../../../extension/acp/schema";
import { InlineCode } from "../../../../extension/panel/setup/InlineCode";
import { StatusCard } from "../../../../extension/panel/setup/StatusCard";
import { agentDisplayName, currentModeView, sentenceStart } from "../../../../extension/state/connection/agent-name";
import { type ConnectionState, initialConnectionState, reduceConnection } from "../../../../extension/state/connection/connection";
import { optionLabel, optionTooltip, sortedOptions } from "../../../../extension/state/conversation/permission-options";
import { describeConnection } from "../../../../extension/view/status-text";
import { hostHello } from "../../../helpers/host-hello";

const hello = hostHello({
  hostVersion: "0.3.1",
  profiles: ["goose", "claude-agent-acp"],
  cwd: "/home/me",
  logFile: "/home/me/host.log",
  nodeVersion: "v22.0.0",
});

function connected(profile?: string): ConnectionState {
  let s = reduceConnection(reduceConnection(initialConnectionState, { type: "connecting" }), { type: "hello", hello });
  if (profile) s = reduceConnection(s, { type: "agent_status", status: { profile, state: "discovering" } });
  return s;
}

describe("agentDisplayName", () => {
  it.each([
    ["the agent's title", connected("codex"), { info: { name: "codex-acp", title: "Codex", version: "1" } }, "Codex"],
    ["its name without a title", connected("codex"), { info: { name: "codex-acp", version: "1" } }, "codex-acp"],
    ["a blank title falls back to the name", connected("codex"), { info: { name: "codex-acp", title: "  ", version: "1" } }, "codex-acp"],
    ["the running profile before initialize", connected("claude-agent-acp"), { info: null }, "claude-agent-acp"],
    ["the host's default profile before any status", connected(), null, "goose"],
    ["'the agent' with no host at all", initialConnectionState, null, "the agent"],
  ] as const)("uses %s", (_label, connection, agent, name) => {
    expect(agentDisplayName(connection, agent)).toBe(name);
  });

  it("starts a sentence with a capital only for the placeholder", () => {
    expect(sentenceStart("the agent")).toBe("The agent");
    expect(sentenceStart("goose")).toBe("goose");
  });
});

describe("currentModeView", () => {
  const configOptions: SessionConfigOption[] = [
    {
      id: "mode",
      name: "Mode",
      category: "mode",
      type: "select",
      currentValue: "approve",
      options: [
        { value: "auto", name: "auto", description: "Automatically approve tool calls" },
        { value: "approve", name: "approve", description: "Ask before every tool call" },
      ],
    },
  ];
  const claudeModes: SessionModeState = {
    currentModeId: "default",
    availableModes: [
      { id: "default", name: "Default", description: "Prompts for permission on first use of each tool" },
      { id: "plan", name: "Plan Mode", description: "Claude can analyze but not modify files" },
    ],
  };

  it("reads goose's mode config option", () => {
    expect(currentModeView(configOptions, null)).toEqual({ name: "approve", description: "Ask before every tool call" });
  });

  it("reads another agent's modes (Claude's default) rather than assuming approve", () => {
    expect(currentModeView(null, claudeModes)).toEqual({
      name: "Default",
      description: "Prompts for permission on first use of each tool",
    });
  });

  it("is null when the agent reports no mode", () => {
    expect(currentModeView(null, null)).toBeNull();
    expect(currentModeView([], null)).toBeNull();
  });
});

describe("permission option words", () => {
  it.each([
    [{ optionId: "approved", name: "Approved", kind: "allow_once" }, "Allow once"],
    [{ optionId: "approved-execpolicy-amendment", name: "ApprovedExecpolicyAmendment", kind: "allow_always" }, "Always allow"],
    [{ optionId: "abort", name: "Abort", kind: "reject_once" }, "Deny"],
    [{ optionId: "never", name: "Never", kind: "reject_always" }, "Always deny"],
  ] as const)("Codex's %o reads %s, by its kind", (option, words) => {
    expect(optionLabel(option as PermissionOption)).toBe(words);
    expect(optionTooltip(option as PermissionOption)).toBe(`${words} (${option.name})`);
  });

  it("puts allow first and deny last, and drops a tooltip that says nothing more", () => {
    const codex: PermissionOption[] = [
      { optionId: "abort", name: "Abort", kind: "reject_once" },
      { optionId: "approved", name: "Approved", kind: "allow_once" },
    ];
    expect(sortedOptions(codex).map((o) => o.optionId)).toEqual(["approved", "abort"]);
    expect(optionTooltip({ optionId: "d", name: "Deny", kind: "reject_once" })).toBeUndefined();
  });
});

describe("without the agent (not_found)", () => {
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement("div");
    document.body.replaceChildren(host);
  });
  afterEach(() => render(null, host));

  const notFound = () =>
    describeConnection(
      reduceConnection(connected(), {
        type: "agent_status",
        status: {
          profile: "goose",
          state: "not_found",
          command: "goose",
          searched: ["/usr/bin", "/home/me/.local/bin"],
          fix: "Install the goose CLI (https://block.github.io/goose/docs/getting-started/installation), then press Restart.",
        },
      }),
      null,
      "0.1.0",
    );

  it("shows the install address as a link, Looked in folded, and the other profile as a button", () => {
    const use = vi.fn();
    render(h(StatusCard, { view: notFound(), onRestart: () => {}, onUseProfile: use, canRestart: true }), host);
    const link = host.querySelector("a");
    expect(link?.getAttribute("href")).toBe("https://block.github.io/goose/docs/getting-started/installation");
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(host.querySelector(".status__fix")?.textContent).toContain("), then press Restart.");
    const details = host.querySelector("details");
    expect(details?.querySelector("summary")?.textContent).toBe("Looked in");
    expect(details?.open).toBe(false);
    const button = [...host.querySelectorAll("button")].find((b) => b.textContent === "Use claude-agent-acp instead");
    expect(button).toBeDefined();
    button?.click();
    expect(use).toHaveBeenCalledWith("claude-agent-acp");
  });
});

describe("InlineCode", () => {
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement("div");
    document.body.replaceChildren(host);
  });
  afterEach(() => render(null, host));

  it("links only http(s) addresses, outside code spans, without trailing punctuation", () => {
    render(h(InlineCode, { text: "See https://example.com/a. Run `curl https://x.test/b` or javascript:alert(1)." }), host);
    const links = [...host.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["https://example.com/a"]);
    expect(host.querySelector("code")?.textContent).toBe("curl https://x.test/b");
    expect(host.textContent).toBe("See https://example.com/a. Run curl https://x.test/b or javascript:alert(1).");
  });
});
