/** Past sessions from the agent (session/list): searchable, grouped by time, click to reopen. */
import { useState } from "preact/hooks";
import { sentenceStart } from "../state/agent-name";
import { canListSessions } from "../state/client-reducer";
import { agentName } from "../view/agent-label";
import { send } from "../view/background-link";
import { activeSessionId, agent, history, sessions } from "../view/store";
import { groupHistory, sessionTitle } from "./history-groups";

export function HistoryView({ onOpen }: { onOpen(): void }) {
  const [query, setQuery] = useState("");
  const h = history.value;
  const canDelete = !!agent.value?.capabilities?.sessionCapabilities?.delete;
  if (!h || !agent.value || !canListSessions({ agent: agent.value }))
    return <p class="empty">This agent does not keep a session history.</p>;
  const groups = groupHistory(h.items, new Date(), query);
  return (
    <section class="history" aria-label="Session history">
      <input
        class="history__search"
        type="search"
        aria-label="Search sessions"
        placeholder="Search sessions"
        value={query}
        onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
      />
      {h.error && (
        <p class="notice notice--error">
          {h.error.title}: {h.error.message}
        </p>
      )}
      {h.loading && h.items.length === 0 && <p class="empty">Loading sessions…</p>}
      {!h.loading && groups.length === 0 && <p class="empty">{query ? "No session matches." : "No sessions yet."}</p>}
      {groups.map((g) => (
        <div class="history__group" key={g.label}>
          <h2>{g.label}</h2>
          <ul>
            {g.items.map((s) => (
              <li key={s.sessionId} class={s.sessionId === activeSessionId.value ? "is-active" : ""}>
                <button
                  type="button"
                  class="history__open"
                  onClick={() => {
                    send({ type: "load_session", sessionId: s.sessionId });
                    onOpen();
                  }}
                >
                  <span class="history__title">{sessionTitle(s)}</span>
                  {sessions.value[s.sessionId]?.turn !== undefined && sessions.value[s.sessionId]!.turn !== "idle" && (
                    <span class="history__busy">working…</span>
                  )}
                </button>
                {canDelete && (
                  <button
                    type="button"
                    class="history__delete"
                    aria-label={`Delete ${sessionTitle(s)}`}
                    onClick={() => {
                      if (confirm(`Delete “${sessionTitle(s)}”? ${sentenceStart(agentName.value)} will forget it.`))
                        send({ type: "delete_session", sessionId: s.sessionId });
                    }}
                  >
                    ✕
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
