/**
 * A notice in the transcript. A turn the agent failed is a card with what it said and, while it is the
 * last thing said and the agent is ready, Retry: the message before it sent again as it was.
 */
import type { NoticeEntry } from "../../state/sessions/client-state";
import { send } from "../../view/background-link";
import { active, activeSessionId, agent, entryIds, entrySignal } from "../../view/state-signals";

export function Notice({ entry }: { entry: NoticeEntry }) {
  if (!entry.retry) return <p class={`notice notice--${entry.tone}`}>{entry.text}</p>;
  const canRetry = entryIds.value.at(-1) === entry.id && active.turn.value === "idle" && agent.value?.phase === "ready";
  return (
    <div class="notice notice--card">
      <p class="notice__text">{entry.text}</p>
      {canRetry && (
        <button type="button" class="button button--ghost" onClick={() => retry(entry.id)}>
          Retry
        </button>
      )}
    </div>
  );
}

function retry(noticeId: string): void {
  const ids = entryIds.value;
  for (let at = ids.indexOf(noticeId) - 1; at >= 0; at--) {
    const entry = entrySignal(ids[at]!)?.value;
    if (entry?.kind !== "user") continue;
    send({ type: "prompt", sessionId: activeSessionId.value, content: entry.content });
    return;
  }
}
