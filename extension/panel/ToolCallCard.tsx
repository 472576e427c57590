/**
 * A tool call as a card: what the agent wants to do or did, its status, input and output, and,
 * while the agent waits for it, the permission request with one button per offered option.
 */
import type { PermissionOption, ToolCallContent } from "@agentclientprotocol/sdk";
import { active, toolCallSignal } from "./store";
import { send } from "./background-link";

const OPTION_LABEL: Record<PermissionOption["kind"], string> = {
  allow_once: "Allow once",
  allow_always: "Always allow",
  reject_once: "Deny",
  reject_always: "Always deny",
};

const STATUS_LABEL = { pending: "Pending", in_progress: "Running", completed: "Done", failed: "Failed", cancelled: "Cancelled" } as const;

export function ToolCallCard({ id }: { id: string }) {
  const tool = toolCallSignal(id)?.value;
  if (!tool) return null;
  const requests = active.permissions.value.filter((p) => p.toolCallId === id);
  const waiting = requests.length > 0;
  const status = waiting ? "Awaiting approval" : STATUS_LABEL[tool.status];
  return (
    <article class={`tool tool--${waiting ? "waiting" : tool.status}`} aria-label={`Tool call: ${tool.title}`}>
      <header class="tool__header">
        <span class="tool__kind">{tool.kind ?? kindFromName(tool.toolName)}</span>
        <span class="tool__title">{tool.title}</span>
        <span class="tool__status">{status}</span>
      </header>
      {tool.rawInput !== undefined && (
        <details class="tool__section" open={waiting}>
          <summary>Input</summary>
          <pre class="tool__json">{pretty(tool.rawInput)}</pre>
        </details>
      )}
      {tool.content.length > 0 && <div class="tool__output">{tool.content.map(renderContent)}</div>}
      {tool.locations.length > 0 && (
        <ul class="tool__locations">
          {tool.locations.map((l) => (
            <li key={`${l.path}:${l.line ?? ""}`}>
              <code>{l.line ? `${l.path}:${l.line}` : l.path}</code>
            </li>
          ))}
        </ul>
      )}
      {requests.map((r) => (
        <div class="tool__approval" role="group" aria-label="Permission request" key={r.key}>
          <p>goose wants to run this tool.</p>
          <div class="tool__options">
            {r.options.map((o) => (
              <button
                type="button"
                key={o.optionId}
                class={`button button--${o.kind.startsWith("allow") ? "allow" : "deny"}`}
                onClick={() => send({ type: "answer_permission", key: r.key, optionId: o.optionId })}
              >
                {OPTION_LABEL[o.kind] ?? o.name}
              </button>
            ))}
          </div>
        </div>
      ))}
    </article>
  );
}

function renderContent(c: ToolCallContent, i: number) {
  if (c.type === "content") {
    const b = c.content;
    if (b.type === "text") return <pre key={i} class="tool__text">{b.text}</pre>;
    if (b.type === "resource_link") return <p key={i}>{b.title ?? b.name}: <code>{b.uri}</code></p>;
    if (b.type === "resource") return <p key={i}>Resource <code>{b.resource.uri}</code></p>;
    return <p key={i}>[{b.type}]</p>;
  }
  if (c.type === "diff") return <pre key={i} class="tool__text">{`${c.path}\n--- before\n${c.oldText ?? "(new file)"}\n+++ after\n${c.newText}`}</pre>;
  return <p key={i}>Terminal {c.terminalId}</p>;
}

function kindFromName(name: string | undefined): string {
  if (!name) return "tool";
  const n = name.toLowerCase();
  if (/shell|exec|command|run/.test(n)) return "execute";
  if (/write|edit|patch|replace/.test(n)) return "edit";
  if (/read|view|cat/.test(n)) return "read";
  if (/search|grep|find|glob/.test(n)) return "search";
  if (/fetch|http|web|browse/.test(n)) return "fetch";
  return "tool";
}

function pretty(value: unknown): string {
  try {
    return typeof value === "string" ? value : JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}
