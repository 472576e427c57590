/** Past sessions from the agent (session/list): searchable, grouped by time, click to reopen. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { SessionInfo } from "../../acp/schema";
import { canListSessions } from "../../state/client-reducer/selectors";
import { sentenceStart } from "../../state/connection/agent-name";
import { archivedAt } from "../../state/connection/goose-controls";
import { findEntry } from "../../state/conversation/entry-list";
import type { SessionState } from "../../state/sessions/client-state";
import { agentName } from "../../view/agent-label";
import { send } from "../../view/background-link";
import { activeSessionId, agent, forks, history, sessions } from "../../view/state-signals";
import { Icon } from "../icons";
import { archivedCount, listedSessions } from "./archived";
import { groupHistory, homeRelative, relativeTime, sessionTitle } from "./history-groups";
import { deleteLater, pendingDeletes, undoDelete } from "./pending-deletes";
import { RenameRow } from "./RenameRow";
import { SearchResults } from "./SearchResults";
import { SessionActions } from "./SessionActions";
import { SEARCH_SHORTCUT, searchFocus } from "./search-shortcut";
import "../transcript/conversation-control.css";
import "./history-actions.css";
import { sessionSource } from "../../state/goose/session-source";

export function HistoryView({ onOpen }: { onOpen(): void }) {
  const [query, setQuery] = useState("");
  // goose's archived sessions stay out of the list until asked for; the row being renamed, if any.
  const [showArchived, setShowArchived] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const focusAsked = searchFocus.value;
  useEffect(() => void (focusAsked && box.current?.select()), [focusAsked]);
  const h = history.value;
  const canDelete = !!agent.value?.capabilities?.sessionCapabilities?.delete;
  if (!h || !agent.value || !canListSessions({ agent: agent.value }))
    return <p class="empty">This agent does not keep a session history.</p>;
  const now = new Date();
  const archived = archivedCount(h.items);
  const groups = groupHistory(listedSessions(h.items, showArchived || archived === 0), now, query);
  return (
    <section class="history" aria-label="Session history">
      <input
        ref={box}
        class="history__search"
        type="search"
        aria-label="Search sessions"
        placeholder={`Search sessions (${SEARCH_SHORTCUT})`}
        title={`Search titles and every message (${SEARCH_SHORTCUT} from anywhere in the panel)`}
        value={query}
        onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
      />
      {archived > 0 && (
        <button
          type="button"
          class="button button--ghost button--small history__archived-switch"
          aria-pressed={showArchived}
          onClick={() => setShowArchived(!showArchived)}
        >
          {showArchived ? "Hide archived" : `Show archived (${archived})`}
        </button>
      )}
      {h.error && (
        <p class="notice notice--error">
          {h.error.title}: {h.error.message}
        </p>
      )}
      <SearchResults query={query} items={h.items} onOpen={onOpen} />
      {h.loading && h.items.length === 0 && <p class="empty">Loading sessions…</p>}
      {!h.loading && groups.length === 0 && <p class="empty">{query ? "No session title matches." : "No sessions yet."}</p>}
      {groups.map((g) => (
        <div class="history__group" key={g.label}>
          <h2>{g.label}</h2>
          <ul>
            {g.items.map((s) =>
              pendingDeletes.value[s.sessionId] ? (
                <li key={s.sessionId} class="history__undo" role="status">
                  <span>“{sessionTitle(s)}” will be deleted.</span>
                  <button type="button" class="button button--small" onClick={() => undoDelete(s.sessionId)}>
                    Undo
                  </button>
                </li>
              ) : renaming === s.sessionId ? (
                <li key={s.sessionId}>
                  <RenameRow sessionId={s.sessionId} title={sessionTitle(s)} onDone={() => setRenaming(null)} />
                </li>
              ) : (
                <li key={s.sessionId} class={s.sessionId === activeSessionId.value ? "is-active" : ""}>
                  <button
                    type="button"
                    class="history__open"
                    // Named by its title; when and where (and the preview) describe it.
                    aria-label={busy(s.sessionId) ? `${sessionTitle(s)} (working)` : sessionTitle(s)}
                    aria-describedby={`history-about-${s.sessionId}`}
                    onClick={() => {
                      send({ type: "load_session", sessionId: s.sessionId });
                      onOpen();
                    }}
                  >
                    <span class="history__row">
                      <span class="history__title" title={sessionTitle(s)}>
                        {sessionTitle(s)}
                      </span>
                      {busy(s.sessionId) && <span class="history__busy">working…</span>}
                      {archivedAt(s) && <span class="history__archived">archived</span>}
                    </span>
                    <span id={`history-about-${s.sessionId}`} class="history__about">
                      {preview(sessions.value[s.sessionId], sessionTitle(s)) && (
                        <span class="history__preview">{preview(sessions.value[s.sessionId], sessionTitle(s))}</span>
                      )}
                      <ForkOf sessionId={s.sessionId} items={h.items} />
                      {sessionSource(s) && <span class="history__source">{sessionSource(s)}</span>}
                      <span class="history__meta">
                        {relativeTime(s.updatedAt, now) && (
                          <time dateTime={s.updatedAt ?? undefined}>{relativeTime(s.updatedAt, now)}</time>
                        )}
                        <span class="history__folder" title={s.cwd}>
                          {`\u200e${homeRelative(s.cwd)}`}
                        </span>
                      </span>
                    </span>
                  </button>
                  <SessionActions item={s} title={sessionTitle(s)} onRename={() => setRenaming(s.sessionId)} />
                  {canDelete && (
                    <button
                      type="button"
                      class="history__delete"
                      aria-label={`Delete ${sessionTitle(s)}`}
                      onClick={() => {
                        if (confirm(`Delete “${sessionTitle(s)}”? ${sentenceStart(agentName.value)} will forget it.`))
                          deleteLater(s.sessionId);
                      }}
                    >
                      <Icon name="close" size={12} />
                    </button>
                  )}
                </li>
              ),
            )}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** Where a fork made in this browser came from (ACP keeps no such relation: it is stored locally). */
function ForkOf({ sessionId, items }: { sessionId: string; items: SessionInfo[] }) {
  const relation = forks.value[sessionId];
  if (!relation) return null;
  const parent = items.find((i) => i.sessionId === relation.parentId);
  const title = parent ? sessionTitle(parent) : (relation.parentTitle ?? "an earlier session");
  const how = relation.how === "edit" ? `edited message ${relation.at}` : `after message ${relation.at}`;
  return <span class="history__fork">{`Fork of “${title}” (${how})`}</span>;
}

/** The first thing the user asked, when that session is in memory and its title does not already say it. */
function preview(session: SessionState | undefined, title: string): string | null {
  const first = session && findEntry(session.entries, (e) => e.kind === "user");
  const text = first?.kind === "user" ? first.content.find((b) => b.type === "text") : undefined;
  const words = text?.type === "text" ? text.text.replace(/\s+/g, " ").trim() : "";
  return words && words !== title ? words : null;
}

/** A turn of that session still runs (in memory, in the background). */
function busy(sessionId: string): boolean {
  const turn = sessions.value[sessionId]?.turn;
  return turn !== undefined && turn !== "idle";
}
