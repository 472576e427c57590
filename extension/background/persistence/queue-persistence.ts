/**
 * Keeps the message queue in storage: restores it once at start, then writes every change in order.
 * `flush()` settles when what the state holds now is written; a queued message's prompt waits for
 * it, so a restarted background can never find a message that already went out (never sent twice).
 */
import type { AppEvent, AppState } from "../../state/app";
import type { QueueSlice } from "../../state/sessions/queue-state";
import type { QueueStorage } from "../../storage/message-queue";
import type { Store } from "../observable-store";

export class QueuePersistence {
  private written: QueueSlice;
  private restoring = true;
  private chain: Promise<void> = Promise.resolve();
  /** Settles once the stored queue is back in the state (or could not be read). */
  readonly restored: Promise<void>;

  constructor(
    private readonly store: Store<AppState, AppEvent>,
    private readonly storage: QueueStorage,
    private readonly log?: (message: string, detail?: unknown) => void,
  ) {
    this.written = store.get().client.queues;
    store.subscribe((state) => {
      if (!this.restoring && state.client.queues !== this.written) this.write(state.client.queues);
    });
    this.restored = storage.load().then(
      (queues) => {
        this.restoring = false;
        if (Object.keys(queues).length > 0) store.dispatch({ scope: "client", event: { type: "queue_restored", queues } });
        // Anything queued while it was read (and the restored queue) is written now.
        if (this.store.get().client.queues !== this.written) this.write(this.store.get().client.queues);
      },
      (e) => {
        this.restoring = false;
        log?.("could not read the message queue", e);
      },
    );
  }

  /** Settles when the queue as the state holds it now is in storage (or its write failed, logged). */
  async flush(): Promise<void> {
    await this.restored;
    await this.chain;
  }

  private write(queues: QueueSlice): void {
    this.written = queues;
    this.chain = this.chain.then(() => this.storage.save(queues)).catch((e) => this.log?.("could not save the message queue", e));
  }
}
