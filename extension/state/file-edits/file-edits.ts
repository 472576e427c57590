/**
 * The agent's file edits as the host carried them out (issue #36): per session, each `file_edit` the
 * host reported (shared/file-edits.ts), the tool card it belongs to, the turn it came in, and what
 * became of the user's Undo. Only `reduceFileEdits` changes it, in the background and in every view
 * alike; which card an edit belongs to is decided here too (edit-binding.ts), so every copy agrees.
 */
import type { EditUndo, FileEdit } from "../../../shared/file-edits";

/** What the user's Undo came to: asked and not answered yet, or the host's answer. */
export type UndoState = { status: "pending" } | { status: EditUndo["outcome"]; message: string; current?: string | null };

export interface EditRecord {
  editId: string;
  /** The file the host wrote (symlinks and `..` resolved). */
  path: string;
  /** The path as the agent gave it, as its tool card names it. */
  agentPath: string;
  /** The text before (null: the edit created the file) and after; absent when the host left them out or storage dropped them. */
  before?: string | null;
  after?: string;
  beforeBytes: number | null;
  afterBytes: number;
  /** `too_large`: the host left the texts out; `not_kept`: extension storage dropped them to stay within its bound. */
  omitted?: "too_large" | "not_kept";
  at: number;
  /** The session's turn it came in (SessionEdits.turn at the time). */
  turn: number;
  /** The tool card it belongs to, once one is found. */
  toolCallId?: string;
  undo?: UndoState;
}

export interface SessionEdits {
  /** Oldest first. */
  edits: readonly EditRecord[];
  /** Turns begun in this session since the slice first saw it: an edit belongs to the turn it came in. */
  turn: number;
  running: boolean;
  /** The turn whose review is shown (it ended having edited files), until Keep all or the next turn. */
  review: number | null;
}

export interface FileEditsState {
  sessions: Readonly<Record<string, SessionEdits>>;
}

export type FileEditsEvent =
  | { type: "file_edited"; edit: FileEdit }
  /** The user asked the host to undo these edits (undo_edit sent for each). */
  | { type: "undo_requested"; sessionId: string; editIds: string[] }
  | { type: "edit_undo_answered"; answer: EditUndo }
  /** Keep all: the turn's review goes; the edits stay. */
  | { type: "review_closed"; sessionId: string }
  /** The host went away (or the browser restarted) before answering these Undos: whether the file went back is not known. */
  | { type: "undo_unanswered" }
  /** What storage kept (storage/edits/file-edits.ts), read once when the background starts. */
  | { type: "edits_restored"; state: FileEditsState };

export const initialFileEditsState: FileEditsState = { sessions: {} };

/** At most this many edits a session in memory, oldest dropped first (the host's journal keeps 500). */
const EDITS_PER_SESSION = 500;

export const UNANSWERED: UndoState = {
  status: "failed",
  message: "goose-browser's helper stopped before it said whether the file went back. Check the file, then try again.",
};

const NO_EDITS: SessionEdits = { edits: [], turn: 0, running: false, review: null };

export function sessionEdits(state: FileEditsState, sessionId: string): SessionEdits {
  return state.sessions[sessionId] ?? NO_EDITS;
}

export function reduceFileEdits(state: FileEditsState, event: FileEditsEvent): FileEditsState {
  switch (event.type) {
    case "file_edited":
      return added(state, event.edit);
    case "undo_requested": {
      const ids = new Set(event.editIds);
      return changeEdits(state, event.sessionId, (e) => (ids.has(e.editId) && undoable(e) ? { ...e, undo: { status: "pending" } } : e));
    }
    case "edit_undo_answered": {
      const { editId, outcome, message, current } = event.answer;
      const undo: UndoState = { status: outcome, message, ...(current !== undefined ? { current } : {}) };
      return changeEdits(state, event.answer.sessionId, (e) => (e.editId === editId ? { ...e, undo } : e));
    }
    case "undo_unanswered": {
      let next = state;
      for (const id of Object.keys(state.sessions))
        next = changeEdits(next, id, (e) => (e.undo?.status === "pending" ? { ...e, undo: UNANSWERED } : e));
      return next;
    }
    case "review_closed": {
      const s = state.sessions[event.sessionId];
      return s && s.review !== null ? withSession(state, event.sessionId, { ...s, review: null }) : state;
    }
    case "edits_restored":
      return restored(state, event.state);
  }
}

/** Whether Undo may be offered: not undone, not asked already (a refusal may be asked again: the file may be back). */
export function undoable(e: EditRecord): boolean {
  return e.undo === undefined || e.undo.status === "changed" || e.undo.status === "failed";
}

function added(state: FileEditsState, edit: FileEdit): FileEditsState {
  const s = sessionEdits(state, edit.sessionId);
  if (s.edits.some((e) => e.editId === edit.editId)) return state;
  const record: EditRecord = {
    editId: edit.editId,
    path: edit.path,
    agentPath: edit.agentPath,
    ...(edit.before !== undefined ? { before: edit.before } : {}),
    ...(edit.after !== undefined ? { after: edit.after } : {}),
    beforeBytes: edit.beforeBytes,
    afterBytes: edit.afterBytes,
    ...(edit.omitted ? { omitted: edit.omitted } : {}),
    at: edit.at,
    turn: s.turn,
  };
  return withSession(state, edit.sessionId, { ...s, edits: [...s.edits, record].slice(-EDITS_PER_SESSION) });
}

/** A turn began (true) or ended (false) in the session: a turn that ended having edited files gets its review. */
export function turnChanged(state: FileEditsState, sessionId: string, running: boolean): FileEditsState {
  const s = sessionEdits(state, sessionId);
  if (s.running === running) return state;
  if (running) return withSession(state, sessionId, { ...s, turn: s.turn + 1, running, review: null });
  const edited = s.edits.some((e) => e.turn === s.turn);
  return withSession(state, sessionId, { ...s, running, review: edited ? s.turn : s.review });
}

/** A deleted session's edits go with it (its journal on disk goes with its session/delete). */
export function droppedSession(state: FileEditsState, sessionId: string): FileEditsState {
  if (!(sessionId in state.sessions)) return state;
  const { [sessionId]: _dropped, ...rest } = state.sessions;
  return { sessions: rest };
}

export function changeEdits(state: FileEditsState, sessionId: string, change: (e: EditRecord) => EditRecord): FileEditsState {
  const s = state.sessions[sessionId];
  if (!s) return state;
  let changed = false;
  const edits = s.edits.map((e) => {
    const next = change(e);
    if (next !== e) changed = true;
    return next;
  });
  return changed ? withSession(state, sessionId, { ...s, edits }) : state;
}

function withSession(state: FileEditsState, sessionId: string, s: SessionEdits): FileEditsState {
  return { sessions: { ...state.sessions, [sessionId]: s } };
}

/** The stored edits under what arrived while they were read: stored first, none twice; the live turn counts stay. */
function restored(live: FileEditsState, stored: FileEditsState): FileEditsState {
  const sessions: Record<string, SessionEdits> = { ...stored.sessions };
  for (const [id, s] of Object.entries(live.sessions)) {
    const kept = stored.sessions[id];
    if (!kept) {
      sessions[id] = s;
      continue;
    }
    const known = new Set(kept.edits.map((e) => e.editId));
    sessions[id] = { ...s, edits: [...kept.edits, ...s.edits.filter((e) => !known.has(e.editId))].slice(-EDITS_PER_SESSION) };
  }
  return { sessions };
}
