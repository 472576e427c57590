/**
 * The conversation area: the transcript, or, for a session with nothing in it yet, what the agent is
 * (its name and mode), three starts that fit the page the user is on (empty-suggestions.ts), and the
 * shortcut that brings page text here.
 */
import { useEffect, useState } from "preact/hooks";
import browser from "webextension-polyfill";
import { buildPrompt } from "../../state/conversation/page-context";
import { activeMode, agentName } from "../../view/agent-label";
import { send } from "../../view/background-link";
import { ShortcutTip } from "../../view/ShortcutTip";
import { active, activeSessionId, agent, entryIds, opening } from "../../view/state-signals";
import { attachedPage, attachments, attachSelection, clearDraft, focusComposer } from "../composer/attachments";
import { type ActiveTab, type Suggestion, suggestionsFor, unreadableReason } from "./empty-suggestions";
import { MessageList } from "./MessageList";
import "./transcript-look.css";

export function ChatBody() {
  if (opening.value?.kind === "new") return <p class="status-line">Starting a new session…</p>;
  if (active.loading.value) return <p class="status-line">Loading the session…</p>;
  if (!activeSessionId.value || entryIds.value.length === 0) return <EmptyState />;
  // Keyed by session: another session starts with its newest entries again.
  return <MessageList key={activeSessionId.value ?? ""} />;
}

function EmptyState() {
  const tab = useActiveTab();
  const ready = agent.value?.phase === "ready" && opening.value === null && active.turn.value === "idle";
  const suggestions = suggestionsFor(tab);
  const reason = unreadableReason(tab);
  return (
    <section class="empty" aria-label="New conversation">
      <p class="empty__agent">
        <strong>{agentName.value}</strong>
        <ModeLine />
      </p>
      <p class="empty__lead">Ask anything. It can read, write and run things on this computer, and work in your browser.</p>
      {suggestions.length > 0 ? (
        <ul class="empty__suggestions" aria-label="Suggestions">
          {suggestions.map((s) => (
            <li key={s.id}>
              <button type="button" class="suggestion" disabled={!ready} onClick={() => void start(s)}>
                {s.label}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        reason && <p class="empty__note">{reason}</p>
      )}
      <ShortcutTip />
    </section>
  );
}

/** The mode the agent reports for this session, in its own words (none before a session exists). */
function ModeLine() {
  const mode = activeMode.value;
  if (!mode) return null;
  return (
    <span class="empty__mode" title={mode.description ?? undefined}>
      {" · "}
      {mode.name} mode
    </span>
  );
}

/** Attaches what the suggestion needs, as the composer's buttons do, then sends it or leaves it in the composer. */
async function start(s: Suggestion): Promise<void> {
  const attached = s.attach === "page" ? await attachedPage() : await attachSelection();
  // What went wrong is said under the composer (attachError), as for its own buttons.
  if (!attached) return;
  if (!s.send) {
    focusComposer.value++;
    return;
  }
  const content = buildPrompt(s.prompt, attachments.value, agent.value?.capabilities?.promptCapabilities);
  send({ type: "prompt", sessionId: activeSessionId.value, content });
  clearDraft();
}

/** The active tab of this window, followed as the user switches tabs or a page loads. */
function useActiveTab(): ActiveTab | null {
  const [tab, setTab] = useState<ActiveTab | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      browser.tabs
        .query({ active: true, currentWindow: true })
        .then(([t]) => live && setTab(t ? { title: t.title ?? "", url: t.url ?? "" } : null))
        .catch(() => live && setTab(null));
    void read();
    const onUpdated = (_id: number, change: { title?: string; url?: string; status?: string }) => {
      if (change.title !== undefined || change.url !== undefined || change.status === "complete") void read();
    };
    browser.tabs.onActivated.addListener(read);
    browser.tabs.onUpdated.addListener(onUpdated);
    return () => {
      live = false;
      browser.tabs.onActivated.removeListener(read);
      browser.tabs.onUpdated.removeListener(onUpdated);
    };
  }, []);
  return tab;
}
