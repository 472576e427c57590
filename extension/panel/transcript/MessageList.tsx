/**
 * The transcript. The list re-renders only when an entry is added; each entry subscribes to its own
 * signal, and the message being streamed re-parses its markdown at most once per frame.
 */

import { effect, useComputed } from "@preact/signals";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { ContentBlock } from "../../acp/schema";
import type { AgentTextEntry, Entry } from "../../state/sessions/client-state";
import { active, entryIds, entrySignal } from "../../view/state-signals";
import { WorkingIndicator } from "../agent-work/AgentWork";
import { useSearchJump } from "../history/search-jump";
import { LiveMarkdown } from "../markdown/Markdown";
import { ToolCallCard } from "../tool/ToolCallCard";
import { CompactionCard } from "./CompactionCard";
import { followRequests } from "./follow";
import { inlineImageSrc } from "./inline-image";
import { Notice } from "./Notice";
import { pure } from "./Pure";
import { UserMessage } from "./UserMessage";

/** Entries rendered at first (the newest); older ones are added a page at a time as the user scrolls up. */
const ENTRY_PAGE = 60;

export function MessageList() {
  const ids = entryIds.value;
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(ENTRY_PAGE);
  // Distance from the bottom to keep while older entries are added above, so nothing jumps.
  const anchor = useRef<number | null>(null);
  useStickToBottom(scroller);
  const start = Math.max(0, ids.length - shown);
  const showMore = () => {
    const el = scroller.current;
    if (el) anchor.current = el.scrollHeight - el.scrollTop;
    setShown((n) => n + ENTRY_PAGE);
  };
  // Opening a search result: older entries down to the match, which it then scrolls to and marks.
  useSearchJump(ids, start, (index) => setShown(ids.length - index + ENTRY_PAGE / 2), scroller);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && anchor.current !== null) el.scrollTop = el.scrollHeight - anchor.current;
    anchor.current = null;
  }, [shown]);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !scroller.current) return;
    const io = new IntersectionObserver((e) => e[0]?.isIntersecting && showMore(), {
      root: scroller.current,
      rootMargin: "200px 0px 0px 0px",
    });
    io.observe(el);
    return () => io.disconnect();
  }, [start > 0]);
  return (
    <div class="messages" ref={scroller} role="log" aria-label="Conversation" aria-live="polite">
      <div class="messages__inner">
        {start > 0 && (
          <div ref={sentinel} class="messages__earlier">
            <button type="button" class="button button--ghost button--small" onClick={showMore}>
              Show {Math.min(ENTRY_PAGE, start)} earlier of {start}
            </button>
          </div>
        )}
        {ids.slice(start).map((id, i) => (
          <EntryView key={id} id={id} last={start + i === ids.length - 1} />
        ))}
        <WorkingIndicator />
      </div>
    </div>
  );
}

const EntryView = pure(function EntryView({ id, last }: { id: string; last: boolean }) {
  const sig = entrySignal(id);
  if (!sig) return null;
  const kind = sig.peek().kind;
  if (kind === "agent" || kind === "thought") return <AgentText id={id} last={last} />;
  if (kind === "tool") return <ToolCallCard id={id} />;
  return <StaticEntry id={id} />;
});

function AgentText({ id, last }: { id: string; last: boolean }) {
  const sig = entrySignal(id)!;
  // Computed slices, so a streamed chunk does not re-render this component, only LiveMarkdown's effect.
  const text = useComputed(() => (sig.value as AgentTextEntry).text);
  const attachments = useComputed(() => (sig.value as AgentTextEntry).attachments);
  // Only the last entry reads the turn, so a turn ending re-renders one entry, not all of them.
  const streaming = last && active.turn.value !== "idle";
  const entry = sig.peek() as AgentTextEntry;
  // One component through the stream and after it, so the finished message keeps what was streamed.
  const body = <LiveMarkdown text={text} streaming={streaming} />;
  if (entry.kind === "thought") {
    return (
      <details class="thought">
        <summary>{streaming ? "Thinking…" : "Thoughts"}</summary>
        {body}
      </details>
    );
  }
  return (
    <div class="message message--agent">
      {body}
      <Attachments blocks={attachments.value} />
      {!streaming && text.value.trim() && <CopyAnswer text={text.value} />}
    </div>
  );
}

function CopyAnswer({ text }: { text: string }) {
  const [state, setState] = useState<"idle" | "done" | "failed">("idle");
  return (
    <button
      type="button"
      class="copy-answer"
      aria-label="Copy answer"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setState("done"),
          () => setState("failed"),
        )
      }
      onBlur={() => setState("idle")}
    >
      {state === "done" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
    </button>
  );
}

function StaticEntry({ id }: { id: string }) {
  const e = entrySignal(id)!.value as Exclude<Entry, AgentTextEntry | { kind: "tool" }>;
  if (e.kind === "notice") return <Notice entry={e} />;
  if (e.kind === "compaction") return <CompactionCard compactionId={e.compactionId} />;
  return (
    <UserMessage entry={e}>
      {e.content.map((b, i) =>
        b.type === "text" ? (
          <p key={i} class="message__text">
            {b.text}
          </p>
        ) : (
          <Attachment key={i} block={b} />
        ),
      )}
    </UserMessage>
  );
}

function Attachments({ blocks }: { blocks: ContentBlock[] }) {
  if (blocks.length === 0) return null;
  return (
    <div class="attachments">
      {blocks.map((b, i) => (
        <Attachment key={i} block={b} />
      ))}
    </div>
  );
}

function Attachment({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case "image":
      return inlineImageSrc(block) ? (
        <img class="attachment__image" alt="From the conversation" src={inlineImageSrc(block)!} />
      ) : (
        <span class="chip">image ({block.mimeType})</span>
      );
    case "resource":
      return <SentResource resource={block.resource} />;
    case "resource_link":
      return (
        <span class="chip" title={block.uri}>
          {block.title ?? block.name}
        </span>
      );
    case "audio":
      return <span class="chip">audio</span>;
    default:
      return null;
  }
}

/** Page text or a selection that was sent along: its source as a pill that opens to show exactly what was sent. */
function SentResource({ resource }: { resource: Extract<ContentBlock, { type: "resource" }>["resource"] }) {
  if (!("text" in resource)) {
    return (
      <span class="chip" title={resource.uri}>
        {resource.uri}
      </span>
    );
  }
  return (
    <details class="sent">
      <summary class="chip" title={resource.uri}>
        {hostAndPath(resource.uri)}
      </summary>
      <pre class="sent__text">{resource.text}</pre>
    </details>
  );
}

function hostAndPath(uri: string): string {
  try {
    const u = new URL(uri);
    return u.host ? `${u.host}${u.pathname === "/" ? "" : u.pathname}` : uri;
  } catch {
    return uri;
  }
}

/**
 * Keeps the newest content in view while the user is at the bottom, and leaves them alone if they
 * scrolled up, until they send something or answer a question the turn waits on (follow.ts): then
 * what comes next is followed again.
 */
function useStickToBottom(ref: { current: HTMLDivElement | null }) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let atBottom = true;
    let lastUserEntries = userEntryCount();
    // Just after a send, the newest content wins even over a scroll still gliding from before.
    let followUntil = 0;
    const toBottom = () => {
      el.scrollTop = el.scrollHeight;
    };
    const nearBottom = () => el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    let lastTop = el.scrollTop;
    const onScroll = () => {
      const movedUp = el.scrollTop < lastTop;
      lastTop = el.scrollTop;
      if (performance.now() < followUntil) {
        if (!nearBottom()) toBottom();
        atBottom = true;
        return;
      }
      // Only moving up leaves the bottom: a scroll down that stops short of it (an approval bar
      // scrolled into view before the content below it was followed) is not the user looking back.
      if (nearBottom()) atBottom = true;
      else if (movedUp) atBottom = false;
    };
    const followAgain = () => {
      atBottom = true;
      followUntil = performance.now() + 1000;
      toBottom();
    };
    const requests = followRequests.peek();
    const stopFollowing = effect(() => {
      if (followRequests.value !== requests) followAgain();
    });
    const observer = new ResizeObserver(() => {
      const users = userEntryCount();
      if (users > lastUserEntries) followAgain();
      lastUserEntries = users;
      if (atBottom) toBottom();
    });
    // The content growing, and the scroller shrinking (a plan or an error card appearing).
    observer.observe(el.firstElementChild!);
    observer.observe(el);
    el.addEventListener("scroll", onScroll, { passive: true });
    toBottom();
    return () => {
      stopFollowing();
      observer.disconnect();
      el.removeEventListener("scroll", onScroll);
    };
  }, []);
}

function userEntryCount(): number {
  let n = 0;
  for (const id of entryIds.peek()) if (entrySignal(id)?.peek().kind === "user") n++;
  return n;
}
