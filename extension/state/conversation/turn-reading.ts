/**
 * How a turn reads to the user, whichever agent ran it. Agents end the same situation in different
 * ways (after a Deny, Codex ends the turn `cancelled`, Claude fails the tool call, Gemini answers
 * `end_turn` with nothing after the request), and replays differ from the live view (Codex sends no
 * message ids; Claude replays its interruption marker as a user message). These pure rules give one
 * reading; client-reducer/ applies them.
 */
import type { ContentBlock, PermissionOption } from "../../acp/schema";
import type { Entry, PermissionRequestState, SessionState, ToolStatus, UserEntry } from "../sessions/client-state";
import { type EntryList, entryAt, entryCount } from "./entry-list";

/** Whether the option the user picked refuses the call. */
export function isDenial(request: PermissionRequestState, optionId: string | null | undefined): boolean {
  if (optionId == null) return false;
  const kind: PermissionOption["kind"] | undefined = request.options.find((o) => o.optionId === optionId)?.kind;
  return kind === "reject_once" || kind === "reject_always";
}

/**
 * The status a card takes from the agent's report. A denial stands over anything but a new question
 * (the agent reports a denied call as failed, cancelled, or on replay even completed); after Stop,
 * a call the agent calls failed was cancelled by the user.
 */
export function nextToolStatus(current: ToolStatus, reported: ToolStatus, denied: boolean): ToolStatus {
  if (denied) return "denied";
  if (current === "cancelled" && reported === "failed") return "cancelled";
  return reported;
}

/** Whether an entry of the current (or last) turn, everything after the last user message, passes `test`. */
function someInTurn(entries: EntryList, test: (entry: Entry) => boolean): boolean {
  for (let i = entryCount(entries) - 1; i >= 0; i--) {
    const entry = entryAt(entries, i)!;
    if (entry.kind === "user") return false;
    if (test(entry)) return true;
  }
  return false;
}

/** Whether the turn produced anything for the user to read: answer text, an attachment or a tool call. */
export function turnHasOutput(entries: EntryList): boolean {
  return someInTurn(entries, (e) => e.kind === "tool" || (e.kind === "agent" && (e.text.trim() !== "" || e.attachments.length > 0)));
}

/** Whether the user denied a tool call in the current turn. */
export function turnHasDenial(session: Pick<SessionState, "entries" | "deniedToolCalls">): boolean {
  if (session.deniedToolCalls.length === 0) return false;
  return someInTurn(session.entries, (e) => e.kind === "tool" && session.deniedToolCalls.includes(e.id));
}

/**
 * Markers agents store in the transcript when the user interrupted a turn, replayed as if the user
 * had typed them (Claude Code: "[Request interrupted by user]" and "… for tool use]").
 */
const INTERRUPTION_MARKER = /^\s*\[Request interrupted by user[^\]]*\]\s*$/;

export function isInterruptionMarker(block: ContentBlock): boolean {
  return block.type === "text" && INTERRUPTION_MARKER.test(block.text);
}

/**
 * Whether a user chunk continues the last entry's bubble. A replay sends one chunk per content block,
 * grouped by messageId; without ids (Codex), a text block right after a text block is the next
 * prompt, because a prompt from this panel carries one run of text (further blocks are resources).
 */
export function continuesUserMessage(
  last: Entry | undefined,
  block: ContentBlock,
  messageId: string | null | undefined,
  replaying: boolean,
): last is UserEntry {
  if (last?.kind !== "user") return false;
  if (messageId != null) return last.messageId === messageId;
  if (replaying && block.type === "text" && last.content.at(-1)?.type === "text") return false;
  return true;
}
