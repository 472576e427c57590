/**
 * The message box. Enter sends, Shift+Enter adds a line (Enter while an input method is composing
 * is left alone); while a turn runs, Send becomes Stop. Typing `/` offers the agent's commands.
 */
import type { AvailableCommand } from "@agentclientprotocol/sdk";
import { useEffect, useRef, useState } from "preact/hooks";
import { buildPrompt } from "../state/page-context";
import { send } from "../view/background-link";
import { active, activeSessionId, agent, opening } from "../view/store";
import { attachError, attachments, attachPage, attachScreenshot, clearAttachments, focusComposer } from "./attachments";
import { Chips } from "./Chips";
import { activeHint, applyCommand, matchCommands, slashQuery } from "./slash";

export function Composer() {
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const running = active.turn.value !== "idle";
  const ready = agent.value?.phase === "ready";
  const busy = active.loading.value || opening.value !== null;
  const attached = attachments.value;
  const canSend = ready && !busy && !running && (text.trim().length > 0 || attached.length > 0);
  const canImage = !!agent.value?.capabilities?.promptCapabilities?.image;
  const focusTick = focusComposer.value;
  useEffect(() => box.current?.focus(), [focusTick]);
  const commands = active.commands.value;
  const query = dismissed ? null : slashQuery(text, caret);
  const matches = query === null ? [] : matchCommands(commands, query);
  const menuOpen = matches.length > 0;
  const hint = activeHint(text, commands);

  const update = (value: string, at: number) => {
    setText(value);
    setCaret(at);
    setPicked(0);
    if (!value.startsWith("/")) setDismissed(false);
  };
  const choose = (c: AvailableCommand) => {
    const next = applyCommand(text, c);
    update(next, next.length);
    setDismissed(true);
    queueMicrotask(() => box.current?.setSelectionRange(next.length, next.length));
    box.current?.focus();
  };
  const submit = () => {
    if (!canSend) return;
    const content = buildPrompt(text, attached, agent.value?.capabilities?.promptCapabilities);
    send({ type: "prompt", sessionId: activeSessionId.value, content });
    clearAttachments();
    update("", 0);
    setDismissed(false);
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
      <Chips />
      {attachError.value && (
        <p class="notice notice--warning" role="alert">
          {attachError.value}
        </p>
      )}
      {menuOpen && (
        <ul class="slash" role="listbox" id="slash-commands" aria-label="Commands">
          {matches.map((c, i) => (
            <li
              key={c.name}
              id={`slash-${i}`}
              role="option"
              aria-selected={i === picked}
              class={i === picked ? "slash__item is-picked" : "slash__item"}
              onMouseDown={(e) => {
                e.preventDefault(); // keep focus in the textarea
                choose(c);
              }}
            >
              <span class="slash__name">/{c.name}</span>
              <span class="slash__description">{c.description}</span>
              {c.input?.hint && <span class="slash__hint">{c.input.hint}</span>}
            </li>
          ))}
        </ul>
      )}
      <textarea
        ref={box}
        class="composer__input"
        aria-label="Message goose"
        aria-controls={menuOpen ? "slash-commands" : undefined}
        aria-activedescendant={menuOpen ? `slash-${picked}` : undefined}
        aria-autocomplete="list"
        placeholder={ready ? "Ask goose…  (/ for commands)" : "goose is not ready yet"}
        autoFocus
        rows={3}
        value={text}
        onInput={(e) => {
          const t = e.target as HTMLTextAreaElement;
          update(t.value, t.selectionStart);
        }}
        onKeyUp={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart)}
        onClick={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart)}
        onKeyDown={(e) => {
          if (e.isComposing) return;
          if (menuOpen) {
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              const step = e.key === "ArrowDown" ? 1 : -1;
              setPicked((picked + step + matches.length) % matches.length);
              return;
            }
            if (e.key === "Enter" || e.key === "Tab") {
              e.preventDefault();
              choose(matches[picked]!);
              return;
            }
            if (e.key === "Escape") {
              e.preventDefault();
              setDismissed(true);
              return;
            }
          }
          if (e.key === "Enter" && !e.shiftKey) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div class="composer__actions">
        <button
          type="button"
          class="button button--ghost button--small"
          disabled={!ready}
          onClick={() => void attachPage()}
          title="Attach this tab's readable text"
        >
          Attach page
        </button>
        {canImage && (
          <button
            type="button"
            class="button button--ghost button--small"
            disabled={!ready}
            onClick={() => void attachScreenshot()}
            title="Attach a screenshot of this tab"
          >
            Screenshot
          </button>
        )}
        <span class="composer__hint">{hint ?? ""}</span>
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
