/**
 * The message queue in storage (extension/storage/message-queue.ts) and its write-through from the
 * background's store (extension/background/persistence/queue-persistence.ts), on WXT's in-memory fake browser:
 * a restarted background gets the queue back held, and a message taken for its turn is stored as
 * gone before its prompt may go.
 */
// First: installs the fake browser the storage modules read when they load.
import "../../../helpers/dom/fake-browser";

import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createStore } from "../../../../extension/background/observable-store";
import { QueuePersistence } from "../../../../extension/background/persistence/queue-persistence";
import { type AppEvent, initialAppState, reduceApp } from "../../../../extension/state/app";
import type { ClientEvent } from "../../../../extension/state/sessions/client-state";
import { storedQueues, validQueues } from "../../../../extension/storage/message-queue";
import { opened, promptSent, ready, S, text } from "../../../helpers/client-reducer-fixtures";

function background() {
  const store = createStore(initialAppState, reduceApp);
  const dispatch = (...events: ClientEvent[]) => {
    for (const event of events) store.dispatch({ scope: "client", event } satisfies AppEvent);
  };
  const persistence = new QueuePersistence(store, storedQueues);
  return { store, dispatch, persistence };
}

describe("the stored message queue", () => {
  beforeEach(() => fakeBrowser.reset());

  it("survives a restart of the background, held until the user sends it on", async () => {
    const first = background();
    await first.persistence.restored;
    first.dispatch(ready, opened(), promptSent("long"));
    first.dispatch({ type: "queue_added", sessionId: S, id: "a", content: [text("one")] });
    first.dispatch({ type: "queue_added", sessionId: S, id: "b", content: [text("two")] });
    await first.persistence.flush();

    const second = background();
    await second.persistence.restored;
    expect(second.store.get().client.queues[S]).toEqual({
      items: [
        { id: "a", content: [text("one")] },
        { id: "b", content: [text("two")] },
      ],
      hold: "restarted",
    });
  });

  it("stores a message as gone when its turn starts, before flush settles", async () => {
    const bg = background();
    await bg.persistence.restored;
    bg.dispatch(ready, opened(), promptSent("long"), { type: "queue_added", sessionId: S, id: "a", content: [text("one")] });
    bg.dispatch({ type: "prompt_finished", sessionId: S, stopReason: "end_turn" }, { type: "queue_sent", sessionId: S, id: "a" });
    await bg.persistence.flush();
    expect(await storedQueues.load()).toEqual({});
  });

  it("keeps what was queued while the stored queue was read, and the stored one too", async () => {
    await storedQueues.save({ other: { items: [{ id: "x", content: [text("x")] }], hold: null } });
    const bg = background();
    bg.dispatch(ready, opened(), promptSent("long"), { type: "queue_added", sessionId: S, id: "a", content: [text("one")] });
    await bg.persistence.flush();
    expect(Object.keys(await storedQueues.load()).sort()).toEqual([S, "other"].sort());
  });

  it("reads only well-formed queues and messages", () => {
    expect(validQueues(null)).toEqual({});
    expect(validQueues([1])).toEqual({});
    expect(
      validQueues({
        s1: {
          items: [
            { id: "a", content: [text("ok")] },
            { id: 2, content: [] },
            { id: "c", content: [null] },
          ],
        },
        s2: { items: "nope" },
        s3: { items: [] },
      }),
    ).toEqual({ s1: { items: [{ id: "a", content: [text("ok")] }], hold: "restarted" } });
  });
});
