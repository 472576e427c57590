/**
 * A code fence still open at the end of a streaming message (stable-prefix.ts `openFenceBody`),
 * shown without rendering its code again on every update. Rendered as a whole, the open fence is
 * one text in one <code>: each update rebuilt it, and the browser shaped and laid out every line
 * of it again, so a long block cost more per update the longer it got (BENCHMARKS.md). Here its
 * lines go into groups of a fixed size, each a block of its own, and only the last group's text
 * changes: the browser keeps the earlier groups' layout and paint.
 *
 * A group is `<div class="md-lines"><code>…</code></div>` inside the block's <pre>, so every line
 * sits in a line box of the <pre>'s font with the code inline in it, as in a block rendered
 * whole, and lines are as tall as they will be once the fence closes and the block is rendered
 * for good. Code text only ever goes in as text nodes.
 */
import { renderMarkdownFragment } from "../render";

/** Lines per group: the most a browser shapes and lays out again per update. */
const GROUP_LINES = 16;

export class LiveCodeBlock {
  /** The block as rendered from its opening line: the wrapper with its copy button, around the <pre>. */
  readonly element: DocumentFragment;
  private readonly pre: HTMLElement;
  private readonly codeClass: string;
  /** The last group, whose text still changes, and that text. */
  private readonly openGroup: HTMLElement;
  private readonly openText: Text;
  /** The code shown by the last update, and how much of it is in finished groups. */
  private shown = "";
  private grouped = 0;

  /** `opening`: the fence's opening line, newline included. */
  constructor(
    readonly opening: string,
    private readonly doc: Document,
  ) {
    this.element = renderMarkdownFragment(opening);
    this.pre = this.element.querySelector("pre")!;
    this.codeClass = this.pre.querySelector("code")?.className ?? "";
    this.openGroup = this.group("");
    this.openText = this.openGroup.firstChild!.firstChild as Text;
    this.pre.replaceChildren(this.openGroup);
  }

  /** Shows the fence's code so far: `body` is everything after the opening line. */
  show(body: string): void {
    const code = visibleCode(body);
    if (code === this.shown) return;
    if (!code.startsWith(this.shown.slice(0, this.grouped))) {
      this.pre.replaceChildren(this.openGroup);
      this.grouped = 0;
    }
    // A group is finished once it has all its lines and more code follows it.
    for (;;) {
      let end = this.grouped;
      let lines = 0;
      for (let nl = code.indexOf("\n", end); nl >= 0 && lines < GROUP_LINES; nl = code.indexOf("\n", end)) {
        end = nl + 1;
        lines++;
      }
      if (lines < GROUP_LINES || end >= code.length) break;
      this.pre.insertBefore(this.group(code.slice(this.grouped, end)), this.openGroup);
      this.grouped = end;
    }
    const rest = code.slice(this.grouped);
    if (this.openText.data !== rest) this.openText.data = rest;
    this.shown = code;
  }

  /** A group holding `text`. */
  private group(text: string): HTMLElement {
    const lines = this.doc.createElement("div");
    lines.className = "md-lines";
    const code = lines.appendChild(this.doc.createElement("code"));
    if (this.codeClass) code.className = this.codeClass;
    code.append(text);
    return lines;
  }
}

/**
 * The code of an open fence as a render of it shows it: what follows the opening line, less one
 * line end at the end (marked's fence and our code renderer, marked-instance.ts, drop one between them).
 */
function visibleCode(body: string): string {
  return body.endsWith("\n") ? body.slice(0, -1) : body;
}
