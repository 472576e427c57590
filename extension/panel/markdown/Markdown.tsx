/**
 * Agent message bodies. Finished messages render once and stay frozen; only the message being
 * streamed re-parses, at most once per frame (re-parsing every message on every chunk is what
 * makes long chats janky; BENCHMARKS.md measures the difference).
 */
import { effect, type ReadonlySignal } from "@preact/signals";
import { useLayoutEffect, useMemo, useRef } from "preact/hooks";
import { onCopyClick } from "./copy";
import { highlightWithin } from "./highlight";
import { renderMarkdown, renderMarkdownFragment } from "./render";
import { stablePrefixLength } from "./stable-prefix";
import "./markdown.css";

/** A finished message: parsed once per text value, highlighted after mount. */
export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  const ref = useRef<HTMLDivElement>(null);
  // We own the children (Preact has none to diff), so parent re-renders never reset the
  // highlighted DOM; it is replaced only when the text changes.
  useLayoutEffect(() => {
    const el = ref.current!;
    el.innerHTML = html;
    void highlightWithin(el);
  }, [html]);
  // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegates to the real copy buttons inside
  return <div ref={ref} class="md" onClick={onCopyClick} />;
}

/**
 * The message being streamed. Reads the signal in an effect, not during render, so neither this
 * component nor its parent re-renders per chunk; chunks arriving within one frame cost one parse.
 * Blocks that can no longer change (before the last blank line outside a code fence) are parsed
 * once and kept; only the tail is re-parsed, so a long answer does not get slower as it grows.
 * Code stays plain until the parent swaps in <Markdown> for the finished text.
 */
export function StreamingMarkdown({ text }: { text: ReadonlySignal<string> }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current!;
    const stableEl = document.createElement("div");
    const tailEl = document.createElement("div");
    el.replaceChildren(stableEl, tailEl);
    let shown: string | undefined;
    let stableLength = 0;
    let frame = 0;
    const paint = () => {
      frame = 0;
      const value = text.peek();
      if (value === shown) return;
      if (shown !== undefined && !value.startsWith(shown.slice(0, stableLength))) {
        stableLength = 0; // not an append (never expected): start over
        stableEl.replaceChildren();
      }
      shown = value;
      const cut = stablePrefixLength(value, stableLength);
      if (cut > stableLength) {
        stableEl.append(renderMarkdownFragment(value.slice(stableLength, cut)));
        stableLength = cut;
      }
      tailEl.replaceChildren(renderMarkdownFragment(value.slice(stableLength)));
    };
    paint(); // the first paint shouldn't wait a frame
    const stop = effect(() => {
      if (text.value !== shown && !frame) frame = requestAnimationFrame(paint);
    });
    return () => {
      stop();
      cancelAnimationFrame(frame);
    };
  }, [text]);
  // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegates to the real copy buttons inside
  return <div ref={ref} class="md md--streaming" aria-busy="true" onClick={onCopyClick} />;
}
