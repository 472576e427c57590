/**
 * A tool call as a card: what the agent wants to do or did, its status, its input, its output and
 * the files it touches; while the agent waits, the permission request sits inside the card.
 */
import { useComputed } from "@preact/signals";
import type { ToolCallState } from "../../state/client-state";
import { active, toolCallSignal } from "../../view/store";
import { ApprovalBar } from "./ApprovalBar";
import { ToolInput, ToolOutput } from "./ToolOutput";
import { toolKind } from "./tool-kind";

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
  const firstPending = useComputed(() => active.permissions.value[0]?.toolCallId === id);
  const tool = toolCallSignal(id)?.value;
  if (!tool) return null;
  const waiting = requests.value.length > 0;
  const kind = toolKind(tool.kind, tool.toolName, tool.title);
  const title = tool.title || tool.toolName || "Tool call";
  const state = waiting ? "waiting" : tool.status;
  return (
    <article class={`tool tool--${state}`} aria-label={`Tool call: ${title}`} data-status={state}>
      <header class="tool__header">
        <span class="tool__icon" aria-hidden="true">
          {kind.icon}
        </span>
        <span class="tool__kind">{kind.label}</span>
        <span class="tool__title">{title}</span>
        <span class="tool__status">{waiting ? "Awaiting approval" : STATUS_LABEL[tool.status]}</span>
      </header>
      {tool.rawInput !== undefined && <ToolInput value={tool.rawInput} open={waiting} />}
      {tool.content.length > 0 && <ToolOutput content={tool.content} />}
      {tool.locations.length > 0 && (
        <ul class="tool__locations" aria-label="Files">
          {tool.locations.map((l) => (
            <li key={`${l.path}:${l.line ?? ""}`}>
              <code>{l.line ? `${l.path}:${l.line}` : l.path}</code>
            </li>
          ))}
        </ul>
      )}
      {requests.value.map((r, i) => (
        <ApprovalBar key={r.key} request={r} focus={i === 0 && firstPending.value} title={title} />
      ))}
    </article>
  );
}
