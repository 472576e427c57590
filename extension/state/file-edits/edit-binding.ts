/**
 * Which tool card an edit belongs to. The host knows the file and the session, never the card, and
 * agents name the file in their card their own way: ACP's `locations` and `diff` content (goose,
 * codex-acp), or only the raw input (`path`, Claude's `file_path`). The host reports a write before
 * the agent hears its answer, so the card that asked is still open when the edit arrives; a card that
 * names its file only in its last update (or arrives later) takes the edit then. Pure.
 */

import { entryArray } from "../conversation/entry-list";
import { toolCallOf } from "../conversation/tool-call-map";
import type { SessionState, ToolCallState } from "../sessions/client-state";
import { changeEdits, type EditRecord, type FileEditsState, sessionEdits } from "./file-edits";

/** Kinds that never write: their cards cannot take an edit of the same file. */
const NOT_WRITING = new Set(["read", "search", "think", "fetch"]);
const SETTLED = new Set<ToolCallState["status"]>(["completed", "failed", "cancelled", "denied", "unfinished"]);
const INPUT_PATH_KEYS = ["path", "file_path", "filePath", "file", "abs_path"] as const;

/** The files a card names. */
function cardPaths(card: ToolCallState): string[] {
  const paths = [...card.locations.map((l) => l.path), ...card.content.flatMap((c) => (c.type === "diff" ? [c.path] : []))];
  const raw = card.rawInput;
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    for (const key of INPUT_PATH_KEYS) {
      const value = (raw as Record<string, unknown>)[key];
      if (typeof value === "string" && value !== "") paths.push(value);
    }
  }
  return paths;
}

/** The card names the edit's file: as the agent gave it, as the host resolved it, or relative to the session's folder. */
function namesFile(card: ToolCallState, edit: Pick<EditRecord, "path" | "agentPath">): boolean {
  if (card.kind && NOT_WRITING.has(card.kind)) return false;
  return cardPaths(card).some((p) => samePath(p, edit.agentPath) || samePath(p, edit.path));
}

function samePath(named: string, file: string): boolean {
  const trim = (p: string) => p.replace(/[\\/]+$/, "");
  const a = trim(named);
  const b = trim(file);
  if (a === b) return true;
  // A relative name (Claude's input, codex's patch) counts when the file ends with it.
  const relative = !/^([\\/]|[A-Za-z]:)/.test(a) && a !== "";
  return relative && (b.endsWith(`/${a.replace(/^\.\//, "")}`) || b.endsWith(`\\${a.replace(/^\.\\/, "")}`));
}

/** The card already holds an edit of this file (a card may write several files, each once). */
function cardTaken(edits: readonly EditRecord[], toolCallId: string, edit: EditRecord): boolean {
  return edits.some((e) => e !== edit && e.toolCallId === toolCallId && e.path === edit.path);
}

/** A new edit: the session's earliest open card that names its file and holds no edit of it yet. */
export function bindNewEdit(state: FileEditsState, sessionId: string, editId: string, session: SessionState | undefined): FileEditsState {
  const s = sessionEdits(state, sessionId);
  const edit = s.edits.find((e) => e.editId === editId);
  if (!session || !edit || edit.toolCallId !== undefined) return state;
  for (const entry of entryArray(session.entries)) {
    if (entry.kind !== "tool") continue;
    const card = toolCallOf(session.toolCalls, entry.id);
    if (!card || SETTLED.has(card.status) || !namesFile(card, edit) || cardTaken(s.edits, card.toolCallId, edit)) continue;
    return changeEdits(state, sessionId, (e) => (e === edit ? { ...e, toolCallId: card.toolCallId } : e));
  }
  return state;
}

/**
 * A card changed (announced, updated, asked about): it takes the oldest edit of this turn still
 * without a card for each file it names, or of any turn while a session/load replays its cards.
 */
export function bindChangedCard(
  state: FileEditsState,
  sessionId: string,
  session: SessionState | undefined,
  toolCallId: string,
): FileEditsState {
  const s = state.sessions[sessionId];
  if (!s || !session || !s.edits.some((e) => e.toolCallId === undefined)) return state;
  const card = toolCallOf(session.toolCalls, toolCallId);
  if (!card) return state;
  const taken = new Set<string>();
  for (const e of s.edits) if (e.toolCallId === toolCallId) taken.add(e.path);
  return changeEdits(state, sessionId, (e) => {
    if (e.toolCallId !== undefined || taken.has(e.path) || !(session.loading || e.turn === s.turn) || !namesFile(card, e)) return e;
    taken.add(e.path);
    return { ...e, toolCallId };
  });
}

const NONE: readonly EditRecord[] = [];

/** The edits a card holds, oldest first (one shared empty list for the many cards that hold none). */
export function editsOfCard(state: FileEditsState, sessionId: string, toolCallId: string): readonly EditRecord[] {
  const held = sessionEdits(state, sessionId).edits.filter((e) => e.toolCallId === toolCallId);
  return held.length === 0 ? NONE : held;
}
