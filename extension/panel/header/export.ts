/** A session's transcript as Markdown, for "Export". Pure. */
import type { ContentBlock } from "../../acp/schema";
import { type ActionLogEntry, actionWhere, consentWords } from "../../state/browser-tools/action-log";
import { entryArray } from "../../state/conversation/entry-list";
import { toolCallOf } from "../../state/conversation/tool-call-map";
import { changedFiles, lineChanges } from "../../state/file-edits/changed-files";
import type { EditRecord } from "../../state/file-edits/file-edits";
import type { SessionState } from "../../state/sessions/client-state";

/** `agent`: what the agent calls itself, for its messages' headings; `actions`: the session's action log; `edits`: its file edits. */
export function transcriptMarkdown(
  s: SessionState,
  now: Date = new Date(),
  agent = "goose",
  actions: readonly ActionLogEntry[] = [],
  edits: readonly EditRecord[] = [],
): string {
  const out: string[] = [
    `# ${s.title ?? `${agent} session`}`,
    "",
    `_Exported ${now.toISOString()} · session ${s.sessionId} · ${s.cwd}_`,
    "",
  ];
  for (const e of entryArray(s.entries)) {
    if (e.kind === "user") out.push(e.steered ? "## You (added to the running turn)" : "## You", "", ...e.content.map(blockMarkdown), "");
    else if (e.kind === "agent") out.push(`## ${agent}`, "", e.text, "");
    else if (e.kind === "thought") out.push("<details><summary>Thoughts</summary>", "", e.text, "", "</details>", "");
    else if (e.kind === "notice") out.push(`> ${e.text}`, "");
    else if (e.kind === "compaction") out.push(compactionLine(s.compactions[e.compactionId]), "");
    else {
      const t = toolCallOf(s.toolCalls, e.id);
      if (t) out.push(`- **Tool:** ${t.title || t.toolName || t.toolCallId} — ${t.status}`, "");
    }
  }
  if (actions.length > 0) out.push(`## Browser actions (${actions.length})`, "", ...actions.map(actionLine), "");
  const files = changedFiles(edits);
  if (files.length > 0) out.push(`## Files changed (${files.length})`, "", ...files.map(fileLine), "");
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

function actionLine(e: ActionLogEntry): string {
  const where = actionWhere(e);
  const text = e.text ? ` — ${e.text.replace(/([\\`*_[\]<>|])/g, "\\$1")}` : "";
  return `- ${new Date(e.at).toISOString()} **${e.tool}**${where ? ` on ${where}` : ""}: ${consentWords(e.consent)}, ${e.ok ? "done" : "failed"}${text}`;
}

/** `- `path` +3 −1 (new file, 2 edits, undone)`: the file from before its first edit to after its last. */
function fileLine(f: ReturnType<typeof changedFiles>[number]): string {
  const counts = lineChanges(f.before, f.after);
  const notes = [
    ...(f.before === null ? ["new file"] : []),
    ...(f.edits.length > 1 ? [`${f.edits.length} edits`] : []),
    ...(f.undone ? ["undone"] : []),
  ];
  return `- \`${f.path}\`${counts ? ` +${counts.added} −${counts.removed}` : ""}${notes.length > 0 ? ` (${notes.join(", ")})` : ""}`;
}

function compactionLine(c: SessionState["compactions"][string] | undefined): string {
  return `> Context compacted (${c?.status ?? "unknown"})${c?.summary ? `: ${c.summary}` : ""}`;
}

function blockMarkdown(b: ContentBlock): string {
  switch (b.type) {
    case "text":
      return b.text;
    case "resource":
      return `> Attached ${b.resource.uri}:\n\n${
        "text" in b.resource
          ? b.resource.text
              .split("\n")
              .map((l) => `> ${l}`)
              .join("\n")
          : "> (binary)"
      }`;
    case "resource_link":
      return `[${b.title ?? b.name}](${b.uri})`;
    case "image":
      return "_(image)_";
    default:
      return `_(${b.type})_`;
  }
}

export function exportFileName(s: SessionState): string {
  const base =
    (s.title ?? "goose-session")
      .replace(/[^\w\- ]+/g, "")
      .trim()
      .replace(/\s+/g, "-")
      .slice(0, 60) || "goose-session";
  return `${base}.md`;
}
