/**
 * History's full-text results: the sessions whose messages have every word of the query, each with its
 * title, a snippet with the words marked, and its date. Opening one opens the session at that message.
 */
import { useEffect, useState } from "preact/hooks";
import type { SessionInfo } from "../../acp/schema";
import { jumpTarget } from "../../search/jump";
import { searchEnabled, searchMessages } from "../../search/panel-search";
import type { SearchHit } from "../../search/search-index";
import { queryTerms, snippet } from "../../search/snippet";
import { send } from "../../view/background-link";
import { sessions } from "../../view/state-signals";
import { relativeTime, sessionTitle } from "./history-groups";
import "./search.css";

/** Hits asked for per query; one row per session shows the best of them. */
const HIT_LIMIT = 40;
/** Typing waits this long before it queries. */
const DEBOUNCE_MS = 120;

export function SearchResults({ query, items, onOpen }: { query: string; items: readonly SessionInfo[]; onOpen(): void }) {
  const [found, setFound] = useState<{ query: string; hits: SearchHit[] } | null>(null);
  const enabled = searchEnabled.value;
  const q = query.trim();
  useEffect(() => {
    if (!q || !enabled) return;
    let live = true;
    const timer = setTimeout(() => {
      searchMessages(q, HIT_LIMIT).then(
        (hits) => live && setFound({ query: q, hits }),
        () => live && setFound({ query: q, hits: [] }),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q, enabled]);
  if (!q) return null;
  if (enabled === false) {
    return <p class="search-off">Searching messages is off in the options; titles are searched.</p>;
  }
  if (!found || found.query !== q) return null;
  const rows = bestPerSession(found.hits);
  const terms = queryTerms(q);
  const now = new Date();
  return (
    <div class="history__group search-results">
      <h2>In messages</h2>
      {rows.length === 0 ? (
        <p class="search-results__none">No message has these words.</p>
      ) : (
        <ul>
          {rows.map((hit) => {
            const info = items.find((i) => i.sessionId === hit.sessionId);
            const title = info
              ? sessionTitle(info)
              : sessionTitle({ sessionId: hit.sessionId, title: sessions.value[hit.sessionId]?.title });
            const updated = info?.updatedAt ?? sessions.value[hit.sessionId]?.updatedAt;
            const when = relativeTime(updated, now);
            return (
              <li key={`${hit.sessionId}:${hit.at}`}>
                <button
                  type="button"
                  class="history__open search-hit"
                  aria-label={`${title}: ${hit.text.slice(0, 80)}`}
                  onClick={() => {
                    jumpTarget.value = { sessionId: hit.sessionId, at: hit.at, terms };
                    send({ type: "load_session", sessionId: hit.sessionId });
                    onOpen();
                  }}
                >
                  <span class="history__row">
                    <span class="history__title" title={title}>
                      {title}
                    </span>
                    {when && <time dateTime={updated ?? undefined}>{when}</time>}
                  </span>
                  <span class="search-hit__snippet">
                    {snippet(hit.text, terms).map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : p.text))}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The first (best-ranked) hit of each session, in rank order. */
function bestPerSession(hits: SearchHit[]): SearchHit[] {
  const seen = new Set<string>();
  return hits.filter((h) => !seen.has(h.sessionId) && seen.add(h.sessionId));
}
