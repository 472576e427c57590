/**
 * The fair baseline the panel benchmark compares with (built only by `wxt build --mode bench`, which
 * puts this module in place of extension/panel/transcript/MessageList.tsx; see full-render/plugin.ts): the
 * straightforward list. Any change to the transcript re-renders every entry, but markdown is
 * memoised, so a finished message is never parsed again; the message being streamed is parsed whole
 * each time its text changes.
 */
import { useLayoutEffect, useRef } from "preact/hooks";
import { renderMarkdown } from "../../../extension/panel/markdown/render";
import { ToolCallCard } from "../../../extension/panel/tool/ToolCallCard";
import { pure } from "../../../extension/panel/transcript/Pure";
import type { Entry } from "../../../extension/state/sessions/client-state";
import { entryIds, entrySignal } from "../../../extension/view/state-signals";

// The benchmark checks it drives this build.
document.documentElement.dataset.bench = "full-render";

export function MessageList() {
  // Reading every entry's signal here subscribes the whole list to every change.
  const entries = entryIds.value.map((id) => entrySignal(id)!.value);
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = scroller.current!;
    el.scrollTop = el.scrollHeight;
  });
  return (
    <div class="messages" ref={scroller} role="log" aria-label="Conversation">
      <div class="messages__inner">
        {entries.map((e) => (
          <EntryView key={e.id} entry={e} />
        ))}
      </div>
    </div>
  );
}

function EntryView({ entry: e }: { entry: Entry }) {
  if (e.kind === "tool") return <ToolCallCard id={e.id} />;
  if (e.kind === "notice") return <p class={`notice notice--${e.tone}`}>{e.text}</p>;
  if (e.kind === "compaction") return <p class="compaction">{e.compactionId}</p>;
  if (e.kind === "user") {
    return (
      <div class="message message--user">
        {e.content.map((b, i) =>
          b.type === "text" ? (
            <p key={i} class="message__text">
              {b.text}
            </p>
          ) : null,
        )}
      </div>
    );
  }
  return (
    <div class="message message--agent">
      <MemoMarkdown text={e.text} />
    </div>
  );
}

/** Parsed again only when its text changes. */
const MemoMarkdown = pure(function MemoMarkdown({ text }: { text: string }) {
  return <div class="md" dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }} />;
});
