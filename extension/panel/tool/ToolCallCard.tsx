/**
 * A tool call as a card: what the agent wants to do or did, its status, its input, its output and
 * the files it touches; while the agent waits, the permission request sits inside the card.
 */
import { useComputed } from "@preact/signals";
import { initialBrowserToolsState, sessionTookOurServer } from "../../state/browser-tools/browser-tools";
import { askedArguments, ourToolOf } from "../../state/browser-tools/our-call";
import { boundCall, browserToolDetail, callArguments } from "../../state/browser-tools/served-calls";
import { activeSession } from "../../state/client-reducer/selectors";
import { editsOfCard } from "../../state/file-edits/edit-binding";
import { initialFileEditsState } from "../../state/file-edits/file-edits";
import type { ToolCallState } from "../../state/sessions/client-state";
import { active, activeSessionId, appState, browserTools, fileEdits, toolCallSignal } from "../../view/state-signals";
import { CardEdits } from "../edits/FileEdits";
import { Icon } from "../icons";
import { ApprovalBar, type BrowserQuestion } from "./ApprovalBar";
import { BrowserToolTarget } from "./BrowserToolTarget";
import { ToolInput, ToolOutput } from "./ToolOutput";
import { toolKind } from "./tool-kind";
import { actionPhrase, browserToolTitle, type ToolTitle, titleText, toolTitle } from "./tool-title";
import { commandOf, toolView } from "./tool-view";

const STATUS_LABEL: Record<ToolCallState["status"], string> = {
  pending: "Pending",
  in_progress: "Running",
  completed: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
  denied: "Denied",
  unfinished: "Not finished",
};

export function ToolCallCard({ id }: { id: string }) {
  const requests = useComputed(() => active.permissions.value.filter((p) => p.toolCallId === id));
  // Only the bound call is read from the tools' state, so other tools' changes do not render this card again.
  const served = useComputed(() => boundCall(id, browserTools.value ?? initialBrowserToolsState));
  const firstPending = useComputed(() => active.permissions.value[0]?.toolCallId === id);
  const edits = useComputed(() => editsOfCard(fileEdits.value ?? initialFileEditsState, activeSessionId.value ?? "", id));
  const tool = toolCallSignal(id)?.value;
  if (!tool) return null;
  const waiting = requests.value.length > 0;
  const kind = toolKind(tool.kind, tool.toolName, tool.title);
  const view = toolView(tool, sessionCwd(), waiting, kind.kind);
  const detail = browserToolDetail(tool, { ...initialBrowserToolsState, calls: served.value ? [served.value] : [] });
  const readable = detail
    ? browserToolTitle(detail, callArguments(tool))
    : toolTitle(tool, kind.kind, sessionCwd(), kind.kind === "execute" ? commandOf(tool.rawInput) : null);
  const title = titleText(readable);
  const state = waiting ? "waiting" : tool.status;
  // The host's diff of what reached the disk stands in for the agent's own account of the same file.
  const written = new Set(edits.value.flatMap((e) => [e.path, e.agentPath]));
  const content = written.size === 0 ? tool.content : tool.content.filter((c) => c.type !== "diff" || !written.has(c.path));
  return (
    <article class={`tool tool--${state}`} aria-label={`Tool call: ${title}`} data-status={state} data-kind={kind.kind}>
      <header class="tool__header">
        <span class="tool__icon" role="img" aria-label={kind.label} title={kind.label}>
          <Icon name={kind.icon} />
        </span>
        {/* The agent's own name for the call, and its id, fold into the tooltip. */}
        <span class="tool__title" title={view.title} data-tool-id={tool.toolCallId}>
          <TitleWords title={readable} />
        </span>
        <span class="tool__status">{waiting ? "Awaiting approval" : statusLabel(tool)}</span>
      </header>
      {tool.autoAllowed && (
        <p class="tool__auto-allowed" role="note">
          {tool.autoAllowed.site
            ? `Allowed without asking: you already let goose-browser read ${tool.autoAllowed.site}.`
            : "goose-browser asks you about this call itself when it runs, unless you allowed it on this site."}
        </p>
      )}
      <BrowserToolTarget tool={tool} />
      {view.command && readable.target !== view.command.trim() && (
        <pre class="tool__command" title={view.command}>
          {view.command}
        </pre>
      )}
      {content.length > 0 && <ToolOutput content={content} cwd={sessionCwd()} captionPath={view.diffCaptionPath} />}
      {edits.value.length > 0 && <CardEdits sessionId={activeSessionId.value ?? ""} edits={edits.value} cwd={sessionCwd()} />}
      {view.locations.length > 0 && (
        <ul class="tool__locations" aria-label="Files">
          {view.locations.map((l) => (
            <li key={l}>
              <code>{l}</code>
            </li>
          ))}
        </ul>
      )}
      {view.input !== undefined && <ToolInput value={view.input} open={view.inputOpen} />}
      {requests.value.map((r, i) => (
        <ApprovalBar
          key={r.key}
          request={r}
          focus={i === 0 && firstPending.value}
          title={actionPhrase(readable)}
          browser={waiting ? browserQuestion(tool) : null}
        />
      ))}
    </article>
  );
}

/** A question answered for the user is not waiting on anyone while the agent runs the call. */
function statusLabel(tool: ToolCallState): string {
  return tool.status === "pending" && tool.autoAllowed ? "Allowed" : STATUS_LABEL[tool.status];
}

function TitleWords({ title }: { title: ToolTitle }) {
  return (
    <>
      {title.verb}
      {title.target && " "}
      {title.target && (title.code ? <code class="tool__target-code">{title.target}</code> : title.target)}
      {title.on && <span class="tool__on">{title.on}</span>}
    </>
  );
}

/** The agent asks about a call of our own browser server: what it would do, for the one question. */
function browserQuestion(tool: ToolCallState): BrowserQuestion | null {
  // Only in a session that took our server: a "browser" server the agent has from elsewhere keeps its own question.
  const sessionId = appState()?.client.activeSessionId;
  if (!sessionId || !browserTools.value || !sessionTookOurServer(browserTools.value, sessionId)) return null;
  const name = ourToolOf(tool);
  if (!name) return null;
  const args = askedArguments(tool) ?? {};
  const on = [args.ref, args.url, args.text === undefined ? undefined : JSON.stringify(args.text)].find((v) => typeof v === "string");
  return { tool: name, ...(on ? { on: String(on) } : {}) };
}

/** The folder the session works in: tool paths are shown relative to it. It never changes for a session, so it is read, not subscribed. */
function sessionCwd(): string | null {
  const state = appState();
  return state ? (activeSession(state.client)?.cwd ?? null) : null;
}
