/**
 * The message box. Enter sends, Shift+Enter adds a line (Enter while an input method is composing
 * is left alone); while a turn runs, Stop stops it, Send queues the message for when it ends, and
 * Steer (where the agent can take it) adds the message to the running turn; while a session opens, a
 * message sent is held for it (held-send.ts). Typing `/` offers the agent's commands. One box holds
 * the chips, the text, and a row of icon buttons (attach the page, the selection, a screenshot), the
 * session's settings, the agent's status and Send.
 */

import { useEffect, useRef, useState } from "preact/hooks";
import type { AvailableCommand } from "../../acp/schema";
import { sentenceStart } from "../../state/connection/agent-name";
import { buildPrompt } from "../../state/conversation/page-context";
import { agentName } from "../../view/agent-label";
import { send } from "../../view/background-link";
import { active, activeSessionId, agent, connection, opening, openings } from "../../view/state-signals";
import { AgentStatus } from "../agent-work/AgentStatus";
import { Icon, IconButton } from "../icons";
import {
  attachError,
  attachments,
  attachPage,
  attachScreenshot,
  attachSelection,
  clearDraft,
  draftText,
  focusComposer,
} from "./attachments";
import { Chips } from "./Chips";
import { ConfigPickers } from "./ConfigPickers";
import { agentStarting, type HeldSend, holdFor, type OpeningNow, settleHeld } from "./held-send";
import { activeHint } from "./slash";
import { afterInput, choose as chooseCommand, INITIAL_MENU, menuKey, offered } from "./slash-menu";
import "./composer.css";

export function Composer() {
  const text = draftText.value;
  const [caret, setCaret] = useState(0);
  const [menu, setMenu] = useState(INITIAL_MENU);
  const box = useRef<HTMLTextAreaElement>(null);
  const running = active.turn.value !== "idle";
  const ready = agent.value?.phase === "ready";
  const starting = agentStarting(connection.value, agent.value?.phase);
  const busy = active.loading.value || opening.value !== null;
  const attached = attachments.value;
  const filled = text.trim().length > 0 || attached.length > 0;
  const canSend = ready && !busy && filled;
  const [held, setHeld] = useState<HeldSend | null>(null);
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
  const now: OpeningNow = {
    ready,
    starting,
    restoring: ready && !agent.value?.sessionOpened && !!agent.value?.capabilities?.loadSession,
    opening: opening.value,
    activeSessionId: activeSessionId.value,
    loading: active.loading.value,
    openings: openings.value,
  };
  const submit = (steer = false, fromHold = false) => {
    if (held && !fromHold) return;
    // While the agent starts, the message waits for it (and then for its session) in the box.
    if (starting && filled && !steer && !fromHold) {
      setHeld({ kind: "start", openings: now.openings });
      return;
    }
    // While a session opens, and for the first message (the panel asks for the session itself), the
    // message waits for the session in the box, so a session that fails to open loses nothing.
    const first = !busy && now.activeSessionId === null;
    if (ready && filled && !steer && !fromHold && (busy || first)) {
      const hold = holdFor(now, first);
      if (first) send({ type: "new_session" });
      setHeld(hold);
      return;
    }
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
  // The held message goes once its session can take it; an opening that failed leaves it in the draft.
  const heldOutcome = held && settleHeld(held, now);
  useEffect(() => {
    if (!heldOutcome || heldOutcome === "wait") return;
    setHeld(null);
    if (heldOutcome === "send") submit(false, true);
  }, [heldOutcome]);
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
      {menuOpen && <SlashList matches={matches} picked={menu.picked} onChoose={choose} />}
      <div class="composer__box">
        <Chips />
        {attachError.value && (
          <p class="notice notice--warning" role="alert">
            {attachError.value}
          </p>
        )}
        <textarea
          ref={box}
          class="composer__input"
          aria-label={`Message ${agentName.value}`}
          aria-controls={menuOpen ? "slash-commands" : undefined}
          aria-activedescendant={menuOpen ? `slash-${menu.picked}` : undefined}
          aria-autocomplete="list"
          placeholder={ready ? `Ask ${agentName.value}…  (/ for commands)` : `${sentenceStart(agentName.value)} is not ready yet`}
          rows={2}
          value={text}
          onInput={(e) => {
            const t = e.target as HTMLTextAreaElement;
            update(t.value, t.selectionStart);
          }}
          onKeyUp={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart)}
          onClick={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart)}
          onKeyDown={onKeyDown}
        />
        {held ? (
          <p class="composer__hint" role="status">
            {held.kind === "start" ? `Sends when ${agentName.value} is ready.` : "Sends when the session is ready."}
          </p>
        ) : (
          hint && <p class="composer__hint">{hint}</p>
        )}
        <div class="composer__bar">
          <div class="composer__attach">
            <IconButton
              icon="page"
              label="Attach page"
              hint="Attach this tab's readable text"
              disabled={!ready}
              onClick={() => void attachPage()}
            />
            <IconButton
              icon="selection"
              label="Attach selection"
              hint="Attach the text selected in this tab"
              disabled={!ready}
              onClick={() => void attachSelection()}
            />
            {canImage && (
              <IconButton
                icon="camera"
                label="Screenshot"
                hint="Attach a screenshot of this tab"
                disabled={!ready}
                onClick={() => void attachScreenshot()}
              />
            )}
          </div>
          <ConfigPickers />
          <AgentStatus />
          <TurnButtons
            running={running}
            canSend={(canSend || ((starting || (ready && busy)) && filled)) && !held}
            held={held !== null}
            canSteer={canSteer}
            onStop={stop}
            onSteer={() => submit(true)}
          />
        </div>
      </div>
    </form>
  );
}

/** Stop and Steer while a turn runs; Send, which queues the message while a turn runs. */
function TurnButtons(p: { running: boolean; canSend: boolean; held: boolean; canSteer: boolean; onStop(): void; onSteer(): void }) {
  const cancelling = active.turn.value === "cancelling";
  return (
    <div class="composer__send">
      {p.running && (
        <button
          type="button"
          class="icon-button icon-button--stop"
          aria-label={cancelling ? "Stopping…" : "Stop"}
          title={cancelling ? "Stopping…" : "Stop the turn"}
          onClick={p.onStop}
          disabled={cancelling}
        >
          <Icon name="stop" size={16} />
        </button>
      )}
      {p.canSteer && (
        <IconButton
          icon="steer"
          label="Steer"
          hint="Steer: add this message to the running turn"
          disabled={!p.canSend}
          onClick={p.onSteer}
        />
      )}
      <button
        type="submit"
        // While a turn runs Stop is the row's one filled button; Queue is drawn as a secondary one.
        class={p.running ? "icon-button icon-button--queue" : "icon-button icon-button--send"}
        aria-label={p.held ? "Sending when ready" : p.running ? "Queue" : "Send"}
        title={p.held ? "Sends when the session is ready" : p.running ? "Queue: send it when the turn ends (Enter)" : "Send (Enter)"}
        disabled={!p.canSend}
      >
        <Icon name={p.running ? "queue" : "send"} size={16} />
      </button>
    </div>
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
