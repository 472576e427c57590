/**
 * The messages waiting for the turn to end, between the transcript and the composer: one compact
 * chip each (its text on one line), and the chip's menu sends it now (steered in where the agent
 * can, else the turn stops and it goes), edits it in place, moves it or removes it. So a long queue
 * takes a line or two, and the conversation keeps its height. When the queue is held (the turn was
 * stopped or failed, or the agent restarted) it says so, with a Send.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { ContentBlock } from "../../acp/schema";
import type { QueuedMessage, QueueHold } from "../../state/sessions/queue-state";
import { send } from "../../view/background-link";
import { active, activeSessionId } from "../../view/state-signals";
import { type MenuAction, MenuButton } from "../header/Menu";

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
        <p class="queue__title">
          {count === 1 ? "Queued, sent when the turn ends:" : `${count} queued, sent in order when the turn ends:`}
        </p>
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
  const editor = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (draft !== null) editor.current?.focus();
  }, [draft === null]);
  const text = messageText(message.content);
  const save = () => {
    if (draft === null) return;
    if (draft.trim() === "") send({ type: "queue_remove", sessionId, id: message.id });
    else if (draft !== text) send({ type: "queue_edit", sessionId, id: message.id, content: withText(message.content, draft) });
    setDraft(null);
  };
  const move = (to: number) => send({ type: "queue_move", sessionId, id: message.id, to });
  const actions: MenuAction[] = [
    {
      label: "Send now",
      icon: "send",
      hint: active.steerable.value ? "Add it to the running turn" : "Stop the turn and send it",
      run: () => send({ type: "queue_send_now", sessionId, id: message.id }),
    },
    { label: "Edit", icon: "edit", hint: "Edit it here; Enter saves, Escape leaves it as it was", run: () => setDraft(text) },
    {
      label: "Move up",
      icon: "up",
      disabled: index === 0,
      hint: index === 0 ? "It goes first already." : "Send it earlier",
      run: () => move(index - 1),
    },
    {
      label: "Move down",
      icon: "down",
      disabled: index === count - 1,
      hint: index === count - 1 ? "It goes last already." : "Send it later",
      run: () => move(index + 1),
    },
    {
      label: "Remove",
      icon: "delete",
      hint: "Take it out of the queue",
      run: () => send({ type: "queue_remove", sessionId, id: message.id }),
    },
  ];
  const shown = text || "(attachments only)";
  return (
    <li class="queue__item">
      {draft === null ? (
        <MenuButton label={`Queued ${index + 1}: ${shown}`} hint={shown} icon="queue" text={shown} class="queue__chip" actions={actions} />
      ) : (
        <textarea
          ref={editor}
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
