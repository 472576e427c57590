/**
 * The messages waiting for the turn to end, under the transcript: each can be edited, removed,
 * moved, or sent now (steered in where the agent can, else the turn stops and it goes). When the
 * queue is held (the turn was stopped or failed, or the agent restarted) it says so, with a Send.
 */
import { useState } from "preact/hooks";
import type { ContentBlock } from "../acp/schema";
import type { QueuedMessage, QueueHold } from "../state/queue-state";
import { send } from "../view/background-link";
import { active, activeSessionId } from "../view/state-signals";

export function QueueList() {
  const queue = active.queue.value;
  const sessionId = activeSessionId.value;
  if (!queue || !sessionId || queue.items.length === 0) return null;
  const count = queue.items.length;
  return (
    <section class="queue" aria-label="Queued messages">
      {queue.hold ? (
        <div class="queue__hold" role="status">
          <span>{holdText(queue.hold, count)}</span>
          <button
            type="button"
            class="button button--small"
            aria-label="Send the queued messages"
            onClick={() => send({ type: "queue_resume", sessionId })}
          >
            Send
          </button>
        </div>
      ) : (
        <p class="queue__title">{count === 1 ? "1 message waits for the turn to end" : `${count} messages wait for the turn to end`}</p>
      )}
      <ol class="queue__items">
        {queue.items.map((m, i) => (
          <QueueItem key={m.id} sessionId={sessionId} message={m} index={i} count={count} />
        ))}
      </ol>
    </section>
  );
}

function holdText(hold: QueueHold, count: number): string {
  const waiting = count === 1 ? "1 queued message waits" : `${count} queued messages wait`;
  switch (hold) {
    case "stopped":
      return `The turn was stopped: ${waiting}.`;
    case "error":
      return `The turn failed: ${waiting}.`;
    case "restarted":
      return `The agent restarted: ${waiting}.`;
  }
}

function QueueItem({ sessionId, message, index, count }: { sessionId: string; message: QueuedMessage; index: number; count: number }) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = messageText(message.content);
  const save = () => {
    if (draft === null) return;
    if (draft.trim() === "") send({ type: "queue_remove", sessionId, id: message.id });
    else if (draft !== text) send({ type: "queue_edit", sessionId, id: message.id, content: withText(message.content, draft) });
    setDraft(null);
  };
  const move = (to: number) => send({ type: "queue_move", sessionId, id: message.id, to });
  return (
    <li class="queue__item">
      {draft === null ? (
        <p class="queue__text">{text || "(attachments only)"}</p>
      ) : (
        <textarea
          class="queue__editor"
          aria-label="Edit queued message"
          value={draft}
          rows={2}
          onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              save();
            } else if (e.key === "Escape") setDraft(null);
          }}
        />
      )}
      <div class="queue__actions">
        {draft === null ? (
          <button type="button" class="button button--ghost button--small" onClick={() => setDraft(text)}>
            Edit
          </button>
        ) : (
          <button type="button" class="button button--ghost button--small" onClick={save}>
            Save
          </button>
        )}
        <button
          type="button"
          class="button button--ghost button--small"
          aria-label="Move up"
          disabled={index === 0}
          onClick={() => move(index - 1)}
        >
          ↑
        </button>
        <button
          type="button"
          class="button button--ghost button--small"
          aria-label="Move down"
          disabled={index === count - 1}
          onClick={() => move(index + 1)}
        >
          ↓
        </button>
        <button
          type="button"
          class="button button--ghost button--small"
          onClick={() => send({ type: "queue_remove", sessionId, id: message.id })}
        >
          Remove
        </button>
        <button
          type="button"
          class="button button--small"
          title={active.steerable.value ? "Add it to the running turn" : "Stop the turn and send it"}
          onClick={() => send({ type: "queue_send_now", sessionId, id: message.id })}
        >
          Send now
        </button>
      </div>
    </li>
  );
}

function messageText(content: ContentBlock[]): string {
  return content
    .filter((b) => b.type === "text")
    .map((b) => (b.type === "text" ? b.text : ""))
    .join("\n");
}

/** The edited text in place of the message's text; its attachments stay as they were. */
function withText(content: ContentBlock[], text: string): ContentBlock[] {
  const others = content.filter((b) => b.type !== "text");
  const at = content.findIndex((b) => b.type === "text");
  const block: ContentBlock = { type: "text", text };
  if (at < 0) return [...others, block];
  const before = content.slice(0, at).filter((b) => b.type !== "text");
  return [...before, block, ...others.slice(before.length)];
}
