/**
 * goose's true rewind (goose 1.50 and 1.52, not advertised): `session/fork` with
 * `_meta.conversationBefore: <Unix seconds>` keeps only the messages goose created before that time,
 * so a fork made at a point holds nothing past it and needs no note (fork-point.ts). goose stamps its
 * messages in whole seconds (`_meta.goose.created`), so the time must fall between the last message
 * kept and the first one withdrawn; when both fall in one second, there is no such time and the fork
 * takes the note instead. Keyed on the agent's name: the option is goose's own and unadvertised. Pure.
 */
import type { AgentState, Entry } from "./client-state";

/** goose releases known to keep `conversationBefore` (checked against 1.50.0 and 1.52.0). */
export function rewindsByTime(agent: AgentState): boolean {
  if (agent.info?.name !== "goose") return false;
  const [major = 0, minor = 0] = (agent.info.version ?? "").split(".").map(Number);
  return major > 1 || (major === 1 && minor >= 50);
}

/**
 * The `conversationBefore` that keeps the first `keep` entries and nothing after them; null when no
 * second separates them, or the first withdrawn message's time is unknown; undefined when nothing
 * is withdrawn (no rewind needed).
 */
export function rewindTime(entries: Entry[], keep: number): number | null | undefined {
  const first = entries[keep];
  if (!first) return undefined;
  if (first.kind !== "user" || first.created === undefined) return null;
  const before = first.created;
  const kept = entries.slice(0, keep);
  return kept.every((e) => (e.kind === "user" || e.kind === "agent" || e.kind === "thought" ? (e.created ?? -1) < before : true))
    ? before
    : null;
}
