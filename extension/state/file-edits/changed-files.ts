/**
 * Edits by file: what a turn's review lists (and the export), each file once with its text before the
 * first edit and after the last, the lines added and removed between them, and the order Undo all
 * takes (newest first, so a file edited twice goes back to what it held before the first). Pure.
 */
import { diffLines } from "diff";
import { type EditRecord, type SessionEdits, undoable } from "./file-edits";

export interface ChangedFile {
  path: string;
  agentPath: string;
  /** Oldest first. */
  edits: EditRecord[];
  /** Before the first edit (null: created) and after the last; undefined when either text is not at hand. */
  before: string | null | undefined;
  after: string | undefined;
  /** Where every edit of the file was undone. */
  undone: boolean;
}

export function changedFiles(edits: readonly EditRecord[]): ChangedFile[] {
  const byPath = new Map<string, EditRecord[]>();
  for (const e of edits) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
  return [...byPath.values()].map((list) => {
    const first = list[0]!;
    const last = list.at(-1)!;
    return {
      path: first.path,
      agentPath: first.agentPath,
      edits: list,
      before: first.before,
      after: last.after,
      undone: list.every((e) => e.undo?.status === "undone"),
    };
  });
}

/** The files the turn under review changed (none when no review shows). */
export function reviewFiles(s: SessionEdits): ChangedFile[] {
  return s.review === null ? [] : changedFiles(s.edits.filter((e) => e.turn === s.review));
}

/** Lines added and removed from `before` (null: no file) to `after`; null when a text is not at hand. */
export function lineChanges(before: string | null | undefined, after: string | undefined): { added: number; removed: number } | null {
  if (before === undefined || after === undefined) return null;
  let added = 0;
  let removed = 0;
  for (const part of diffLines(before ?? "", after)) {
    if (part.added) added += part.count;
    else if (part.removed) removed += part.count;
  }
  return { added, removed };
}

/** The edits an Undo sends, newest first: each file steps back through its edits to its first before. */
export function undoOrder(edits: readonly EditRecord[]): EditRecord[] {
  return edits.filter(undoable).sort((a, b) => b.at - a.at || editSequence(b.editId) - editSequence(a.editId));
}

/** The journal's sequence number, `<sequence>-<random>` (shared/file-edits.ts). */
function editSequence(editId: string): number {
  return Number.parseInt(editId, 10) || 0;
}
