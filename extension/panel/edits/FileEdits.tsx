/**
 * The agent's edits inside its tool card: the diff the host saw on disk (not the agent's own account of
 * it), and Undo, with what became of it. Undo shows only through a host that serves it (`file_edits`).
 */
import { useState } from "preact/hooks";
import { hostServes } from "../../state/connection/host-compat";
import { type EditRecord, undoable } from "../../state/file-edits/file-edits";
import { send } from "../../view/background-link";
import { connection } from "../../view/state-signals";
import { DiffBlock } from "../tool/ToolOutput";
import { relativePath } from "../tool/tool-view";
import { missingDiffWords, undoWords } from "./edit-words";
import "./edits.css";

export function CardEdits({ sessionId, edits, cwd }: { sessionId: string; edits: readonly EditRecord[]; cwd: string | null }) {
  return (
    <div class="edits">
      {edits.map((e) => (
        <FileEdit key={e.editId} sessionId={sessionId} edit={e} cwd={cwd} />
      ))}
    </div>
  );
}

/** Whether this panel's host takes `undo_edit`. */
export function canUndo(): boolean {
  const link = connection.value?.link;
  return link?.phase === "ready" && hostServes(link.hello, "file_edits");
}

function FileEdit({ sessionId, edit, cwd }: { sessionId: string; edit: EditRecord; cwd: string | null }) {
  const path = relativePath(edit.path, cwd);
  const missing = missingDiffWords(edit);
  return (
    <section class="edit" aria-label={`Edit of ${path}`} data-edit-id={edit.editId}>
      {missing || edit.after === undefined ? (
        <p class="edit__note">
          <code>{path}</code> {missing ?? "changed."}
        </p>
      ) : (
        <DiffBlock path={path} showPath oldText={edit.before} newText={edit.after} label={`Changes to ${path} on disk`} />
      )}
      <UndoRow sessionId={sessionId} edit={edit} path={path} />
    </section>
  );
}

function UndoRow({ sessionId, edit, path }: { sessionId: string; edit: EditRecord; path: string }) {
  const offer = undoable(edit) && canUndo();
  if (!offer && !edit.undo) return null;
  return (
    <div class="edit__undo">
      {edit.undo && (
        <p class={`edit__outcome edit__outcome--${edit.undo.status}`} role="status">
          {undoWords(edit.undo, edit.beforeBytes === null)}
        </p>
      )}
      {edit.undo?.status === "changed" && <ChangedSince edit={edit} path={path} />}
      {offer && (
        <button
          type="button"
          class="button button--small"
          aria-label={`Undo the edit of ${path}`}
          onClick={() => send({ type: "undo_edits", sessionId, editIds: [edit.editId] })}
        >
          {edit.undo ? "Try Undo again" : "Undo"}
        </button>
      )}
    </div>
  );
}

/** The file now against what the agent left, offered when Undo found it changed; never written anywhere. */
function ChangedSince({ edit, path }: { edit: EditRecord; path: string }) {
  const [open, setOpen] = useState(false);
  const undo = edit.undo?.status === "changed" ? edit.undo : null;
  if (!undo) return null;
  if (undo.current === null) return <p class="edit__note">The file has been removed since.</p>;
  if (undo.current === undefined || edit.after === undefined) return <p class="edit__note">It is too large to compare here.</p>;
  return open ? (
    <DiffBlock
      path={path}
      showPath={false}
      oldText={edit.after}
      newText={undo.current}
      label={`Changes to ${path} since the agent's edit`}
    />
  ) : (
    <button type="button" class="button button--ghost button--small" onClick={() => setOpen(true)}>
      Show what changed since
    </button>
  );
}
