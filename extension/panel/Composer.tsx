/**
 * The message box. Enter sends, Shift+Enter adds a line (and Enter while an input method is
 * composing is left alone); while a turn runs, Send becomes Stop.
 */
import { useRef, useState } from "preact/hooks";
import { activeSessionId, active, agent, opening } from "./store";
import { send } from "./background-link";

export function Composer() {
  const [text, setText] = useState("");
  const box = useRef<HTMLTextAreaElement>(null);
  const running = active.turn.value !== "idle";
  const ready = agent.value?.phase === "ready";
  const busy = active.loading.value || opening.value !== null;
  const canSend = ready && !busy && !running && text.trim().length > 0;

  const submit = () => {
    if (!canSend) return;
    send({ type: "prompt", sessionId: activeSessionId.value, content: [{ type: "text", text }] });
    setText("");
    box.current?.focus();
  };
  const stop = () => {
    const id = activeSessionId.value;
    if (id) send({ type: "cancel", sessionId: id });
  };

  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={box}
        class="composer__input"
        aria-label="Message goose"
        placeholder={ready ? "Ask goose…" : "goose is not ready yet"}
        rows={3}
        value={text}
        onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div class="composer__actions">
        {running ? (
          <button type="button" class="button button--stop" onClick={stop} disabled={active.turn.value === "cancelling"}>
            {active.turn.value === "cancelling" ? "Stopping…" : "Stop"}
          </button>
        ) : (
          <button type="submit" class="button" disabled={!canSend}>
            Send
          </button>
        )}
      </div>
    </form>
  );
}
