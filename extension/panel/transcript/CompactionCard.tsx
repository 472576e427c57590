/**
 * A context compaction in the transcript: its state, how much context it freed (the agent's usage
 * reports before and after it) and, folded, what it summarised.
 */
import type { CompactionState } from "../../state/sessions/client-state";
import { active } from "../../view/state-signals";
import { compactCount } from "../agent-work/usage";

export function CompactionCard({ compactionId }: { compactionId: string }) {
  const entry = active.compactions.value[compactionId];
  if (!entry) return null;
  return (
    <section class={`compaction compaction--${entry.status}`} aria-label="Context compaction">
      <p class="compaction__headline">
        {headline(entry.status)}
        {contextChange(entry) && <span class="compaction__context">{contextChange(entry)}</span>}
      </p>
      {entry.error && <p class="compaction__error">{entry.error}</p>}
      {entry.summary && (
        <details class="compaction__summary">
          <summary>What was summarised</summary>
          <p>{entry.summary}</p>
        </details>
      )}
    </section>
  );
}

function headline(status: string): string {
  switch (status) {
    case "in_progress":
      return "Compacting the conversation…";
    case "completed":
      return "Conversation compacted";
    case "failed":
      return "Compacting the conversation failed";
    case "cancelled":
      return "Compacting the conversation was cancelled";
    default:
      return `Compaction: ${status}`;
  }
}

function contextChange(entry: CompactionState): string | null {
  const { contextBefore: before, contextAfter: after } = entry;
  if (before === null) return null;
  return after === null ? `context ${compactCount(before)} tokens` : `context ${compactCount(before)} → ${compactCount(after)} tokens`;
}
