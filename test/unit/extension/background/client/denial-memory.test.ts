/**
 * Denials outlive the transcript: agents replay a denied call as done, so the background keeps the
 * ids the user denied with the session's metadata (storage.local, on WXT's in-memory fake browser).
 */
// First: installs the fake browser the storage modules read when they load.
import "../../../../helpers/dom/fake-browser";

import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { permissionPrompts } from "../../../../../extension/background/client/questions/permission-prompts";
import { SessionMemory } from "../../../../../extension/background/client/sessions/session-memory";
import { type AppState, initialAppState, reduceApp } from "../../../../../extension/state/app";
import type { ClientEvent } from "../../../../../extension/state/sessions/client-state";
import { type SessionMeta, storedMeta } from "../../../../../extension/storage/session-meta";

beforeEach(() => fakeBrowser.reset());

describe("remembered denials", () => {
  function memoryStore(initial: SessionMeta = { activeSessionId: null, modeBySession: {} }) {
    const saved: SessionMeta[] = [];
    const storage = { load: async () => initial, save: async (m: SessionMeta) => void saved.push(m) };
    return { memory: new SessionMemory(storage), saved };
  }

  it("a Deny in the panel is written to the session metadata; an Allow is not", async () => {
    const { memory, saved } = memoryStore();
    await memory.loaded;
    let state: AppState = initialAppState;
    const dispatch = (event: ClientEvent) => {
      state = reduceApp(state, { scope: "client", event });
    };
    dispatch({ type: "agent_ready", info: { name: "goose", version: "1" }, capabilities: {}, authMethods: [] });
    dispatch({ type: "session_opened", sessionId: "s1", cwd: "/w", loading: false });
    const broker = permissionPrompts({ state: () => state, dispatch, memory });
    const options = [
      { optionId: "allow_once", name: "allow_once", kind: "allow_once" as const },
      { optionId: "reject_once", name: "reject_once", kind: "reject_once" as const },
    ];
    const denied = broker.ask({ sessionId: "s1", toolCall: { toolCallId: "t1" }, options }, new AbortController().signal);
    const allowed = broker.ask({ sessionId: "s1", toolCall: { toolCallId: "t2" }, options }, new AbortController().signal);
    broker.answer("perm-1", "reject_once");
    broker.answer("perm-2", "allow_once");
    await Promise.all([denied, allowed]);
    expect(state.client.sessions.s1?.deniedToolCalls).toEqual(["t1"]);
    expect(memory.deniedIn("s1")).toEqual(["t1"]);
    expect(saved.map((m) => m.deniedBySession)).toEqual([{ s1: ["t1"] }]);
  });

  it("reads denials stored before, and forgets them with the session", async () => {
    const { memory, saved } = memoryStore({
      activeSessionId: "s1",
      modeBySession: { s1: "approve" },
      deniedBySession: { s1: ["t1"], s2: ["t9"] },
    });
    await memory.loaded;
    expect(memory.deniedIn("s1")).toEqual(["t1"]);
    expect(memory.deniedIn("nope")).toEqual([]);
    await memory.setDenied("s1", ["t1"]);
    expect(saved).toEqual([]);
    await memory.forget("s1");
    expect(saved.at(-1)).toEqual({ activeSessionId: null, modeBySession: {}, deniedBySession: { s2: ["t9"] } });
  });

  it("storage.local keeps the denials of the newest 200 sessions, and old metadata without them still reads", async () => {
    const many = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`s${i}`, [`t${i}`]]));
    await storedMeta.save({ activeSessionId: null, modeBySession: {}, deniedBySession: many });
    const back = await storedMeta.load();
    expect(Object.keys(back.deniedBySession ?? {})).toHaveLength(200);
    expect(back.deniedBySession?.s249).toEqual(["t249"]);
    expect(back.deniedBySession?.s0).toBeUndefined();
    await storedMeta.save({ activeSessionId: null, modeBySession: {} });
    expect(await new SessionMemory(storedMeta).loaded.then(() => "read")).toBe("read");
  });

  it("metadata stored before denials existed still reads", async () => {
    const { memory } = memoryStore({ activeSessionId: null, modeBySession: {} });
    await memory.loaded;
    expect(memory.deniedIn("s1")).toEqual([]);
  });
});
