/**
 * The session tabs, in the header's row: one per open session, each with its title and a mark for what
 * it is doing (waiting for the user, failed, working, new output) and a close button (a lone tab
 * reads as the title); a new session is the header's "+" (one control
 * of that name on screen). A tablist (WAI-ARIA's tabs pattern with manual activation): the arrow keys, Home and End
 * move between tabs, Enter or Space shows one, Delete closes it. Too many for the width scroll sideways.
 */
import { useEffect, useRef } from "preact/hooks";
import { type TabMark, tabMark, tabTitle } from "../../state/client-reducer/sessions/session-tabs";
import type { SessionTab } from "../../state/sessions/client-state";
import { send } from "../../view/background-link";
import { activeSessionId, elicitations, sessions, tabs } from "../../view/state-signals";
import { Icon } from "../icons";
import "./session-tabs.css";

const MARK_WORDS: Record<Exclude<TabMark, null>, string> = {
  waiting: "waiting for you",
  error: "failed",
  busy: "working",
  unread: "new output",
};

export function SessionTabs({ onShow }: { onShow(): void }) {
  const list = tabs.value;
  const row = useRef<HTMLDivElement>(null);
  const selectedId = activeSessionId.value;
  // The tab on screen is scrolled into the row's view: a new one is added at the end, and a narrower
  // panel would otherwise cut it at the row's edge.
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const reveal = () => el.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
    reveal();
    const resized = new ResizeObserver(reveal);
    resized.observe(el);
    return () => resized.disconnect();
  }, [selectedId, list.length]);
  if (list.length === 0) return null;
  const state = { sessions: sessions.value, elicitations: elicitations.value };
  const shownId = activeSessionId.value;

  const show = (sessionId: string) => {
    onShow();
    if (sessionId !== shownId) send({ type: "load_session", sessionId });
  };
  const onKeyDown = (e: KeyboardEvent, at: number) => {
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: list.length - 1 }[e.key];
    if (e.key === "Delete") {
      e.preventDefault();
      send({ type: "close_session", sessionId: list[at]!.sessionId });
      return;
    }
    if (to === undefined) return;
    e.preventDefault();
    const tabsShown = row.current?.querySelectorAll<HTMLElement>('[role="tab"]');
    tabsShown?.[(to + list.length) % list.length]?.focus();
  };

  return (
    <nav class={list.length === 1 ? "session-tabs session-tabs--one" : "session-tabs"} aria-label="Session tabs">
      <div class="session-tabs__list" role="tablist" aria-label="Sessions" ref={row}>
        {list.map((tab, at) => (
          <Tab
            key={tab.sessionId}
            tab={tab}
            title={tabTitle(state, tab) ?? "Untitled"}
            mark={tabMark(state, tab)}
            selected={tab.sessionId === shownId}
            focusable={tab.sessionId === shownId || (shownId === null && at === 0)}
            onShow={() => show(tab.sessionId)}
            onKeyDown={(e) => onKeyDown(e, at)}
          />
        ))}
      </div>
    </nav>
  );
}

function Tab(p: {
  tab: SessionTab;
  title: string;
  mark: TabMark;
  selected: boolean;
  focusable: boolean;
  onShow(): void;
  onKeyDown(e: KeyboardEvent): void;
}) {
  const { sessionId } = p.tab;
  const words = p.mark ? MARK_WORDS[p.mark] : null;
  return (
    <div class={p.selected ? "session-tab is-selected" : "session-tab"} data-mark={p.mark ?? undefined} role="presentation">
      <button
        type="button"
        role="tab"
        id={`session-tab-${sessionId}`}
        class="session-tab__show"
        aria-selected={p.selected}
        tabIndex={p.focusable ? 0 : -1}
        title={words ? `${p.title} (${words})` : p.title}
        onClick={p.onShow}
        onKeyDown={p.onKeyDown}
      >
        {p.mark && <span class={`session-tab__mark session-tab__mark--${p.mark}`} aria-hidden="true" />}
        <span class="session-tab__title">{p.title}</span>
        {words && <span class="sr-only">, {words}</span>}
      </button>
      <button
        type="button"
        class="session-tab__close"
        aria-label={`Close ${p.title}`}
        title={p.mark === "busy" ? "Stop the turn and close this tab" : "Close this tab; History reopens it"}
        tabIndex={-1}
        onClick={() => send({ type: "close_session", sessionId })}
      >
        <Icon name="close" size={12} />
      </button>
    </div>
  );
}
