/**
 * Edit and resend, fork from here, the agent's questions, resume and close: the background's ACP
 * client (ClientController + the shared reducer) against the real scripted agent over real pipes,
 * as claude-agent-acp advertises them (fork, resume, close, list) and with each switched off.
 */
// First: installs the fake browser the storage modules read when they load.
import "../../helpers/dom/fake-browser";

import { describe, expect, it } from "vitest";
import { LIVE_TABS } from "../../../extension/background/client/sessions/sessions";
import { entryArray } from "../../../extension/state/conversation/entry-list";
import type { ClientState } from "../../../extension/state/sessions/client-state";
import type { ForkRelation } from "../../../extension/state/sessions/fork-point";
import type { ForkStorage } from "../../../extension/storage/session-forks";
import { MemoryMeta, setup, tmp } from "../../helpers/client-harness";

const CLAUDE = { SCRIPTED_AGENT_IDENTITY: "claude" };
const text = (t: string) => [{ type: "text" as const, text: t }];

class MemoryForks implements ForkStorage {
  saved: Record<string, ForkRelation> = {};
  async load() {
    return structuredClone(this.saved);
  }
  async save(forks: Record<string, ForkRelation>) {
    this.saved = structuredClone(forks);
  }
}

function shown(client: ClientState, sessionId: string): string[] {
  return entryArray(client.sessions[sessionId]!.entries).map((e) =>
    e.kind === "user"
      ? `user ${e.content.map((b) => (b.type === "text" ? b.text : b.type)).join("+")}`
      : e.kind === "agent"
        ? `agent ${e.text}`
        : e.kind,
  );
}

async function ready(env: Record<string, string>, forks?: ForkStorage) {
  const t = setup(tmp(), new MemoryMeta(), env, forks);
  t.startAgent();
  await t.until(() => t.client().agent.phase === "ready", "agent ready");
  return t;
}

async function twoTurns(t: Awaited<ReturnType<typeof ready>>): Promise<{ sessionId: string; users: string[] }> {
  await t.handle({ type: "prompt", sessionId: null, content: text("echo one") });
  const sessionId = t.client().activeSessionId!;
  await t.handle({ type: "prompt", sessionId, content: text("echo two") });
  const users = entryArray(t.active().entries)
    .filter((e) => e.kind === "user")
    .map((e) => e.id);
  return { sessionId, users };
}

describe("forks", () => {
  it("edit and resend: forks the session, shows it up to before the message, and sends the edit there with the note", async () => {
    const forks = new MemoryForks();
    const t = await ready(CLAUDE, forks);
    const { sessionId, users } = await twoTurns(t);
    await t.handle({ type: "edit_resend", sessionId, entryId: users[0]!, text: "echo uno" });
    const forkId = t.client().activeSessionId!;
    expect(forkId).not.toBe(sessionId);
    const fork = t.agentLog().find((m) => m.method === "session/fork");
    expect(fork.params).toMatchObject({ sessionId, mcpServers: [] });
    const prompt = t.agentLog().findLast((m) => m.method === "session/prompt");
    expect(prompt.params.sessionId).toBe(forkId);
    expect(prompt.params.prompt[0]).toEqual({ type: "text", text: "echo uno" });
    expect(prompt.params.prompt[1].text).toContain("Disregard my last 2 messages");
    // The transcript: the notice, the edited message (as the user wrote it) and its answer.
    expect(shown(t.client(), forkId)).toEqual(["notice", "user echo uno", expect.stringMatching(/^agent .*echo uno/)]);
    expect(t.client().forks[forkId]).toMatchObject({ parentId: sessionId, at: 1, how: "edit", note: null });
    await t.until(() => forks.saved[forkId]?.note === null, "the relation stored, its note sent");
    // The next prompt in the fork carries no note.
    await t.handle({ type: "prompt", sessionId: forkId, content: text("echo again") });
    expect(t.agentLog().findLast((m) => m.method === "session/prompt").params.prompt).toEqual(text("echo again"));
  });

  it("fork from here: a new session after that message's turn, its first prompt telling the agent what to disregard", async () => {
    const t = await ready(CLAUDE);
    const { sessionId, users } = await twoTurns(t);
    await t.handle({ type: "fork_from", sessionId, entryId: users[0]! });
    const forkId = t.client().activeSessionId!;
    expect(forkId).not.toBe(sessionId);
    expect(shown(t.client(), forkId)).toEqual(["user echo one", expect.stringMatching(/^agent /), "notice"]);
    expect(t.active().loading).toBe(false);
    await t.handle({ type: "prompt", sessionId: forkId, content: text("echo three") });
    const prompt = t.agentLog().findLast((m) => m.method === "session/prompt");
    expect(prompt.params.prompt[1].text).toContain("Disregard my last message");
  });

  it("without fork in the agent's answer, neither edit nor fork sends anything", async () => {
    const t = await ready({ ...CLAUDE, SCRIPTED_AGENT_WITHOUT: "fork" });
    expect(t.client().agent.capabilities?.sessionCapabilities).not.toHaveProperty("fork");
    await t.until(() => t.agentLog().some((m) => m.method === "session/fork"), "the fork probe");
    const { sessionId, users } = await twoTurns(t);
    await t.handle({ type: "edit_resend", sessionId, entryId: users[0]!, text: "echo uno" });
    await t.handle({ type: "fork_from", sessionId, entryId: users[0]! });
    // Only the probe asked (fork-probe.ts), and it was told -32601: no fork of this session.
    expect(t.agentLog().filter((m) => m.method === "session/fork" && m.params.sessionId === sessionId)).toEqual([]);
    expect(t.client().agent.forkServed).toBeUndefined();
    expect(t.client().activeSessionId).toBe(sessionId);
  });
});

describe("tabs: live sessions, resume and close", () => {
  /** Opens enough new tabs after the first session that it is parked (LIVE_TABS stay in memory). */
  /** Opens LIVE_TABS more sessions, each with a turn (a tab with nothing to restore is never parked). */
  async function crowdOut(t: Awaited<ReturnType<typeof ready>>): Promise<void> {
    for (let i = 0; i < LIVE_TABS; i++) {
      await t.handle({ type: "new_session" });
      await t.handle({ type: "prompt", sessionId: t.client().activeSessionId!, content: text(`echo crowd ${i}`) });
    }
  }

  it("a session left for another tab stays in memory and live: coming back sends neither resume nor load", async () => {
    const t = await ready(CLAUDE);
    const { sessionId } = await twoTurns(t);
    const before = shown(t.client(), sessionId);
    await t.handle({ type: "new_session" });
    const other = t.client().activeSessionId!;
    expect(t.client().tabs.map((tab) => tab.sessionId)).toEqual([sessionId, other]);
    expect(shown(t.client(), sessionId)).toEqual(before);
    await t.handle({ type: "load_session", sessionId });
    expect(t.client().activeSessionId).toBe(sessionId);
    expect(t.agentLog().some((m) => m.method === "session/resume" || m.method === "session/load" || m.method === "session/close")).toBe(
      false,
    );
  });

  it("a tab beyond those kept in memory is parked, and comes back with session/resume, not a replay", async () => {
    const t = await ready(CLAUDE);
    const { sessionId } = await twoTurns(t);
    const before = shown(t.client(), sessionId);
    await crowdOut(t);
    expect(t.client().sessions[sessionId]).toBeUndefined();
    expect(t.client().tabs).toHaveLength(LIVE_TABS + 1);
    await t.handle({ type: "load_session", sessionId });
    expect(t.client().activeSessionId).toBe(sessionId);
    expect(shown(t.client(), sessionId)).toEqual(before);
    expect(
      t
        .agentLog()
        .filter((m) => m.method === "session/resume")
        .map((m) => m.params.sessionId),
    ).toEqual([sessionId]);
    expect(t.agentLog().some((m) => m.method === "session/load")).toBe(false);
    expect(Object.keys(t.client().sessions)).toHaveLength(LIVE_TABS);
    await t.handle({ type: "prompt", sessionId, content: text("echo three") });
    expect(t.active().lastStop).toBe("end_turn");
  });

  it("without resume, a parked tab is closed on the agent, and coming back loads it", async () => {
    const t = await ready({ ...CLAUDE, SCRIPTED_AGENT_WITHOUT: "resume" });
    const { sessionId } = await twoTurns(t);
    await crowdOut(t);
    await t.until(() => t.agentLog().some((m) => m.method === "session/close"), "session/close");
    expect(t.agentLog().find((m) => m.method === "session/close").params).toEqual({ sessionId });
    await t.handle({ type: "load_session", sessionId });
    expect(t.agentLog().some((m) => m.method === "session/resume")).toBe(false);
    expect(t.agentLog().filter((m) => m.method === "session/load")).toHaveLength(1);
  });

  it("closing a tab sends session/close where advertised, and nothing where not; the next tab is shown", async () => {
    const t = await ready(CLAUDE);
    await t.handle({ type: "prompt", sessionId: null, content: text("echo one") });
    const sessionId = t.client().activeSessionId!;
    await t.handle({ type: "close_session", sessionId });
    expect(t.client().activeSessionId).toBeNull();
    expect(t.client().sessions[sessionId]).toBeUndefined();
    expect(t.client().tabs).toEqual([]);
    await t.until(() => t.agentLog().some((m) => m.method === "session/close"), "session/close");

    const off = await ready({ ...CLAUDE, SCRIPTED_AGENT_WITHOUT: "close" });
    await off.handle({ type: "prompt", sessionId: null, content: text("echo one") });
    const first = off.client().activeSessionId!;
    await off.handle({ type: "new_session" });
    await off.handle({ type: "load_session", sessionId: first });
    await off.handle({ type: "close_session", sessionId: first });
    expect(off.client().tabs).toHaveLength(1);
    expect(off.client().activeSessionId).toBe(off.client().tabs[0]!.sessionId);
    await off.handle({ type: "prompt", sessionId: null, content: text("echo after") });
    expect(off.agentLog().some((m) => m.method === "session/close")).toBe(false);
  });

  it("closing a tab whose turn runs stops the turn first, then closes the session", async () => {
    const t = await ready(CLAUDE);
    const turn = t.handle({ type: "prompt", sessionId: null, content: text("slow 5") });
    await t.until(() => t.active()?.turn === "running" && t.active().entries !== undefined, "turn running");
    const sessionId = t.client().activeSessionId!;
    await t.handle({ type: "close_session", sessionId });
    await turn;
    await t.until(() => t.agentLog().some((m) => m.method === "session/close"), "session/close");
    const methods = t.agentLog().map((m) => m.method);
    expect(methods.indexOf("session/cancel")).toBeGreaterThan(-1);
    expect(methods.indexOf("session/close")).toBeGreaterThan(methods.indexOf("session/cancel"));
    expect(t.client().sessions[sessionId]).toBeUndefined();
    expect(t.client().tabs).toEqual([]);
  });
});

describe("the agent's questions", () => {
  it("a form: an invalid answer is not sent, a valid one is, typed", async () => {
    const t = await ready({});
    const turn = t.handle({ type: "prompt", sessionId: null, content: text("ask form") });
    await t.until(() => t.client().elicitations.length === 1, "the question");
    const q = t.client().elicitations[0]!;
    expect(q).toMatchObject({ message: "I need a few details before deploying.", sessionId: t.client().activeSessionId });
    await t.handle({ type: "answer_elicitation", key: q.key, action: "accept", values: { name: "A", email: "nope", region: "eu" } });
    expect(t.client().elicitations).toHaveLength(1);
    await t.handle({
      type: "answer_elicitation",
      key: q.key,
      action: "accept",
      values: { name: "Ada", email: "ada@example.com", region: "eu", replicas: "3" },
    });
    await turn;
    expect(t.client().elicitations).toHaveLength(0);
    const answer = t.agentLog().find((m) => m.id !== undefined && m.result?.action);
    expect(answer.result).toEqual({
      action: "accept",
      content: { name: "Ada", email: "ada@example.com", region: "eu", replicas: 3, notify: false },
    });
    expect(shown(t.client(), t.client().activeSessionId!).at(-1)).toContain('form accept {"name":"Ada"');
  });

  it("a URL: declined, and Stop cancels a question still open", async () => {
    const t = await ready({});
    const first = t.handle({ type: "prompt", sessionId: null, content: text("ask url") });
    await t.until(() => t.client().elicitations.length === 1, "the question");
    expect(t.client().elicitations[0]!.url).toEqual({ href: "https://auth.example.com/connect?client=scripted", site: "auth.example.com" });
    await t.handle({ type: "answer_elicitation", key: t.client().elicitations[0]!.key, action: "decline" });
    await first;
    const sessionId = t.client().activeSessionId!;
    expect(shown(t.client(), sessionId).at(-1)).toBe("agent url decline");
    const second = t.handle({ type: "prompt", sessionId, content: text("ask url") });
    await t.until(() => t.client().elicitations.length === 1, "the second question");
    await t.handle({ type: "cancel", sessionId });
    await second;
    expect(t.client().elicitations).toHaveLength(0);
    await t.until(() => t.agentLog().filter((m) => m.result?.action).length === 2, "both answers");
    expect(
      t
        .agentLog()
        .filter((m) => m.result?.action)
        .map((m) => m.result.action),
    ).toEqual(["decline", "cancel"]);
  });
});
