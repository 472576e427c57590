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
import { BURST_INTERVAL_MS, MIN_INTERVAL_MS, revealEnd, updateInterval } from "./reveal";
import "./markdown.css";

/** About one frame at 60 Hz: the wait before an update ends this long before it, on the frame before. */
const FRAME_MS = 17;

/**
 * An agent message that may still be streaming. While `streaming`, the text is read in an effect,
 * not during render, so neither this component nor its parent re-renders per chunk, and chunks
 * arriving within one update cost one render of the tail. It updates at most every MIN_INTERVAL_MS,
 * and text arriving faster than an update should show is shown over the next ones, every
 * BURST_INTERVAL_MS, also after the stream ends (reveal.ts). Code is highlighted once its block is
 * closed and followed by more text; the open tail stays plain. When the whole text is shown and `streaming` is false, the same DOM is
 * finished: only the last tail is rendered.
 */
export function LiveMarkdown({ text, streaming }: { text: ReadonlySignal<string>; streaming: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const view = useRef<IncrementalMarkdown | null>(null);
  /** When the text on screen last changed (a frame's time), kept while `streaming` changes. */
  const updated = useRef(Number.NEGATIVE_INFINITY);
  useLayoutEffect(() => {
    view.current = new IncrementalMarkdown(ref.current!);
    return () => {
      view.current = null;
    };
  }, [text]);
  useLayoutEffect(() => {
    const md = view.current!;
    let frame = 0;
    let timer = 0;
    /**
     * Asks for the frame of the next update. A timer waits out the time until then but about its
     * last frame: a frame drawn only to find that the time has not come still costs the page a
     * lifecycle and a commit, and ticks the turn's animations on the main thread (BENCHMARKS.md).
     */
    const next = () => {
      const target = text.peek();
      const wait = updated.current + updateInterval(target.length - md.revealedOf(target)) - FRAME_MS - performance.now();
      if (wait > 0)
        timer = window.setTimeout(() => {
          timer = 0;
          frame = requestAnimationFrame(step);
        }, wait);
      else frame = requestAnimationFrame(step);
    };
    /** Shows the text up to `end`, finishing it once all of it is shown and the stream is over. */
    const show = (target: string, end: number, now: number) => {
      updated.current = now;
      if (end < target.length) {
        md.update(target.slice(0, end));
        next();
      } else if (streaming) md.update(target);
      else md.finish(target);
    };
    /** Shows the next part of the text: all of it, or its share while it arrives faster (reveal.ts). */
    const step = (now: number) => {
      frame = 0;
      const target = text.peek();
      const shown = md.revealedOf(target);
      // A hidden page draws no frames to pace by.
      if (shown === target.length || document.hidden) return show(target, target.length, now);
      // Less a millisecond: frame times are fractions, and three 60 Hz frames may add up to 49.99 ms.
      if (now - updated.current < updateInterval(target.length - shown) - 1) return next();
      // After a quiet spell, a burst still starts with one update's share, not the whole spell's.
      show(target, revealEnd(target, shown, Math.min(now - updated.current, BURST_INTERVAL_MS)), now);
    };
    const stop = effect(() => {
      const target = text.value;
      if (frame || timer) return;
      const shown = md.revealedOf(target);
      // At once: a text not on screen yet (a message mounted mid-answer or finished, or one
      // replaced), and the end of a stream that fits in one update or whose page is hidden (it
      // draws no frames). Text added while streaming shows from the next update on.
      if (shown === target.length || (!streaming && (document.hidden || revealEnd(target, shown, MIN_INTERVAL_MS) === target.length)))
        show(target, target.length, performance.now());
      else next();
    });
    return () => {
      stop();
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [text, streaming]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegates to the real copy buttons inside
    <div ref={ref} class="md" aria-busy={streaming ? "true" : undefined} onClick={onCopyClick} />
  );
}
