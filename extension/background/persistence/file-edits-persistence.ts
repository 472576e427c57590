/**
 * Keeps the agent's file edits in storage (storage/edits/file-edits.ts), so a panel opened after a
 * browser restart still shows each edit, its diff and its Undo (the host's journal still holds it).
 */
import type { AppEvent, AppState } from "../../state/app";
import type { FileEditsState } from "../../state/file-edits/file-edits";
import type { FileEditsStorage } from "../../storage/edits/file-edits";
import type { Store } from "../observable-store";
import { SlicePersistence } from "./slice-persistence";

/** Every turn moves the sessions' turn counters: no reason to write up to 2 MB again while no edit or review changed. */
function sameStored(written: FileEditsState, now: FileEditsState): boolean {
  for (const id of new Set([...Object.keys(written.sessions), ...Object.keys(now.sessions)])) {
    const a = written.sessions[id];
    const b = now.sessions[id];
    const edits = (s: typeof a) => (s && s.edits.length > 0 ? s.edits : null);
    if (edits(a) !== edits(b) || (edits(b) !== null && a?.review !== b?.review)) return false;
  }
  return true;
}

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
        sameStored,
      },
      log,
    );
  }
}
