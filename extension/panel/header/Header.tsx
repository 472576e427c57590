/**
 * The panel's header: the session tabs take the room (the selected one is the title, so it is never
 * said twice; the h1 stays for screen readers); the actions are icon buttons named for screen readers
 * and on hover (browser tools, history, a new session), and the rest is in a menu (export, close the
 * session, options). History shows a Back arrow and its own title instead of the tabs.
 */

import { activeSession } from "../../state/client-reducer/selectors";
import { sentenceStart } from "../../state/connection/agent-name";
import { agentName } from "../../view/agent-label";
import { openOptions, send } from "../../view/background-link";
import { active, agent, appState, entryIds, opening, tabs } from "../../view/state-signals";
import { BrowserToolsSwitch } from "../browser-tools/BrowserTools";
import { IconButton } from "../icons";
import { closeSessionAction } from "./CloseSession";
import { exportFileName, transcriptMarkdown } from "./export";
import { gooseActions } from "./goose-actions";
import { type MenuAction, MenuButton } from "./Menu";
import { SessionTabs } from "./SessionTabs";
import "./header.css";

export type PanelView = "chat" | "history" | "extensions" | "recipes";

const VIEW_TITLES: Record<Exclude<PanelView, "chat">, string> = { history: "History", extensions: "Extensions", recipes: "Recipes" };

interface Props {
  view: PanelView;
  setView(v: PanelView): void;
  /** The setup screen: no session, nothing to act on, only the product's name. */
  setup: boolean;
}

export function Header({ view, setView, setup }: Props) {
  const title = setup ? "goose-browser" : view !== "chat" ? VIEW_TITLES[view] : (active.title.value ?? sentenceStart(agentName.value));
  const tabbed = !setup && view === "chat" && tabs.value.length > 0;
  return (
    <header class="panel__header">
      {!setup && view !== "chat" && <IconButton icon="back" label="Back" hint="Back to the conversation" onClick={() => setView("chat")} />}
      <h1 class={tabbed ? "panel__title sr-only" : "panel__title"} title={view === "chat" ? (active.title.value ?? undefined) : undefined}>
        {title}
      </h1>
      {tabbed && <SessionTabs onShow={() => setView("chat")} />}
      {!setup && (
        <div class="panel__tools">
          <BrowserToolsSwitch />
          {view === "chat" && (
            <IconButton
              icon="history"
              label="History"
              hint="History: reopen an earlier session"
              onClick={() => {
                send({ type: "refresh_history" });
                setView("history");
              }}
            />
          )}
          <IconButton
            icon="plus"
            label="New session"
            disabled={agent.value?.phase !== "ready" || opening.value !== null}
            onClick={() => {
              send({ type: "new_session" });
              setView("chat");
            }}
          />
          <MenuButton label="More actions" hint="More: export, close, options" icon="menu" actions={menuActions(setView)} />
        </div>
      )}
    </header>
  );
}

function menuActions(setView: (v: PanelView) => void): MenuAction[] {
  const close = closeSessionAction();
  return [
    ...gooseActions(setView),
    {
      label: "Export as Markdown",
      icon: "export",
      hint: entryIds.value.length === 0 ? "Nothing to export yet." : "Save this conversation as a Markdown file.",
      disabled: entryIds.value.length === 0,
      run: exportActive,
    },
    ...(close ? [close] : []),
    { label: "Options", icon: "options", hint: "Agents, folders, browser tools and diagnostics.", run: openOptions },
  ];
}

function exportActive() {
  const state = appState();
  const session = state ? activeSession(state.client) : null;
  if (!session) return;
  const url = URL.createObjectURL(
    new Blob(
      [
        transcriptMarkdown(
          session,
          new Date(),
          agentName.value,
          state?.tools.log[session.sessionId],
          state?.edits.sessions[session.sessionId]?.edits,
        ),
      ],
      { type: "text/markdown" },
    ),
  );
  const a = document.createElement("a");
  a.href = url;
  a.download = exportFileName(session);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
