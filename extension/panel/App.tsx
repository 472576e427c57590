/** The side panel: header, what is wrong (if anything) and how to fix it, the chat or the history, the composer (with the agent's status in its row). */
import { useState } from "preact/hooks";
import type { UiError } from "../state/sessions/client-state";
import { agentName } from "../view/agent-label";
import { openOptions, requestRestart, send } from "../view/background-link";
import { extensionVersion } from "../view/extension-version";
import { agent, backgroundLinked, connection, entryIds, lastError, opening } from "../view/state-signals";
import { describeConnection, hostUpdateNotice, type StatusView } from "../view/status-text";
import { setupError } from "./agent-work/AgentStatus";
import { PlanView } from "./agent-work/AgentWork";
import { SessionFolderForm } from "./agent-work/SessionFolder";
import { ActionLog } from "./browser-tools/ActionLog";
import { BrowserToolsNotice, ConsentCards } from "./browser-tools/BrowserTools";
import { Composer } from "./composer/Composer";
import { TurnReview } from "./edits/TurnReview";
import { ExtensionsView } from "./goose/ExtensionsView";
import { RecipesView } from "./goose/RecipesView";
import { Header, type PanelView } from "./header/Header";
import { HistoryView } from "./history/HistoryView";
import { useSearchShortcut } from "./history/search-shortcut";
import { QueueList } from "./queue/QueueList";
import { InlineCode } from "./setup/InlineCode";
import { HostUpdateNotice, SetupCard } from "./setup/SetupCard";
import { StatusCard } from "./setup/StatusCard";
import { ChatBody } from "./transcript/ChatBody";
import { ElicitationCards } from "./transcript/ElicitationCards";

const WAITING: StatusView = { tone: "pending", headline: "Starting the goose-browser extension…", facts: [] };

export function App() {
  const [view, setView] = useState<PanelView>("chat");
  const state = connection.value;
  const status = state ? describeConnection(state, agent.value, extensionVersion()) : null;
  useSearchShortcut(() => {
    send({ type: "refresh_history" });
    setView("history");
  });
  return (
    <main class="panel">
      <Header view={view} setView={setView} setup={!!status?.setup} />
      {status?.setup ? (
        // Nothing else works without a host: the setup screen is the whole panel.
        <SetupCard view={status} canCheck={backgroundLinked.value} />
      ) : (
        <Body view={view} setView={setView} status={status} />
      )}
    </main>
  );
}

/** Everything below the header once there is a host: what is wrong (if anything), the chat or the history. */
function Body({ view, setView, status }: { view: PanelView; setView(v: PanelView): void; status: StatusView | null }) {
  const state = connection.value;
  // With a conversation on screen, a problem sits under it, so the last message stays in view above the card.
  const below = view === "chat" && entryIds.value.length > 0;
  return (
    <>
      {!below && <Problems status={status} />}
      <HostUpdateNotice notice={state ? hostUpdateNotice(state, extensionVersion()) : null} />
      <BrowserToolsNotice />
      {view === "history" ? (
        <>
          <ConsentCards />
          <ElicitationCards />
          <HistoryView onOpen={() => setView("chat")} />
        </>
      ) : view === "extensions" || view === "recipes" ? (
        <>
          <ConsentCards />
          <ElicitationCards />
          {view === "extensions" ? <ExtensionsView /> : <RecipesView onStarted={() => setView("chat")} />}
        </>
      ) : (
        <>
          <ChatBody />
          {below && <Problems status={status} />}
          <ConsentCards />
          <ElicitationCards />
          <TurnReview />
          <PlanView />
          <ActionLog />
          <QueueList />
          <Composer />
          <SessionFolderForm />
        </>
      )}
    </>
  );
}

/** The connection card while the host or agent is not running; the agent's own errors after that. */
function Problems({ status }: { status: StatusView | null }) {
  const state = connection.value;
  const running = state?.link.phase === "ready" && state.agent?.state === "running";
  if (!state || !running) {
    const view = status ?? WAITING;
    // With a conversation on screen, the evidence folds away so the transcript keeps its room.
    return (
      <StatusCard
        view={view}
        onRestart={requestRestart}
        onOpenOptions={openOptions}
        onUseProfile={(profile) => send({ type: "use_agent", profile })}
        canRestart={backgroundLinked.value}
        compact={entryIds.value.length > 0}
      />
    );
  }
  const a = agent.value;
  // Until a session opens, the agent is still starting as far as the user can tell (see AgentState.sessionOpened).
  if (a?.phase === "initializing" || (a?.phase === "ready" && !a.sessionOpened && opening.value?.kind === "new")) {
    return <p class="status-line">Starting {agentName.value}…</p>;
  }
  const error = a?.error ?? lastError.value ?? setupError();
  return error ? <ErrorCard error={error} /> : null;
}

function ErrorCard({ error }: { error: UiError }) {
  return (
    <section class="status status--error" role="alert">
      <p class="status__headline">
        <span class="status__dot" aria-hidden="true" />
        <span>{error.title}</span>
      </p>
      <p class="status__fix">{error.message}</p>
      {error.fix && (
        <p class="status__fix">
          <InlineCode text={error.fix} />
        </p>
      )}
      <div class="status__actions">
        <button type="button" onClick={requestRestart}>
          Restart
        </button>
      </div>
    </section>
  );
}
