/**
 * Agent message bodies. A finished message renders once per text value and stays frozen; a message
 * being streamed renders at most once per frame, and only its tail: the blocks before it are
 * rendered once and kept, and stay when the message finishes (incremental.ts). Re-parsing every
 * message on every chunk is what makes long chats janky; BENCHMARKS.md measures the difference.
 * The component owns its children (Preact has none to diff), so parent re-renders never reset
 * the highlighted DOM.
 */
import { effect, type ReadonlySignal } from "@preact/signals";
import { useLayoutEffect, useRef } from "preact/hooks";
import { onCopyClick } from "./copy";
import { IncrementalMarkdown } from "./incremental";
import "./markdown.css";

/**
 * An agent message that may still be streaming. While `streaming`, the text is read in an effect,
 * not during render, so neither this component nor its parent re-renders per chunk, and chunks
 * arriving within one frame cost one render of the tail. Code is highlighted once its block is
 * closed and followed by more text; the open tail stays plain. When `streaming` turns false the
 * same DOM is finished: only the last tail is rendered.
 */
export function LiveMarkdown({ text, streaming }: { text: ReadonlySignal<string>; streaming: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const view = useRef<IncrementalMarkdown | null>(null);
  useLayoutEffect(() => {
    view.current = new IncrementalMarkdown(ref.current!);
    return () => {
      view.current = null;
    };
  }, [text]);
  useLayoutEffect(() => {
    const md = view.current!;
    if (!streaming) return effect(() => md.finish(text.value));
    let frame = 0;
    let painted: string | undefined;
    const paint = () => {
      frame = 0;
      painted = text.peek();
      md.update(painted);
    };
    paint(); // the first paint shouldn't wait a frame
    const stop = effect(() => {
      if (text.value !== painted && !frame) frame = requestAnimationFrame(paint);
    });
    return () => {
      stop();
      cancelAnimationFrame(frame);
    };
  }, [text, streaming]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegates to the real copy buttons inside
    <div ref={ref} class="md" aria-busy={streaming ? "true" : undefined} onClick={onCopyClick} />
  );
}
