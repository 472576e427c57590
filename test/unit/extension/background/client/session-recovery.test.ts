/**
 * goose issue #11654, as goose 1.50 and 1.52 do it: after the newest session of the day is closed and
 * deleted, session/new hands its `YYYYMMDD_N` id out again and goose answers every request about it
 * -32002 "Resource not found" (data "Session not found: <id>") until a session/load. The client loads
 * it once and retries (session-recovery.ts); when the load fails too, the work goes to a new session.
 */
import { describe, expect, it } from "vitest";
import { entryArray } from "../../../../../extension/state/conversation/entry-list";
import { fakeAgentClient, GOOSE_INIT, type Notify, type RpcRequest } from "../../../../helpers/fake-acp-agent";
import { waitUntil } from "../../../../helpers/host-harness";

const REUSED = "20261202_2";
const until = (cond: () => boolean, what: string) => waitUntil(cond, 3000, what);
const modeOption = (value: string) => ({
  id: "mode",
  name: "Mode",
  category: "mode",
  type: "select",
  currentValue: value,
  options: ["auto", "approve"].map((v) => ({ value: v, name: v })),
});

/** The first session/new gives a reused id goose refuses; `loadFails`: its session/load is refused too. */
function gooseWithReusedId(loadFails: boolean) {
  const refused = new Set<string>();
  let next = 2;
  return (r: RpcRequest, notify: Notify) => {
    const id = r.params.sessionId as string | undefined;
    if (r.method === "initialize") return GOOSE_INIT;
    if (r.method === "session/new") {
      const sessionId = `20261202_${next++}`;
      if (sessionId === REUSED) refused.add(sessionId);
      return { sessionId, configOptions: [modeOption("auto")] };
    }
    if (r.method === "session/load") {
      if (loadFails) return { error: { code: -32002, message: "Resource not found", data: `Session not found: ${id}` } };
      refused.delete(id!);
      return { configOptions: [modeOption("auto")] };
    }
    if (id && refused.has(id)) return { error: { code: -32002, message: "Resource not found", data: `Session not found: ${id}` } };
    if (r.method === "session/set_config_option") return { configOptions: [modeOption(String(r.params.value))] };
    if (r.method === "session/prompt") return answered(notify, id!);
    if (r.method === "session/list") return { sessions: [] };
    return {};
  };
}

function answered(notify: Notify, sessionId: string) {
  notify(sessionId, { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Hi." } });
  return { stopReason: "end_turn" };
}

const texts = (t: ReturnType<typeof fakeAgentClient>, id: string) =>
  entryArray(t.client().sessions[id]!.entries).map((e) =>
    e.kind === "notice"
      ? `${e.tone}: ${e.text}`
      : e.kind === "user"
        ? `user: ${e.content.map((b) => (b.type === "text" ? b.text : "")).join("")}`
        : e.kind,
  );

describe("a session the agent refuses as unknown (goose #11654)", () => {
  it("is loaded once and the request retried: the mode is set and the message goes, nothing said", async () => {
    const t = fakeAgentClient(gooseWithReusedId(false));
    t.startAgent();
    await until(() => t.client().agent.phase === "ready", "ready");
    await t.controller.newSession();
    expect(t.client().activeSessionId).toBe(REUSED);
    // The approval default was refused, then set after the load.
    // session/list refreshes History; session/fork is the probe of whether goose serves forks (fork-probe.ts).
    expect(t.methods().filter((m) => m !== "session/list" && m !== "session/fork")).toEqual([
      "initialize",
      "session/new",
      "session/set_config_option",
      "session/load",
      "session/set_config_option",
    ]);
    expect(t.client().sessions[REUSED]!.configOptions?.[0]?.currentValue).toBe("approve");
    expect(t.client().sessions[REUSED]!.error).toBeNull();
    await t.controller.prompt(REUSED, [{ type: "text", text: "hello" }]);
    expect(t.client().sessions[REUSED]!.lastStop).toBe("end_turn");
    expect(texts(t, REUSED)).toEqual(["user: hello", "agent"]);
  });

  it("a prompt refused is retried after the load in the same turn, the load's replay not shown twice", async () => {
    let loaded = false;
    const t = fakeAgentClient((r, notify) => {
      if (r.method === "initialize") return GOOSE_INIT;
      if (r.method === "session/new") return { sessionId: REUSED };
      if (r.method === "session/load") {
        loaded = true;
        // What the agent replays of a session it had: already on screen.
        notify(REUSED, { sessionUpdate: "user_message_chunk", content: { type: "text", text: "earlier" } });
        return {};
      }
      if (r.method === "session/prompt" && !loaded) return { error: { code: -32002, message: "Resource not found" } };
      if (r.method === "session/prompt") return answered(notify, REUSED);
      return r.method === "session/list" ? { sessions: [] } : {};
    });
    t.startAgent();
    await until(() => t.client().agent.phase === "ready", "ready");
    await t.controller.newSession();
    await t.controller.prompt(REUSED, [{ type: "text", text: "earlier" }]);
    expect(
      t
        .methods()
        .filter((m) => m !== "session/list" && m !== "session/fork")
        .slice(2),
    ).toEqual(["session/prompt", "session/load", "session/prompt"]);
    expect(t.client().sessions[REUSED]!.lastStop).toBe("end_turn");
    expect(texts(t, REUSED)).toEqual(["user: earlier", "agent"]);
  });

  it("when the load fails too, the message goes to a new session, and both sessions say why", async () => {
    const t = fakeAgentClient(gooseWithReusedId(true));
    t.startAgent();
    await until(() => t.client().agent.phase === "ready", "ready");
    await t.controller.newSession();
    await t.controller.prompt(REUSED, [{ type: "text", text: "hello" }]);
    const moved = "20261202_3";
    expect(t.client().activeSessionId).toBe(moved);
    expect(t.requests.filter((r) => r.method === "session/prompt").map((r) => r.params.sessionId)).toEqual([REUSED, moved]);
    expect(texts(t, moved)).toEqual([
      "warning: The agent lost the session this message was sent in, so it was sent here, in a new session. The earlier messages are not in its context.",
      "user: hello",
      "agent",
    ]);
    expect(t.client().sessions[moved]!.lastStop).toBe("end_turn");
    // The old session keeps the message on screen and says where it went.
    expect(texts(t, REUSED)).toContain(
      "error: The agent no longer knew this session and could not load it again, so your message was sent in a new session.",
    );
    expect(texts(t, REUSED)).toContain("user: hello");
    expect(t.client().sessions[REUSED]!.error).toMatchObject({ title: "The agent lost this session", code: -32002 });
  });

  it("a setting changed in a session lost for good is changed in a new session", async () => {
    const t = fakeAgentClient(gooseWithReusedId(true));
    t.startAgent();
    await until(() => t.client().agent.phase === "ready", "ready");
    await t.controller.newSession();
    await t.controller.setConfigOption(REUSED, "mode", "auto");
    const moved = "20261202_3";
    expect(t.client().activeSessionId).toBe(moved);
    expect(texts(t, moved)[0]).toBe(
      "warning: The agent lost the session this setting was changed in, so it was changed here, in a new session.",
    );
    expect(t.requests.filter((r) => r.method === "session/set_config_option").at(-1)?.params).toMatchObject({
      sessionId: moved,
      value: "auto",
    });
  });

  it("a message moves once: if the new session is lost too, it stays there with the error", async () => {
    let n = 0;
    const refused = { error: { code: -32002, message: "Resource not found" } };
    const t = fakeAgentClient((r) => {
      if (r.method === "initialize") return GOOSE_INIT;
      if (r.method === "session/new") return { sessionId: `lost_${++n}` };
      return r.method === "session/list" ? { sessions: [] } : refused;
    });
    t.startAgent();
    await until(() => t.client().agent.phase === "ready", "ready");
    await t.controller.newSession();
    await t.controller.prompt("lost_1", [{ type: "text", text: "hello" }]);
    expect(t.methods().filter((m) => m === "session/prompt")).toHaveLength(2);
    expect(t.methods().filter((m) => m === "session/new")).toHaveLength(2);
    expect(t.client().sessions.lost_2!.error?.title).toBe("The agent lost this session");
    expect(texts(t, "lost_2")).toContain("user: hello");
  });

  it("a session this agent never opened for us is not loaded behind the user's back", async () => {
    const t = fakeAgentClient(gooseWithReusedId(false));
    t.startAgent();
    await until(() => t.client().agent.phase === "ready", "ready");
    await t.controller.setConfigOption(REUSED, "mode", "approve");
    expect(t.methods()).not.toContain("session/load");
  });
});
