/**
 * Keeps the action log in storage (storage/action-log.ts): restores it once at start, then keeps each change
 * in order (a deleted session's log is dropped by the reducer: state/app.ts). A new entry is written at once
 * with the others since the last whole write (RECENT_MAX at most); the whole log (about 70 kB for 200
 * entries, about 5 ms of the worker's thread to copy into storage) is written once changes have gathered for
 * WRITE_AFTER_MS, past RECENT_MAX entries, or at once when a session's log was dropped. Written whole per call, it held up the next
 * call (BENCHMARKS.md, "per-tool round trip").
 */

import type { AppEvent, AppState } from "../../state/app";
import type { ActionLog } from "../../state/browser-tools/action-log";
import { type ActionLogStorage, addedSince } from "../../storage/action-log";
import type { Store } from "../observable-store";

/** How long changes gather before the whole log is written. */
export const WRITE_AFTER_MS = 1000;
/**
 * More recent entries than this are written whole at once: the recent item is written again with each
 * entry, so this bounds that write (16 entries, about 0.4 ms) and spreads the whole write over as many calls.
 */
export const RECENT_MAX = 16;

export class ActionLogPersistence {
  /** The log as last written whole. */
  private written: ActionLog;
  /** The log as last seen in the state. */
  private seen: ActionLog;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private restoring = true;
  private chain: Promise<void> = Promise.resolve();
  /** Settles once the stored log is back in the state (or could not be read). */
  readonly restored: Promise<void>;

  constructor(
    private readonly store: Store<AppState, AppEvent>,
    private readonly storage: ActionLogStorage,
    private readonly log?: (message: string, detail?: unknown) => void,
  ) {
    this.written = store.get().tools.log;
    this.seen = this.written;
    store.subscribe((state) => {
      if (!this.restoring && state.tools.log !== this.seen) this.changed(state.tools.log);
    });
    this.restored = storage.load().then(
      (stored) => {
        if (Object.keys(stored).length > 0) store.dispatch({ scope: "tools", event: { type: "action_log_restored", log: stored } });
        this.restoring = false;
        // Anything logged while it was read is written now, with what was restored.
        this.writeWhole();
      },
      (e) => {
        this.restoring = false;
        log?.("could not read the action log", e);
      },
    );
  }

  /** Settles when the log as the state holds it now is in storage (or its write failed, logged). */
  async flush(): Promise<void> {
    await this.restored;
    if (this.timer !== undefined) this.writeWhole();
    await this.chain;
  }

  private changed(log: ActionLog): void {
    this.seen = log;
    const recent = addedSince(this.written, log);
    if (recent === null || Object.values(recent).reduce((n, entries) => n + entries.length, 0) > RECENT_MAX) {
      this.writeWhole();
      return;
    }
    this.inOrder(() => this.storage.saveRecent(recent));
    this.timer ??= setTimeout(() => this.writeWhole(), WRITE_AFTER_MS);
  }

  private writeWhole(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const log = this.store.get().tools.log;
    this.seen = log;
    if (log === this.written) return;
    this.written = log;
    this.inOrder(() => this.storage.save(log));
  }

  private inOrder(write: () => Promise<void>): void {
    this.chain = this.chain.then(write).catch((e) => this.log?.("could not save the action log", e));
  }
}
