/**
 * A message the user sent, with Edit (edit and resend) and Fork from here. Both work through the
 * agent's session/fork; an agent that does not offer it gets both shown disabled, saying why, as
 * does a session whose turn still runs. The edit is sent in a fork (../state/fork-point.ts).
 */
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { sentenceStart } from "../../state/connection/agent-name";
import type { UserEntry } from "../../state/sessions/client-state";
import { agentCan } from "../../state/sessions/session-capabilities";
import { agentName } from "../../view/agent-label";
import { send } from "../../view/background-link";
import { active, activeSessionId, agent, opening } from "../../view/state-signals";
import "./conversation-control.css";

/** Why the actions are off right now, or null when they work. */
function blocked(what: "edit" | "fork"): string | null {
  if (!agentCan(agent.value, "fork")) {
    const name = sentenceStart(agentName.value);
    return what === "edit"
      ? `${name} cannot fork sessions (it does not offer session/fork), so a sent message cannot be edited and resent.`
      : `${name} cannot fork sessions (it does not offer session/fork), so no new session can start from here.`;
  }
  if (active.turn.value !== "idle") return "Wait until the turn ends (or stop it).";
  if (active.loading.value || opening.value !== null) return "Wait until the session is open.";
  return null;
}

export function UserMessage({ entry, children }: { entry: UserEntry; children: ComponentChildren }) {
  const [editing, setEditing] = useState<string | null>(null);
  const sessionId = activeSessionId.value;
  const original = entry.content.filter((b) => b.type === "text").map((b) => (b.type === "text" ? b.text : ""));
  if (editing !== null && sessionId) {
    const sendEdit = () => {
      if (editing.trim() === "" || blocked("edit")) return;
      send({ type: "edit_resend", sessionId, entryId: entry.id, text: editing });
      setEditing(null);
    };
    return (
      <form
        class="user-turn message--editing"
        aria-label="Edit message"
        onSubmit={(e) => {
          e.preventDefault();
          sendEdit();
        }}
      >
        <textarea
          class="message message--user message__edit"
          aria-label="Edited message"
          value={editing}
          // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this message
          autoFocus
          onInput={(e) => setEditing((e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") setEditing(null);
            else if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              sendEdit();
            }
          }}
        />
        <p class="message__why">Sends the edited message in a fork of this session; this one stays as it is.</p>
        <div class="message__actions message__actions--shown">
          <button type="submit" class="button button--small" disabled={editing.trim() === ""}>
            Send in a fork
          </button>
          <button type="button" class="button button--ghost button--small" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  const editWhy = blocked("edit");
  const forkWhy = blocked("fork");
  // The actions sit below the bubble, not in it: the bubble holds exactly what was sent.
  return (
    <div class="user-turn">
      <div class={entry.steered ? "message message--user message--steered" : "message message--user"}>
        {entry.steered && <p class="message__steered">Added to the running turn</p>}
        {children}
      </div>
      <div class="message__actions">
        <ActionButton label="Edit" why={editWhy} onClick={() => setEditing(original.join("\n"))} />
        <ActionButton
          label="Fork from here"
          why={forkWhy}
          onClick={() => sessionId && send({ type: "fork_from", sessionId, entryId: entry.id })}
        />
      </div>
      {!agentCan(agent.value, "fork") && (
        <p class="message__why message__why--hover">
          {sentenceStart(agentName.value)} does not offer session/fork, so sent messages cannot be edited or forked.
        </p>
      )}
    </div>
  );
}

/** Disabled with the reason as its tooltip and description (aria-disabled keeps the tooltip showing). */
function ActionButton({ label, why, onClick }: { label: string; why: string | null; onClick(): void }) {
  return (
    <button
      type="button"
      class="button button--ghost button--small message__action"
      aria-disabled={why ? "true" : undefined}
      title={why ?? undefined}
      onClick={() => {
        if (!why) onClick();
      }}
    >
      {label}
    </button>
  );
}
