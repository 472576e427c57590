/**
 * A fork's transcript after a session/load: the agent replays its copy, which holds the parent's
 * whole conversation and the note the fork's first prompt carried (fork-point.ts). The client hides
 * what the fork withdrew (each hidden user message and the turn that answered it) and cuts the notes,
 * so a reloaded fork shows what it showed live. Pure.
 */
import type { ContentBlock } from "../../acp/schema";
import { type EntryList, emptyEntries, entryArray, pushEntry } from "../conversation/entry-list";
import type { Entry } from "./client-state";
import type { ForkReplay } from "./fork-point";

export function hideWithdrawn(entries: EntryList, replay: ForkReplay): EntryList {
  if (replay.hidden.length === 0 && replay.notes.length === 0) return entries;
  let users = 0;
  let hiding = false;
  let changed = false;
  let kept: EntryList = emptyEntries;
  for (const entry of entryArray(entries)) {
    let shown: Entry | null = entry;
    if (entry.kind === "user") {
      users++;
      hiding = replay.hidden.includes(users);
      const content = hiding ? [] : withoutNotes(entry.content, replay.notes);
      shown = hiding || content.length === 0 ? null : content === entry.content ? entry : { ...entry, content };
    } else if (hiding) shown = null;
    if (shown !== entry) changed = true;
    if (shown) kept = pushEntry(kept, shown);
  }
  return changed ? kept : entries;
}

/** The blocks without the notes: a note replayed glued to the user's text, or as a block of its own. */
function withoutNotes(content: ContentBlock[], notes: string[]): ContentBlock[] {
  if (notes.length === 0) return content;
  let changed = false;
  const next: ContentBlock[] = [];
  for (const block of content) {
    if (block.type !== "text") {
      next.push(block);
      continue;
    }
    const text = notes.reduce((t, note) => t.split(note).join(""), block.text);
    if (text === block.text) next.push(block);
    else {
      changed = true;
      if (text.trim() !== "") next.push({ ...block, text: text.trimEnd() });
    }
  }
  return changed ? next : content;
}
