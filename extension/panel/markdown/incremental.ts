/**
 * One agent message's markdown in the DOM, kept up to date as its text grows. The part of the text
 * that can no longer change (stable-prefix.ts) is rendered once, appended, and its closed code
 * blocks highlighted; only the tail after it is rendered again on each update. When the message is
 * finished only its last tail is rendered, so a long answer never pays for a full render at the end
 * of the stream. A tail that is one code fence still open only grows at its end: it is kept in the
 * DOM and only its new code goes in (live-code.ts); any other tail keeps the nodes that render the
 * same as in the last update (morph.ts). Anything else (a text that is not the previous one
 * extended, a link reference definition) renders the whole text again.
 *
 * Rendered parts are grouped in boxes of a few blocks, which get `content-visibility: auto`
 * (markdown.css) once laid out and out of view: the browser then skips style, layout and paint of
 * those boxes, so each update of a long message costs what is on screen, not the whole message. Not
 * before it is laid out: a page that draws no frames (a panel in a background tab) would never lay
 * a new box out, and its text would be missing from `innerText` there.
 */
import { highlightWithin } from "./highlight/highlight";
import { LiveCodeBlock } from "./highlight/live-code";
import { morphChildren } from "./morph";
import { renderMarkdownFragment } from "./render";
import { hasLinkDefinition, openFenceBody, stablePrefixLength } from "./stable-prefix";

/**
 * Blocks per box: small enough that a box is cheap to lay out, large enough to keep boxes few: each
 * box turning skippable costs the page another style and layout pass (64 against 16: a fifth less
 * main-thread time in a long stream, BENCHMARKS.md).
 */
const BLOCKS_PER_BOX = 64;

export class IncrementalMarkdown {
  /** The text on screen, or undefined before the first render. */
  private shown: string | undefined;
  /** How much of `shown` is rendered into boxes for good. */
  private stableLength = 0;
  private finished = false;
  private box: HTMLElement | null = null;
  private readonly tail: HTMLElement;
  /** The tail when it is an open code fence, and where in the text that fence starts. */
  private live: { block: LiveCodeBlock; at: number } | null = null;
  /** Marks each box skippable once it has a layout and is out of view (skipping it then changes nothing drawn). */
  private readonly offscreen: IntersectionObserver | null;

  constructor(private readonly root: HTMLElement) {
    this.tail = root.ownerDocument.createElement("div");
    this.tail.className = "md-tail";
    root.replaceChildren(this.tail);
    this.offscreen =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver(
            (entries, observer) => {
              // A page not shown, or with no view yet, reports every box out of a view it does not
              // have (seen in headless Firefox 153, boxes in view reported out of it): such a report
              // says nothing, and a box made skippable then would be left out of the page's text
              // (innerText).
              if (root.ownerDocument.hidden) return;
              for (const { target, isIntersecting, boundingClientRect, rootBounds } of entries) {
                // A box with no layout (in a closed <details>) reports a zero size: wait for one.
                if (isIntersecting || boundingClientRect.height === 0 || !rootBounds?.height) continue;
                observer.unobserve(target);
                // Its size now stands in for it while skipped, so skipping it moves nothing.
                (target as HTMLElement).style.containIntrinsicBlockSize = `auto ${boundingClientRect.height}px`;
                target.classList.add("md-box--skippable");
              }
            },
            // Wider than the margin in which the browser keeps `content-visibility: auto` content
            // rendered: a box turned skippable in view would be skipped, then found in view and
            // laid out again, a second style and layout pass in that frame.
            { rootMargin: "150% 0px" },
          )
        : null;
  }

  /**
   * How many characters of `text` are on screen: the length of the text shown when `text` is it
   * extended and not yet finished; otherwise `text.length`, as it replaces what is shown.
   */
  revealedOf(text: string): number {
    return this.shown !== undefined && !this.finished && text.startsWith(this.shown) ? this.shown.length : text.length;
  }

  /** Shows `text` while it is still growing. */
  update(text: string): void {
    if (text === this.shown) return;
    // A finished text was rendered to its end, which is not a place to cut: start over.
    if (this.finished || !this.extends(text)) this.reset();
    this.finished = false;
    this.shown = text;
    const cut = stablePrefixLength(text, this.stableLength);
    if (cut > this.stableLength) this.settle(text.slice(this.stableLength, cut), cut);
    this.showTail(text.slice(this.stableLength));
  }

  /** Shows `text` as final: everything rendered for good, code highlighted. */
  finish(text: string): void {
    if (text === this.shown && this.finished) return;
    if (this.finished || !this.extends(text) || hasLinkDefinition(text)) this.reset();
    this.shown = text;
    this.finished = true;
    this.live = null;
    this.tail.replaceChildren();
    if (text.length > this.stableLength) this.settle(text.slice(this.stableLength), text.length);
  }

  /** Renders the tail again, or adds to the open code fence it is. */
  private showTail(tail: string): void {
    const body = openFenceBody(tail);
    if (body < 0) {
      // An open fence's groups of lines are not what a render makes: the morph starts from nothing then.
      if (this.live) this.tail.replaceChildren();
      this.live = null;
      morphChildren(this.tail, renderMarkdownFragment(tail));
      return;
    }
    const opening = tail.slice(0, body);
    if (this.live?.at !== this.stableLength || this.live.block.opening !== opening) {
      this.live = { block: new LiveCodeBlock(opening, this.root.ownerDocument), at: this.stableLength };
      this.tail.replaceChildren(this.live.block.element);
    }
    this.live.block.show(tail.slice(body));
  }

  /** Whether `text` is what is shown with more appended after its stable part. */
  private extends(text: string): boolean {
    return this.shown !== undefined && text.startsWith(this.shown.slice(0, this.stableLength));
  }

  private reset(): void {
    this.live = null;
    this.offscreen?.disconnect();
    this.root.replaceChildren(this.tail);
    this.box = null;
    this.stableLength = 0;
  }

  /** Renders `part` for good, appending it to the last box or to new ones, and highlights its code. */
  private settle(part: string, end: number): void {
    const fragment = renderMarkdownFragment(part);
    const touched = new Set<HTMLElement>();
    while (fragment.firstChild) {
      if (!this.box || this.box.childElementCount >= BLOCKS_PER_BOX) {
        this.box = this.root.ownerDocument.createElement("div");
        this.box.className = "md-box";
        this.root.insertBefore(this.box, this.tail);
        this.offscreen?.observe(this.box);
      }
      this.box.append(fragment.firstChild);
      touched.add(this.box);
    }
    this.stableLength = end;
    for (const box of touched) void highlightWithin(box);
  }
}
