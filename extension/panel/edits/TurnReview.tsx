/**
 * The review of a turn that edited files, under the transcript once it ends: every file it changed
 * with its lines added and removed, one diff each (before the turn's first edit against after its
 * last), Keep all (the card goes, the files stay) and Undo all (each file back to what it held
 * before the turn, newest edit first; a file changed since is left as it is and says so).
 */
import { type ChangedFile, lineChanges, reviewFiles } from "../../state/file-edits/changed-files";
import { sessionEdits, undoable } from "../../state/file-edits/file-edits";
import { agentName } from "../../view/agent-label";
import { send } from "../../view/background-link";
import { activeSessionId, fileEdits, sessions } from "../../view/state-signals";
import { DiffBlock } from "../tool/ToolOutput";
import { relativePath } from "../tool/tool-view";
import { undoWords } from "./edit-words";
import { canUndo } from "./FileEdits";
import "./edits.css";

export function TurnReview() {
  const sessionId = activeSessionId.value;
  const edits = fileEdits.value;
  if (!sessionId || !edits) return null;
  const files = reviewFiles(sessionEdits(edits, sessionId));
  if (files.length === 0) return null;
  const cwd = sessions.value[sessionId]?.cwd ?? null;
  const pending = files.flatMap((f) => f.edits).filter(undoable);
  const touched = files.some((f) => f.edits.some((e) => e.undo));
  const count = files.length === 1 ? "1 file" : `${files.length} files`;
  return (
    <section class="review" aria-label="Files changed in this turn">
      <div class="review__head">
        <h2 class="review__title">
          {agentName.value} changed {count}
        </h2>
        <div class="review__actions">
          <button type="button" class="button button--ghost button--small" onClick={() => send({ type: "close_review", sessionId })}>
            {touched ? "Close" : "Keep all"}
          </button>
          {pending.length > 0 && canUndo() && (
            <button
              type="button"
              class="button button--small"
              onClick={() => send({ type: "undo_edits", sessionId, editIds: pending.map((e) => e.editId) })}
            >
              Undo all
            </button>
          )}
        </div>
      </div>
      <ul class="review__files">
        {files.map((f) => (
          <ReviewFile key={f.path} file={f} cwd={cwd} />
        ))}
      </ul>
    </section>
  );
}

function ReviewFile({ file, cwd }: { file: ChangedFile; cwd: string | null }) {
  const path = relativePath(file.path, cwd);
  const counts = lineChanges(file.before, file.after);
  const state = fileState(file);
  return (
    <li class="review__file" data-path={file.path}>
      <details>
        <summary>
          <code>{path}</code>
          {counts && (
            <span class="diff__stat">
              {file.before === null ? "New file · " : ""}
              <span class="diff__add">+{counts.added}</span> <span class="diff__remove">−{counts.removed}</span>
            </span>
          )}
          {state && <span class="review__state">{state}</span>}
        </summary>
        {file.after !== undefined && file.before !== undefined ? (
          <DiffBlock path={path} showPath={false} oldText={file.before} newText={file.after} label={`Changes to ${path} in this turn`} />
        ) : (
          <p class="edit__note">Too large to show here.</p>
        )}
      </details>
    </li>
  );
}

/** The file's Undo, in words: all undone, or the first edit still pending or refused. */
function fileState(file: ChangedFile): string | null {
  if (file.undone) return undoWords({ status: "undone", message: "" }, file.before === null);
  const stopped = file.edits.find((e) => e.undo && e.undo.status !== "undone")?.undo;
  return stopped ? undoWords(stopped, file.before === null) : null;
}
