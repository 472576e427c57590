/**
 * What a panel port is sent after its snapshot (extension/background/panel/panel-outbox.ts): events in
 * batches, at most one message per frame, chunk runs merged, a session/load's replay replaced by one
 * snapshot; and what the panel rebuilds from those messages is always the background's state.
 */
import { describe, expect, it } from "vitest";
import { createStore } from "../../../../extension/background/observable-store";
import { PANEL_FRAME_MS, panelOutbox } from "../../../../extension/background/panel/panel-outbox";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../extension/state/app";
import { entryCount } from "../../../../extension/state/conversation/entry-list";
import type { BackgroundToPanel } from "../../../../extension/state/panel-messages";
import type { ClientEvent } from "../../../../extension/state/sessions/client-state";
import { FakeClock } from "../../../helpers/fake-clock";

const client = (event: ClientEvent): AppEvent => ({ scope: "client", event });
const chunk = (sessionId: string, text: string, messageId = "m1") =>
  client({
    type: "session_update",
    sessionId,
    update: { sessionUpdate: "agent_message_chunk", messageId, content: { type: "text", text } },
  });

function setup() {
  const clock = new FakeClock();
  const store = createStore(initialAppState, reduceApp);
  const sent: { at: number; message: BackgroundToPanel }[] = [];
  const outbox = panelOutbox({
    post: (message) => sent.push({ at: clock.now, message: structuredClone(message) }),
    state: store.get,
    now: () => clock.now,
    setTimer: (run, ms) => clock.setTimeout(run, ms),
    clearTimer: (t) => clock.clearTimeout(t),
  });
  store.subscribe((state, event) => outbox.push(event, state));
  /** The panel's copy: the first snapshot, then every message applied as the panel applies it. */
  const panelState = (): AppState =>
    sent.reduce(
      (s: AppState, { message: m }) => (m.type === "snapshot" ? m.state : m.events.reduce(reduceApp, s)),
      structuredClone(initialAppState),
    );
  return { clock, store, sent, outbox, panelState };
}

function openShown(store: ReturnType<typeof setup>["store"], sessionId: string) {
  store.dispatch(client({ type: "session_opened", sessionId, cwd: "/w", loading: false }));
  store.dispatch(client({ type: "prompt_sent", sessionId, content: [{ type: "text", text: "go" }] }));
}

describe("panel outbox", () => {
  it("sends the first event after a quiet spell on the next task turn, with everything dispatched meanwhile", () => {
    const { clock, store, sent } = setup();
    openShown(store, "s1");
    expect(sent).toHaveLength(0);
    clock.advance(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toMatchObject({
      type: "events",
      events: [{ event: { type: "session_opened" } }, { event: { type: "prompt_sent" } }],
    });
  });

  it("a fast stream goes out at most once per frame, chunks of one message merged, and rebuilds the same state", () => {
    const { clock, store, sent, panelState } = setup();
    openShown(store, "s1");
    clock.advance(0);
    // 10,000 chunks over one second: ten per millisecond.
    for (let ms = 0; ms < 1000; ms++) {
      for (let i = 0; i < 10; i++) store.dispatch(chunk("s1", `${ms}.${i} `));
      clock.advance(1);
    }
    clock.advance(PANEL_FRAME_MS);
    const stream = sent.slice(1);
    expect(stream.length).toBeLessThanOrEqual(Math.ceil(1000 / PANEL_FRAME_MS) + 1);
    expect(stream.length).toBeGreaterThan(1000 / PANEL_FRAME_MS / 2);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(PANEL_FRAME_MS);
    for (const { message } of stream) expect(message.type === "events" && message.events.length).toBe(1);
    expect(panelState()).toEqual(store.get());
  });

  it("holds a session/load's replay and sends one snapshot of the result when the load answers", () => {
    const { clock, store, sent, panelState } = setup();
    store.dispatch(client({ type: "session_opening", open: { kind: "load", sessionId: "old" } }));
    store.dispatch(client({ type: "session_opened", sessionId: "old", cwd: "/w", loading: true }));
    clock.advance(0);
    // The panel shows the session loading at once.
    expect(sent).toHaveLength(1);
    expect(panelState().client.sessions.old?.loading).toBe(true);
    for (let i = 1; i <= 2000; i++) {
      const kind = i % 2 ? "user_message_chunk" : "agent_message_chunk";
      store.dispatch(
        client({
          type: "session_update",
          sessionId: "old",
          update: { sessionUpdate: kind, messageId: `m${i}`, content: { type: "text", text: `${i}` } },
        }),
      );
      if (i % 100 === 0) clock.advance(5);
    }
    // Something else happening meanwhile is carried by the snapshot too.
    store.dispatch({ scope: "connection", event: { type: "connecting" } });
    clock.advance(1000);
    expect(sent).toHaveLength(1);
    store.dispatch(client({ type: "session_loaded", sessionId: "old" }));
    clock.advance(PANEL_FRAME_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.message.type).toBe("snapshot");
    expect(panelState()).toEqual(store.get());
    expect(entryCount(panelState().client.sessions.old!.entries)).toBe(2000);
    // After the load, events flow again.
    store.dispatch(client({ type: "mode_changed", sessionId: "old", modeId: "approve" }));
    clock.advance(PANEL_FRAME_MS);
    expect(sent.at(-1)!.message).toMatchObject({ type: "events", events: [{ event: { type: "mode_changed" } }] });
    expect(panelState()).toEqual(store.get());
  });

  it("a load that fails mid-replay also ends with a snapshot; events queued before the replay go out first", () => {
    const { clock, store, sent, panelState } = setup();
    store.dispatch(client({ type: "session_opening", open: { kind: "load", sessionId: "old" } }));
    store.dispatch(client({ type: "session_opened", sessionId: "old", cwd: "/w", loading: true }));
    store.dispatch(chunk("old", "replayed"));
    clock.advance(0);
    expect(sent.map((s) => s.message.type)).toEqual(["events"]);
    expect(panelState().client.opening).toEqual({ kind: "load", sessionId: "old" });
    store.dispatch(client({ type: "session_open_failed", sessionId: "old", error: { title: "Opening the session", message: "gone" } }));
    clock.advance(PANEL_FRAME_MS);
    expect(sent.map((s) => s.message.type)).toEqual(["events", "snapshot"]);
    expect(panelState()).toEqual(store.get());
  });

  it("updates of other sessions during a load are not replay, and nothing is sent after close", () => {
    const { clock, store, sent, outbox, panelState } = setup();
    openShown(store, "s1");
    store.dispatch(client({ type: "session_opening", open: { kind: "load", sessionId: "old" } }));
    store.dispatch(chunk("s1", "still streaming"));
    clock.advance(0);
    expect(sent.map((s) => s.message.type)).toEqual(["events"]);
    expect(panelState()).toEqual(store.get());
    outbox.close();
    store.dispatch(chunk("s1", " more"));
    clock.advance(100);
    expect(sent).toHaveLength(1);
  });
});
