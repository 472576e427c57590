/**
 * Where a fork starts, in the client's terms. ACP's session/fork (unstable) takes no message index:
 * the fork holds a copy of the source session's whole history. So the client maps "before this
 * message" (edit and resend) or "after this message's turn" (fork from here) as follows:
 *  - the fork's transcript in the panel is the source's up to that point, then a notice naming it;
 *  - the agent still holds the later messages, so the fork's first prompt carries a note asking it
 *    to disregard them (`rewindNote`), added after the user's own text. Nothing is replayed.
 * Pure: the reducer and the background both use it. docs/ARCHITECTURE.md, "Conversation control".
 */
import type { ContentBlock } from "../acp/schema";
import type { Entry } from "./client-state";
import { type EntryList, entryArray } from "./entry-list";

export type ForkHow = "edit" | "from";

/** A fork made in this browser: the child's relation to its parent (kept in extension storage). */
export interface ForkRelation {
  parentId: string;
  parentTitle: string | null;
  /** The user message (1 = the first) the fork was made at. */
  at: number;
  how: ForkHow;
  /** The note for the agent that goes with the fork's first prompt; null once sent or when none is needed. */
  note: string | null;
}

export interface ForkPoint {
  /** How many of the source's entries the fork's transcript keeps. */
  keep: number;
  /** The user message's number (1 = the first). */
  at: number;
  /** User messages the agent still holds after the point (they are to be disregarded). */
  withdrawn: number;
}

/** The point for `how` at the user entry `entryId`; null when there is no such user entry. */
export function forkPoint(entries: EntryList, entryId: string, how: ForkHow): ForkPoint | null {
  const all: Entry[] = entryArray(entries);
  const index = all.findIndex((e) => e.id === entryId && e.kind === "user");
  if (index < 0) return null;
  const users = all.map((e, i) => (e.kind === "user" ? i : -1)).filter((i) => i >= 0);
  const at = users.indexOf(index) + 1;
  if (how === "edit") return { keep: index, at, withdrawn: users.length - at + 1 };
  const next = users[at] ?? all.length;
  return { keep: next, at, withdrawn: users.length - at };
}

/** What the agent is told with the fork's first prompt, when it holds messages past the point. */
export function rewindNote(withdrawn: number): string | null {
  if (withdrawn <= 0) return null;
  const them = withdrawn === 1 ? "my last message" : `my last ${withdrawn} messages`;
  return `(Note from the client: I went back in this conversation. Disregard ${them} and everything you did in answer, and continue from before ${withdrawn === 1 ? "it" : "them"}.)`;
}

/** The prompt as the agent gets it: the user's blocks, then the note when one is due. */
export function withRewindNote(content: ContentBlock[], note: string | null): ContentBlock[] {
  return note ? [...content, { type: "text", text: note }] : content;
}
