/**
 * Keeps the action log in storage (storage/action-log.ts): restores it once at start, writes every
 * change in order (a deleted session's log is dropped by the reducer: state/app.ts).
 */

import type { AppEvent, AppState } from "../../state/app";
import type { ActionLog } from "../../state/browser-tools/action-log";
import type { ActionLogStorage } from "../../storage/action-log";
import type { Store } from "../observable-store";

export class ActionLogPersistence {
  private written: ActionLog;
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
    store.subscribe((state) => {
      if (!this.restoring && state.tools.log !== this.written) this.write(state.tools.log);
    });
    this.restored = storage.load().then(
      (stored) => {
        this.restoring = false;
        if (Object.keys(stored).length > 0) store.dispatch({ scope: "tools", event: { type: "action_log_restored", log: stored } });
        // Anything logged while it was read is written now, with what was restored.
        if (this.store.get().tools.log !== this.written) this.write(this.store.get().tools.log);
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
    await this.chain;
  }

  private write(log: ActionLog): void {
    this.written = log;
    this.chain = this.chain.then(() => this.storage.save(log)).catch((e) => this.log?.("could not save the action log", e));
  }
}
