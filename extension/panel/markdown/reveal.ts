/**
 * When and how much of a streaming message's text to put on screen. Pure.
 *
 * Each update of a streaming message costs the page a fixed part (the tail parsed again, style,
 * layout and paint of what changed, compositing: 3–4 ms at a model's pace, more in a long message)
 * however little text it brings. So the message updates at most every `MIN_INTERVAL_MS` (every third
 * frame at 60 Hz: text appearing 20 times a second looks no different from 60), which cuts that
 * fixed part to a third while a model streams.
 *
 * And when text comes faster than a reader could follow (an agent writing a long answer in one
 * burst, a flood of chunks), putting all of it on screen at the next update makes that frame
 * parse, style and lay out everything that arrived, and the frames after it wait: a 55,000-character
 * burst took frames of 150–270 ms, and the panel could not scroll or take a keystroke meanwhile. So
 * an update shows at most `CHARS_PER_SECOND` worth of the time since the last one (six times a fast
 * model), or more when that would leave the screen more than `CATCH_UP_MS` behind the text that has
 * arrived. While more text waits than one update shows (a burst is being shown), updates come every
 * `BURST_INTERVAL_MS` instead: no one reads along at that speed, and half as many updates of twice
 * the text cost the page a quarter less main-thread time per frame, since a part of each update's
 * cost is fixed.
 * BENCHMARKS.md ("Panel, pacing a burst") has the measurements behind these numbers.
 */

/** Least time between two updates of a streaming message. */
export const MIN_INTERVAL_MS = 50;
/** Least time between two updates while a burst is being shown. */
export const BURST_INTERVAL_MS = 100;
/** How fast text is shown when it arrives faster. */
export const CHARS_PER_SECOND = 12_000;
/** The screen catches up with the text that has arrived within this time, however much arrived. */
export const CATCH_UP_MS = 2_000;

/**
 * The end of the part of `text` to show in an update `elapsedMs` after the previous one, when its
 * first `shown` characters are on screen. Ends after a space or line break in the second half of
 * the update's share when there is one, so words are not cut, and never between the two halves of
 * a surrogate pair.
 */
export function revealEnd(text: string, shown: number, elapsedMs: number): number {
  const backlog = text.length - shown;
  const perSecond = Math.max(CHARS_PER_SECOND, (backlog * 1000) / CATCH_UP_MS);
  const share = Math.max(1, Math.ceil((perSecond * elapsedMs) / 1000));
  if (backlog <= share) return text.length;
  let end = shown + share;
  for (let i = end; i > shown + share / 2; i--) {
    const c = text.charCodeAt(i - 1);
    if (c === 32 || c === 10) return i;
  }
  // A high surrogate at the end would leave half a character on screen.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return end;
}

/**
 * The least time between the last update and the next one when `backlog` characters of the text
 * are not on screen yet: `BURST_INTERVAL_MS` while more waits than an update after `MIN_INTERVAL_MS`
 * shows, else `MIN_INTERVAL_MS`.
 */
export function updateInterval(backlog: number): number {
  return backlog > (CHARS_PER_SECOND * MIN_INTERVAL_MS) / 1000 ? BURST_INTERVAL_MS : MIN_INTERVAL_MS;
}
