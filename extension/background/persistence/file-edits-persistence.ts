/**
 * Keeps the agent's file edits in storage (storage/edits/file-edits.ts), so a panel opened after a
 * browser restart still shows each edit, its diff and its Undo (the host's journal still holds it).
 */
import type { AppEvent, AppState } from "../../state/app";
import type { FileEditsState } from "../../state/file-edits/file-edits";
import type { FileEditsStorage } from "../../storage/edits/file-edits";
import type { Store } from "../observable-store";
import { SlicePersistence } from "./slice-persistence";

export class FileEditsPersistence extends SlicePersistence<FileEditsState> {
  constructor(store: Store<AppState, AppEvent>, storage: FileEditsStorage, log?: (message: string, detail?: unknown) => void) {
    super(
      store,
      storage,
      {
        name: "the file edits",
        select: (s) => s.edits,
        worthRestoring: (stored) => Object.keys(stored.sessions).length > 0,
        restoredEvent: (stored) => ({ scope: "edits", event: { type: "edits_restored", state: stored } }),
      },
      log,
    );
  }
}
