/**
 * One agent message's markdown in the DOM, kept up to date as its text grows. The part of the text
 * that can no longer change (stable-prefix.ts) is rendered once, appended, and its closed code
 * blocks highlighted; only the tail after it is rendered again on each update. When the message is
 * finished only its last tail is rendered, so a long answer never pays for a full render at the end
 * of the stream. Anything else (a text that is not the previous one extended, a link reference
 * definition) renders the whole text again.
 *
 * Rendered parts are grouped in boxes of a few blocks, which get `content-visibility: auto`
 * (markdown.css) once laid out: the browser then skips style, layout and paint of the boxes out of
 * view, so each update of a long message costs what is on screen, not the whole message. Not
 * before: a page that draws no frames (a panel in a background tab) would never lay a new box out,
 * and its text would be missing from `innerText` there.
 */
import { highlightWithin } from "./highlight";
import { renderMarkdownFragment } from "./render";
import { hasLinkDefinition, stablePrefixLength } from "./stable-prefix";

/** Blocks per box: small enough that a box is cheap to lay out, large enough to keep boxes few. */
const BLOCKS_PER_BOX = 16;

export class IncrementalMarkdown {
  /** The text on screen, or undefined before the first render. */
  private shown: string | undefined;
  /** How much of `shown` is rendered into boxes for good. */
  private stableLength = 0;
  private finished = false;
  private box: HTMLElement | null = null;
  private readonly tail: HTMLElement;
  /** Marks each new box once it has a layout (a size to stand in for it when skipped). */
  private readonly laidOut: ResizeObserver | null;

  constructor(private readonly root: HTMLElement) {
    this.tail = root.ownerDocument.createElement("div");
    this.tail.className = "md-tail";
    root.replaceChildren(this.tail);
    this.laidOut =
      typeof ResizeObserver === "function"
        ? new ResizeObserver((entries, observer) => {
            for (const { target, contentRect } of entries) {
              // Its size now stands in for it while skipped, so skipping it moves nothing.
              (target as HTMLElement).style.containIntrinsicBlockSize = `auto ${contentRect.height}px`;
              target.classList.add("md-box--skippable");
              observer.unobserve(target);
            }
          })
        : null;
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
    this.tail.replaceChildren(renderMarkdownFragment(text.slice(this.stableLength)));
  }

  /** Shows `text` as final: everything rendered for good, code highlighted. */
  finish(text: string): void {
    if (text === this.shown && this.finished) return;
    if (this.finished || !this.extends(text) || hasLinkDefinition(text)) this.reset();
    this.shown = text;
    this.finished = true;
    this.tail.replaceChildren();
    if (text.length > this.stableLength) this.settle(text.slice(this.stableLength), text.length);
  }

  /** Whether `text` is what is shown with more appended after its stable part. */
  private extends(text: string): boolean {
    return this.shown !== undefined && text.startsWith(this.shown.slice(0, this.stableLength));
  }

  private reset(): void {
    this.laidOut?.disconnect();
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
        this.laidOut?.observe(this.box);
      }
      this.box.append(fragment.firstChild);
      touched.add(this.box);
    }
    this.stableLength = end;
    for (const box of touched) void highlightWithin(box);
  }
}
