/**
 * Deleting a session from History waits a few seconds before session/delete goes out, so the user
 * can take it back: until then the row offers Undo. Panel-only: closing the panel in that time
 * cancels the delete, since nothing was sent.
 */
import { signal } from "@preact/signals";
import { forgetSearchSession } from "../../search/panel-search";
import { send } from "../../view/background-link";

const UNDO_MS = 5000;

/** Sessions waiting to be deleted, by id. */
export const pendingDeletes = signal<Readonly<Record<string, true>>>({});
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function deleteLater(sessionId: string): void {
  if (timers.has(sessionId)) return;
  pendingDeletes.value = { ...pendingDeletes.value, [sessionId]: true };
  timers.set(
    sessionId,
    setTimeout(() => {
      timers.delete(sessionId);
      send({ type: "delete_session", sessionId });
      forgetSearchSession(sessionId);
      drop(sessionId);
    }, UNDO_MS),
  );
}

export function undoDelete(sessionId: string): void {
  clearTimeout(timers.get(sessionId));
  timers.delete(sessionId);
  drop(sessionId);
}

function drop(sessionId: string): void {
  const { [sessionId]: _gone, ...rest } = pendingDeletes.value;
  pendingDeletes.value = rest;
}
