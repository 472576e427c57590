/**
 * The user's Undo of the agent's edits: one `undo_edit` per edit, newest first, so a file edited
 * twice steps back through both to what it held before the first (the host restores an edit only
 * while the file holds exactly what that edit wrote, shared/file-edits.ts). Only through a host whose
 * hello names `file_edits`; the answers come back as `edit_undo` (host-inbound.ts).
 */
import type { HostCommand } from "../../../shared/host-protocol";
import type { AppEvent, AppState } from "../../state/app";
import { hostServes } from "../../state/connection/host-compat";
import { undoOrder } from "../../state/file-edits/changed-files";
import { sessionEdits } from "../../state/file-edits/file-edits";
import type { Store } from "../observable-store";

export function undoEdits(
  store: Store<AppState, AppEvent>,
  sendHost: (command: HostCommand) => boolean,
  sessionId: string,
  editIds: readonly string[],
): void {
  const link = store.get().connection.link;
  if (link.phase !== "ready" || !hostServes(link.hello, "file_edits")) return;
  const asked = new Set(editIds);
  const edits = sessionEdits(store.get().edits, sessionId).edits.filter((e) => asked.has(e.editId));
  const order = undoOrder(edits);
  if (order.length === 0) return;
  store.dispatch({ scope: "edits", event: { type: "undo_requested", sessionId, editIds: order.map((e) => e.editId) } });
  for (const e of order) {
    if (!sendHost({ type: "undo_edit", sessionId, editId: e.editId })) {
      store.dispatch({ scope: "edits", event: { type: "undo_unanswered" } });
      return;
    }
  }
}
