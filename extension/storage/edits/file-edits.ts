/**
 * The agent's file edits (state/file-edits/file-edits.ts), kept so a session's edits, their diffs and
 * their Undo are still there after the browser restarts its background. Bounded to stay well inside
 * storage.local's 10 MB: the STORED_SESSIONS sessions edited most recently, the newest
 * STORED_PER_SESSION edits of each, and file texts only up to STORED_TEXT_CHARS in all, newest
 * first; an older edit keeps its path, sizes and outcome, and Undo still works (the host's journal
 * holds the file's bytes). Written through on every change (background/persistence/file-edits-persistence.ts).
 */
import { storage } from "wxt/utils/storage";
import { z } from "zod";
import { type EditRecord, type FileEditsState, type SessionEdits, UNANSWERED } from "../../state/file-edits/file-edits";

export const STORED_SESSIONS = 20;
export const STORED_PER_SESSION = 200;
export const STORED_TEXT_CHARS = 2_000_000;

export interface FileEditsStorage {
  load(): Promise<FileEditsState>;
  save(state: FileEditsState): Promise<void>;
}

const item = storage.defineItem<unknown>("local:goose.fileEdits", { fallback: {} });

export const storedFileEdits: FileEditsStorage = {
  load: async () => validFileEdits(await item.getValue()),
  save: (state) => item.setValue(boundedFileEdits(state)),
};

const undoSchema = z.union([
  z.object({ status: z.literal("pending") }),
  z.object({ status: z.enum(["undone", "changed", "unknown", "failed"]), message: z.string(), current: z.string().nullable().optional() }),
]);
const editSchema = z.object({
  editId: z.string(),
  path: z.string(),
  agentPath: z.string(),
  before: z.string().nullable().optional(),
  after: z.string().optional(),
  beforeBytes: z.number().nullable(),
  afterBytes: z.number(),
  omitted: z.enum(["too_large", "not_kept"]).optional(),
  at: z.number(),
  turn: z.number().int(),
  toolCallId: z.string().optional(),
  undo: undoSchema.optional(),
});
const sessionSchema = z.object({ edits: z.array(z.unknown()), turn: z.number().int(), review: z.number().int().nullable() });

/** The edits as stored: the sessions edited most recently, each its newest edits, texts within their bound. */
export function boundedFileEdits(state: FileEditsState): FileEditsState {
  const newest = (s: SessionEdits) => s.edits.at(-1)?.at ?? 0;
  const kept = Object.entries(state.sessions)
    .filter(([, s]) => s.edits.length > 0)
    .sort(([, a], [, b]) => newest(b) - newest(a))
    .slice(0, STORED_SESSIONS)
    .map(([id, s]): [string, SessionEdits] => [id, { ...s, running: false, edits: s.edits.slice(-STORED_PER_SESSION) }]);
  // Texts newest first across sessions, until the bound.
  const all = kept.flatMap(([, s]) => s.edits).sort((a, b) => b.at - a.at);
  let chars = 0;
  const dropped = new Set<EditRecord>();
  for (const e of all) {
    chars += (e.before?.length ?? 0) + (e.after?.length ?? 0) + (e.undo && "current" in e.undo ? (e.undo.current?.length ?? 0) : 0);
    if (chars > STORED_TEXT_CHARS) dropped.add(e);
  }
  return {
    sessions: Object.fromEntries(kept.map(([id, s]) => [id, { ...s, edits: s.edits.map((e) => (dropped.has(e) ? withoutTexts(e) : e)) }])),
  };
}

function withoutTexts(e: EditRecord): EditRecord {
  const { before: _b, after: _a, ...rest } = e;
  const undo = e.undo && "current" in e.undo ? { status: e.undo.status, message: e.undo.message } : e.undo;
  return { ...rest, omitted: e.omitted ?? "not_kept", ...(undo ? { undo } : {}) } as EditRecord;
}

/** What storage held, keeping only well-formed edits (an older or damaged value loses nothing else). */
export function validFileEdits(value: unknown): FileEditsState {
  const sessions = (value as { sessions?: unknown } | null)?.sessions;
  if (typeof sessions !== "object" || sessions === null || Array.isArray(sessions)) return { sessions: {} };
  const out: Record<string, SessionEdits> = {};
  for (const [id, raw] of Object.entries(sessions)) {
    const s = sessionSchema.safeParse(raw);
    if (!s.success) continue;
    const edits = s.data.edits.flatMap((e) => {
      const parsed = editSchema.safeParse(e);
      if (!parsed.success) return [];
      // An Undo asked before the restart was answered to a background that is gone.
      const edit = parsed.data as EditRecord;
      return [edit.undo?.status === "pending" ? { ...edit, undo: UNANSWERED } : edit];
    });
    if (edits.length > 0) out[id] = { edits, turn: s.data.turn, running: false, review: s.data.review };
  }
  return boundedFileEdits({ sessions: out });
}
