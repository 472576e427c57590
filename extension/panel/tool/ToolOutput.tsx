/** A tool call's input (pretty, collapsible) and output: text, images, resources and diffs, large ones clamped. */

import { signal } from "@preact/signals";
import { useMemo, useState } from "preact/hooks";
import type { ContentBlock, ToolCallContent } from "../../acp/schema";
import { LiveMarkdown } from "../markdown/Markdown";
import { inlineImageSrc } from "../transcript/inline-image";
import { diffView } from "./diff-lines";
import { clampOutput, isMarkdown } from "./output-format";
import { relativePath, relativeText } from "./tool-view";

/** Lines shown before "Show all": enough to judge, short enough to keep the transcript readable. */
const CLAMP_LINES = 30;
const CLAMP_CHARS = 6000;

export function ToolInput({ value, open }: { value: unknown; open: boolean }) {
  const text = useMemo(() => pretty(value), [value]);
  return (
    <details class="tool__section" open={open}>
      <summary>Input</summary>
      <Clamped text={text} class="tool__json" />
    </details>
  );
}

export function ToolOutput({ content, cwd, captionPath }: { content: ToolCallContent[]; cwd: string | null; captionPath: boolean }) {
  return (
    <div class="tool__output">
      {content.map((c, i) => {
        if (c.type === "diff")
          return <DiffBlock key={i} path={relativePath(c.path, cwd)} showPath={captionPath} oldText={c.oldText} newText={c.newText} />;
        if (c.type === "terminal")
          return (
            <p key={i} class="tool__note">
              Terminal output ({c.terminalId})
            </p>
          );
        return <Block key={i} block={c.content} cwd={cwd} />;
      })}
    </div>
  );
}

function Block({ block, cwd }: { block: ContentBlock; cwd: string | null }) {
  switch (block.type) {
    case "text": {
      const text = relativeText(block.text, cwd);
      return isMarkdown(text) ? <Clamped text={text} class="tool__markdown" markdown /> : <Clamped text={text} class="tool__text" />;
    }
    case "image":
      return inlineImageSrc(block) ? (
        <img class="tool__image" alt="Tool output" src={inlineImageSrc(block)!} />
      ) : (
        <p class="tool__note">Image ({block.mimeType})</p>
      );
    case "resource": {
      const r = block.resource;
      return (
        <div class="tool__resource">
          <p class="tool__note">
            <code>{r.uri}</code>
          </p>
          {"text" in r ? (
            <Clamped text={r.text} class="tool__text" />
          ) : (
            <p class="tool__note">Binary content ({r.mimeType ?? "unknown type"})</p>
          )}
        </div>
      );
    }
    case "resource_link":
      return (
        <p class="tool__note">
          {block.title ?? block.name}: <code>{block.uri}</code>
        </p>
      );
    default:
      return <p class="tool__note">{block.type} content</p>;
  }
}

/** A unified diff with line numbers and its +/− counts; `label` names what it compares, for assistive tech. */
export function DiffBlock({
  path,
  showPath,
  oldText,
  newText,
  label,
}: {
  path: string;
  showPath: boolean;
  oldText?: string | null | undefined;
  newText: string;
  label?: string;
}) {
  const view = useMemo(() => diffView(path, oldText, newText), [path, oldText, newText]);
  const [all, setAll] = useState(false);
  const shown = all ? view.lines : view.lines.slice(0, CLAMP_LINES * 2);
  return (
    <figure class="diff" aria-label={label ?? `Changes to ${path}`}>
      <figcaption class="diff__caption">
        {showPath && (
          <code class="diff__path" title={path}>
            {path}
          </code>
        )}
        <span class="diff__stat">
          {view.created ? "New file · " : ""}
          <span class="diff__add">+{view.added}</span> <span class="diff__remove">−{view.removed}</span>
        </span>
      </figcaption>
      {/* Tall diffs scroll inside the card; long lines wrap (tool-details.css). */}
      <div class="diff__scroll">
        <table class="diff__table">
          {/* Fixed layout takes its widths from here (the first row may be a hunk header spanning all three). */}
          <colgroup>
            <col class="diff__col-no" />
            <col class="diff__col-no" />
            <col />
          </colgroup>
          <tbody>
            {shown.map((l, i) =>
              l.type === "hunk" ? (
                <tr key={i} class="diff__hunk">
                  <td colSpan={3}>{l.text}</td>
                </tr>
              ) : (
                <tr key={i} class={`diff__line diff__line--${l.type}`}>
                  <td class="diff__no">{l.oldNo ?? ""}</td>
                  <td class="diff__no">{l.newNo ?? ""}</td>
                  <td class="diff__code">
                    <span class="diff__mark" aria-hidden="true">
                      {l.type === "add" ? "+" : l.type === "remove" ? "−" : " "}
                    </span>
                    {l.text}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {shown.length < view.lines.length && (
        <button type="button" class="button button--ghost button--small" onClick={() => setAll(true)}>
          Show all {view.lines.length} lines
        </button>
      )}
    </figure>
  );
}

/** Long text shows its first lines and a button for the rest; Markdown renders sanitized, through the messages' pipeline. */
function Clamped({ text, class: cls, markdown = false }: { text: string; class: string; markdown?: boolean }) {
  const [all, setAll] = useState(false);
  const lines = useMemo(() => text.split("\n"), [text]);
  const clamped = useMemo(() => clampOutput(text, CLAMP_LINES, CLAMP_CHARS), [text]);
  const long = clamped !== null;
  const shown = all || clamped === null ? text : clamped;
  return (
    <div class="clamped">
      {markdown ? <RenderedMarkdown text={shown} class={cls} /> : <pre class={cls}>{shown}</pre>}
      {long && !all && (
        <button type="button" class="button button--ghost button--small" onClick={() => setAll(true)}>
          Show more ({lines.length} lines, {formatBytes(text.length)})
        </button>
      )}
    </div>
  );
}

function RenderedMarkdown({ text, class: cls }: { text: string; class: string }) {
  const value = useMemo(() => signal(text), [text]);
  return (
    <div class={cls}>
      <LiveMarkdown text={value} streaming={false} />
    </div>
  );
}

function formatBytes(n: number): string {
  return n < 1024 ? `${n} chars` : n < 1024 * 1024 ? `${(n / 1024).toFixed(0)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function pretty(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
