/**
 * Where a fork starts, in the client's terms. ACP's session/fork (unstable) takes no message index:
 * the fork holds a copy of the source session's whole history. So the client maps "before this
 * message" (edit and resend) or "after this message's turn" (fork from here) as follows:
 *  - the fork's transcript in the panel is the source's up to that point, then a notice naming it;
 *  - the agent still holds the later messages, so the fork's first prompt carries a note asking it
 *    to disregard them (`rewindNote`), added after the user's own text. Nothing is replayed live;
 *    a later session/load replays the agent's copy, whose withdrawn turns and note the client hides
 *    (`ForkReplay`, fork-replay.ts). Where the agent can rewind (goose), it keeps only what comes
 *    before the point, and there is no note.
 * Pure: the reducer and the background both use it. docs/ARCHITECTURE.md, "Conversation control".
 */
import type { ContentBlock } from "../../acp/schema";
import { type EntryList, entryArray } from "../conversation/entry-list";
import type { Entry } from "./client-state";

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
  /** What a replay of the fork hides; absent for forks remembered before it was kept. */
  replay?: ForkReplay;
}

/**
 * What a session/load of a fork hides of the agent's copy: the user messages (numbered as the replay
 * counts them, 1 = the first) withdrawn at a fork point, each with the turn that answered it, and the
 * notes cut from the messages that carried them. A fork of a fork inherits its parent's.
 */
export interface ForkReplay {
  hidden: number[];
  notes: string[];
}

/**
 * The fork's replay: the parent's, plus the parent's user messages past the point (`withdrawn` of the
 * `users` it shows) unless the agent rewound its copy to the point (then only what lies before stays).
 */
export function forkReplay(
  parent: ForkReplay | undefined,
  users: number,
  withdrawn: number,
  note: string | null,
  rewound: boolean,
): ForkReplay {
  const inherited = parent ?? { hidden: [], notes: [] };
  // The replay's number of the parent's nth shown user message: the nth number its replay does not hide.
  const replayNumber = (n: number) => {
    let number = 0;
    for (let shown = 0; shown < n; ) if (!inherited.hidden.includes(++number)) shown++;
    return number;
  };
  const first = users - withdrawn + 1;
  if (rewound) return { hidden: inherited.hidden.filter((h) => h < replayNumber(first)), notes: inherited.notes };
  const hidden = [...inherited.hidden];
  for (let n = first; n <= users; n++) hidden.push(replayNumber(n));
  return { hidden: hidden.sort((a, b) => a - b), notes: note ? [...inherited.notes, note] : inherited.notes };
}

/** The name the panel gives a fork, whatever the agent titles it (an agent may title it from the first prompt, note included). */
export function forkTitle(relation: Pick<ForkRelation, "parentTitle">): string {
  return relation.parentTitle ? `Fork of “${relation.parentTitle}”` : "Fork of an earlier session";
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
