/**
 * goose serves session/fork without advertising it, and answers session/resume -32601 (checked
 * against goose 1.50.0 and 1.52.0; issue #33). The scripted agent's goose mode does the same: the
 * client asks once whether fork is served, offers Edit and Fork from here by the answer, and never
 * tries a resume.
 */
// First: installs the fake browser the storage modules read when they load.
import "../../helpers/dom/fake-browser";

import { describe, expect, it } from "vitest";
import { LIVE_TABS } from "../../../extension/background/client/sessions/sessions";
import { entryArray } from "../../../extension/state/conversation/entry-list";
import type { ForkProbeStorage } from "../../../extension/storage/fork-probes";
import { MemoryMeta, setup, tmp } from "../../helpers/client-harness";

const text = (t: string) => [{ type: "text" as const, text: t }];

class MemoryProbes implements ForkProbeStorage {
  saved: Record<string, boolean> = {};
  async get(agent: string) {
    return this.saved[agent];
  }
  async set(agent: string, served: boolean) {
    this.saved[agent] = served;
  }
}

async function ready(env: Record<string, string> = {}, probes?: ForkProbeStorage, dir = tmp()) {
  const t = setup(dir, new MemoryMeta(), env, undefined, probes);
  t.startAgent();
  await t.until(() => t.client().agent.phase === "ready", "agent ready");
  return t;
}

type Harness = Awaited<ReturnType<typeof ready>>;
const forks = (t: Harness) => t.agentLog().filter((m) => m.method === "session/fork");

async function twoTurns(t: Harness): Promise<{ sessionId: string; users: string[] }> {
  await t.handle({ type: "prompt", sessionId: null, content: text("echo one") });
  const sessionId = t.client().activeSessionId!;
  await t.handle({ type: "prompt", sessionId, content: text("echo two") });
  const users = entryArray(t.active().entries)
    .filter((e) => e.kind === "user")
    .map((e) => e.id);
  return { sessionId, users };
}

describe("goose: fork served though not advertised", () => {
  it("asks once with a fork no agent can make, and then edits and resends through session/fork", async () => {
    const probes = new MemoryProbes();
    const t = await ready({}, probes);
    expect(t.client().agent.capabilities?.sessionCapabilities).not.toHaveProperty("fork");
    await t.until(() => t.client().agent.forkServed === true, "fork found served");
    // The probe: a session that cannot exist and no cwd, so goose refuses it (-32602) and makes nothing.
    expect(forks(t).map((m) => m.params)).toEqual([{ sessionId: "goose-browser/fork-probe", mcpServers: [] }]);
    expect(probes.saved).toEqual({ "goose@1.50.0": true });

    const { sessionId, users } = await twoTurns(t);
    await t.handle({ type: "edit_resend", sessionId, entryId: users[0]!, text: "echo uno" });
    const forkId = t.client().activeSessionId!;
    expect(forkId).not.toBe(sessionId);
    expect(forks(t)[1]!.params).toMatchObject({ sessionId, mcpServers: [] });
    expect(t.agentLog().findLast((m) => m.method === "session/prompt").params.sessionId).toBe(forkId);
    expect(t.client().forks[forkId]).toMatchObject({ parentId: sessionId, at: 1, how: "edit" });
    // The probe left nothing behind: goose lists the parent and the fork only.
    await t.handle({ type: "refresh_history" });
    expect(
      t
        .client()
        .history.items.map((s) => s.sessionId)
        .sort(),
    ).toEqual([sessionId, forkId].sort());
  });

  it("asks again for no release it has asked before", async () => {
    const probes = new MemoryProbes();
    probes.saved["goose@1.50.0"] = true;
    const t = await ready({}, probes);
    await t.until(() => t.client().agent.forkServed === true, "fork known served");
    const { sessionId } = await twoTurns(t);
    await t.handle({ type: "fork_from", sessionId, entryId: entryArray(t.active().entries).find((e) => e.kind === "user")!.id });
    expect(forks(t).map((m) => m.params.sessionId)).toEqual([sessionId]);
  });

  it("a goose that answers -32601 gets neither Edit nor Fork from here, and the answer is kept", async () => {
    const probes = new MemoryProbes();
    const t = await ready({ SCRIPTED_AGENT_WITHOUT: "fork" }, probes);
    await t.until(() => "goose@1.50.0" in probes.saved, "the probe's answer kept");
    expect(probes.saved["goose@1.50.0"]).toBe(false);
    const { sessionId, users } = await twoTurns(t);
    await t.handle({ type: "edit_resend", sessionId, entryId: users[0]!, text: "echo uno" });
    expect(forks(t)).toHaveLength(1);
    expect(t.client().activeSessionId).toBe(sessionId);
    expect(t.client().agent.forkServed).toBeUndefined();
  });
});

describe("goose: no resume", () => {
  it("a parked tab is closed on goose and loaded when it comes back, without session/resume or an error", async () => {
    const t = await ready();
    const { sessionId } = await twoTurns(t);
    for (let i = 0; i < LIVE_TABS; i++) await t.handle({ type: "new_session" });
    await t.until(() => t.agentLog().some((m) => m.method === "session/close"), "session/close");
    await t.handle({ type: "load_session", sessionId });
    expect(t.client().activeSessionId).toBe(sessionId);
    expect(t.agentLog().some((m) => m.method === "session/resume")).toBe(false);
    expect(
      t
        .agentLog()
        .filter((m) => m.method === "session/load")
        .map((m) => m.params.sessionId),
    ).toEqual([sessionId]);
    expect(t.client().lastError).toBeNull();
    expect(t.active().error ?? null).toBeNull();
    expect(entryArray(t.active().entries).filter((e) => e.kind === "user")).toHaveLength(2);
  });
});
