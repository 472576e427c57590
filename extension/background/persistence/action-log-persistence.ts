/**
 * Keeps the action log in storage (storage/action-log.ts): restores it once at start, writes every
 * change in order (a deleted session's log is dropped by the reducer: state/app.ts).
 */

import type { AppEvent, AppState } from "../../state/app";
import type { ActionLog } from "../../state/browser-tools/action-log";
import type { ActionLogStorage } from "../../storage/action-log";
import type { Store } from "../observable-store";
import { SlicePersistence } from "./slice-persistence";

export class ActionLogPersistence extends SlicePersistence<ActionLog> {
  constructor(store: Store<AppState, AppEvent>, storage: ActionLogStorage, log?: (message: string, detail?: unknown) => void) {
    super(
      store,
      storage,
      {
        name: "the action log",
        select: (s) => s.tools.log,
        worthRestoring: (stored) => Object.keys(stored).length > 0,
        restoredEvent: (stored) => ({ scope: "tools", event: { type: "action_log_restored", log: stored } }),
      },
      log,
    );
  }
}
