/**
 * The message box. Enter sends, Shift+Enter adds a line (Enter while an input method is composing
 * is left alone); while a turn runs, Stop stops it, Send queues the message for when it ends, and
 * Steer (where the agent can take it) adds the message to the running turn. Typing `/` offers the
 * agent's commands.
 */

import { useEffect, useRef, useState } from "preact/hooks";
import type { AvailableCommand } from "../acp/schema";
import { sentenceStart } from "../state/agent-name";
import { buildPrompt } from "../state/page-context";
import { agentName } from "../view/agent-label";
import { send } from "../view/background-link";
import { active, activeSessionId, agent, opening } from "../view/state-signals";
import { attachError, attachments, attachPage, attachScreenshot, clearDraft, draftText, focusComposer } from "./attachments";
import { Chips } from "./Chips";
import { activeHint } from "./slash";
import { afterInput, choose as chooseCommand, INITIAL_MENU, menuKey, offered } from "./slash-menu";

export function Composer() {
  const text = draftText.value;
  const [caret, setCaret] = useState(0);
  const [menu, setMenu] = useState(INITIAL_MENU);
  const box = useRef<HTMLTextAreaElement>(null);
  const running = active.turn.value !== "idle";
  const ready = agent.value?.phase === "ready";
  const busy = active.loading.value || opening.value !== null;
  const attached = attachments.value;
  const canSend = ready && !busy && (text.trim().length > 0 || attached.length > 0);
  const canSteer = running && active.steerable.value;
  const canImage = !!agent.value?.capabilities?.promptCapabilities?.image;
  const focusTick = focusComposer.value;
  useEffect(() => box.current?.focus(), [focusTick]);
  const commands = active.commands.value;
  const matches = offered(menu, text, caret, commands);
  const menuOpen = matches.length > 0;
  const hint = activeHint(text, commands);

  const update = (value: string, at: number) => {
    draftText.value = value;
    setCaret(at);
    setMenu(afterInput(menu, value));
  };
  const choose = (c: AvailableCommand) => {
    const next = chooseCommand(text, c);
    draftText.value = next.text;
    setCaret(next.text.length);
    setMenu(next.menu);
    queueMicrotask(() => box.current?.setSelectionRange(next.text.length, next.text.length));
    box.current?.focus();
  };
  const submit = (steer = false) => {
    if (!canSend) return;
    const content = buildPrompt(text, attached, agent.value?.capabilities?.promptCapabilities);
    const sessionId = activeSessionId.value;
    // While a turn runs the background queues a prompt; a steer joins the turn.
    send(steer && sessionId ? { type: "steer", sessionId, content } : { type: "prompt", sessionId, content });
    clearDraft();
    setCaret(0);
    setMenu(INITIAL_MENU);
    box.current?.focus();
  };
  const stop = () => {
    const id = activeSessionId.value;
    if (id) send({ type: "cancel", sessionId: id });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.isComposing) return;
    const result = menuKey(menu, e.key, matches);
    if (result) {
      e.preventDefault();
      if ("choose" in result) choose(result.choose);
      else setMenu(result.menu);
    } else if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
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
      {menuOpen && <SlashList matches={matches} picked={menu.picked} onChoose={choose} />}
      <textarea
        ref={box}
        class="composer__input"
        aria-label={`Message ${agentName.value}`}
        aria-controls={menuOpen ? "slash-commands" : undefined}
        aria-activedescendant={menuOpen ? `slash-${menu.picked}` : undefined}
        aria-autocomplete="list"
        placeholder={ready ? `Ask ${agentName.value}…  (/ for commands)` : `${sentenceStart(agentName.value)} is not ready yet`}
        rows={3}
        value={text}
        onInput={(e) => {
          const t = e.target as HTMLTextAreaElement;
          update(t.value, t.selectionStart);
        }}
        onKeyUp={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart)}
        onClick={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart)}
        onKeyDown={onKeyDown}
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
        {running && (
          <button type="button" class="button button--stop" onClick={stop} disabled={active.turn.value === "cancelling"}>
            {active.turn.value === "cancelling" ? "Stopping…" : "Stop"}
          </button>
        )}
        {canSteer && (
          <button
            type="button"
            class="button button--ghost"
            disabled={!canSend}
            onClick={() => submit(true)}
            title="Add this message to the running turn"
          >
            Steer
          </button>
        )}
        <button type="submit" class="button" disabled={!canSend} title={running ? "Queue it for when the turn ends" : undefined}>
          {running ? "Queue" : "Send"}
        </button>
      </div>
    </form>
  );
}

/** The offered commands; a press chooses without taking focus from the textarea. */
function SlashList({ matches, picked, onChoose }: { matches: AvailableCommand[]; picked: number; onChoose(c: AvailableCommand): void }) {
  return (
    <div class="slash" role="listbox" id="slash-commands" aria-label="Commands">
      {matches.map((c, i) => (
        <div
          key={c.name}
          id={`slash-${i}`}
          role="option"
          tabIndex={-1}
          aria-selected={i === picked}
          class={i === picked ? "slash__item is-picked" : "slash__item"}
          onMouseDown={(e) => {
            e.preventDefault(); // keep focus in the textarea
            onChoose(c);
          }}
        >
          <span class="slash__name">/{c.name}</span>
          <span class="slash__description">{c.description}</span>
          {c.input?.hint && <span class="slash__hint">{c.input.hint}</span>}
        </div>
      ))}
    </div>
  );
}
