// @vitest-environment happy-dom

/**
 * The streamed rendering of a message must be the rendering of its text: at every moment of the
 * stream (the kept blocks plus the tail) and once it is finished (the kept blocks plus the last
 * tail, nothing rendered again). Checked against the whole text rendered in one go, for texts
 * built around what does not end at a blank line in CommonMark.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { IncrementalMarkdown } from "../../../../../extension/panel/markdown/incremental";
import { markdownStats } from "../../../../../extension/panel/markdown/render";
import { hasLinkDefinition, openFenceBody, stablePrefixLength } from "../../../../../extension/panel/markdown/stable-prefix";
import { CODE_FILE, MARKDOWN_REPLY } from "../../../../fixtures/scripted-agent/content";
import { blocksHtml, fullRender } from "../../../../helpers/dom/markdown-html";
import { seededRandom } from "../../../../helpers/seeded-random";

/**
 * An open fence longer than a group of lines (live-code.ts), with lines inside that look like
 * fences but do not close it, blank lines, and more blank lines before the close.
 */
const LONG_FENCE = `Here:\n\n\`\`\`ts\n${CODE_FILE.slice(0, 700)}\n\`\`\n~~~\n\`\`\`\`js\n  \`\`\`x\n${CODE_FILE.slice(700, 1100)}\n\n\n\`\`\`\n\nAfter.\n`;

const TEXTS: Record<string, string> = {
  "the scripted agent's reply": MARKDOWN_REPLY,
  "a loose list": "Steps:\n\n- first\n\n- second\n\n  more about the second\n\n- third\n\nDone.\n",
  "an ordered list with code in its items":
    "1. Install:\n\n   ```sh\n   npm i\n\n   npm test\n   ```\n\n2. Run it\n\n10. Later\n\nThat is all.\n",
  "nested lists and a paragraph after": "- a\n  - b\n\n    deep text\n\n  - c\n\nafter the list\n\n* star\n+ plus\n",
  "indented code over blank lines": "Code:\n\n    line one\n\n    line two\n\nText.\n",
  "fences of both kinds": "~~~\na\n\n```\nstill code\n~~~\n\n````md\n```\ninner\n```\n\n````\n\nend\n",
  "raw HTML blocks over blank lines":
    "<!--\n\nhidden?\n\n-->\n\ntext\n\n<pre>\n\nkept\n\n</pre>\n\n<script>\n\nx\n\n</script>\n\n<?php\n\n?>\n\n<div>\n\nblock six\n",
  "quotes, tables and headings":
    "> one\n\n> two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n| x |\n\nTitle\n=====\n\nSub\n---\n\n# H\n\n---\n\n***\n",
  "numbers and markers that are not lists": "2024 was a year.\n\n3.5 is a number.\n\n-not a list\n\n*emphasis* here\n\n1) one\n\n2) two\n",
  "inline html and tricky paragraphs": "Use <kbd>x</kbd>.\n\n<b onclick=alert(1)>bold?</b>\n\n  indented two\n\nplain\n",
  "a long fence with lines that look like fences": LONG_FENCE,
};

/** The whole text rendered in one go, as comparable HTML. */
function full(text: string): string {
  return blocksHtml(fullRender(text));
}

/** Streams `text` in pieces of `sizes()` characters, checking every step; returns the element. */
function stream(text: string, sizes: () => number): { el: HTMLElement; md: IncrementalMarkdown } {
  const el = document.createElement("div");
  const md = new IncrementalMarkdown(el);
  for (let at = 0; at < text.length; ) {
    at = Math.min(text.length, at + sizes());
    md.update(text.slice(0, at));
    expect(blocksHtml(el), `after ${JSON.stringify(text.slice(0, at))}`).toBe(full(text.slice(0, at)));
  }
  return { el, md };
}

describe("incremental markdown", () => {
  // One character at a time for the short texts (every prefix is checked against a full render).
  for (const [name, text] of Object.entries(TEXTS).filter(([, t]) => t.length < 200)) {
    it(`streams ${name} one character at a time as the whole text renders`, () => {
      const { el, md } = stream(text, () => 1);
      md.finish(text);
      expect(blocksHtml(el)).toBe(full(text));
    });
  }

  it("streams every text in random pieces, as the bench's agent does", () => {
    const random = seededRandom(11);
    for (const text of Object.values(TEXTS)) {
      const { el, md } = stream(text, () => 1 + Math.floor(random() * 16));
      md.finish(text);
      expect(blocksHtml(el)).toBe(full(text));
    }
  }, 20_000);

  it("streams a long fence one character at a time as the whole text renders", () => {
    const { el, md } = stream(LONG_FENCE, () => 1);
    md.finish(LONG_FENCE);
    expect(blocksHtml(el)).toBe(full(LONG_FENCE));
  });

  it("adds to an open fence without rendering it again: earlier lines stay, in groups", () => {
    const el = document.createElement("div");
    const md = new IncrementalMarkdown(el);
    const lines = CODE_FILE.split("\n");
    const upTo = (n: number) => `Intro.\n\n\`\`\`ts\n${lines.slice(0, n).join("\n")}`;
    md.update(upTo(20));
    const firstGroup = el.querySelector(".md-lines");
    expect(firstGroup?.textContent).toBe(`${lines.slice(0, 16).join("\n")}\n`);
    const before = markdownStats.parses;
    for (let n = 21; n <= 50; n++) md.update(upTo(n));
    expect(markdownStats.parses - before).toBe(0);
    expect(el.querySelector(".md-lines")).toBe(firstGroup);
    expect(el.querySelectorAll(".md-lines")).toHaveLength(4); // three groups of 16 lines, and the open one
    expect(el.querySelector("pre")?.textContent).toBe(lines.slice(0, 50).join("\n"));
    // Closed and followed by more text, it is rendered for good, as one block.
    md.update(`${upTo(50)}\n\`\`\`\n\nAfter.`);
    expect(el.querySelectorAll(".md-lines")).toHaveLength(0);
    expect(blocksHtml(el)).toBe(full(`${upTo(50)}\n\`\`\`\n\nAfter.`));
  });

  it("keeps a growing list's earlier items on screen as they were", () => {
    const el = document.createElement("div");
    const md = new IncrementalMarkdown(el);
    const items = Array.from({ length: 30 }, (_, i) => `- item **${i}** with \`code\``);
    md.update(`Steps:\n\n${items.slice(0, 10).join("\n")}`);
    const first = el.querySelector("li");
    for (let n = 11; n <= 30; n++) md.update(`Steps:\n\n${items.slice(0, n).join("\n")}`);
    expect(el.querySelectorAll("li")).toHaveLength(30);
    expect(el.querySelector("li")).toBe(first);
    expect(blocksHtml(el)).toBe(full(`Steps:\n\n${items.join("\n")}`));
  });

  it("keeps blocks once rendered: a finished message costs one render of its last tail", () => {
    // Enough blocks for more than one box.
    const text = `${Array(8).fill(MARKDOWN_REPLY).join("\n\n")}\n\nlast words`;
    const el = document.createElement("div");
    const md = new IncrementalMarkdown(el);
    md.update(text);
    const firstHeading = el.querySelector("h1");
    const before = markdownStats.parses;
    md.finish(text);
    expect(markdownStats.parses - before).toBe(1);
    expect(el.querySelector("h1")).toBe(firstHeading);
    expect(el.querySelectorAll(".md-box").length).toBeGreaterThan(1);
  });

  it("starts over when the text is not the shown one extended, or once finished", () => {
    const el = document.createElement("div");
    const md = new IncrementalMarkdown(el);
    md.update("one\n\ntwo\n\nthr");
    md.update("other\n\ntext");
    expect(blocksHtml(el)).toBe(full("other\n\ntext"));
    md.finish("other\n\ntext");
    md.update("other\n\ntext continued");
    expect(blocksHtml(el)).toBe(full("other\n\ntext continued"));
  });
});

describe("stable prefix", () => {
  it("cuts after a blank line, never inside a code fence", () => {
    expect(stablePrefixLength("para one\n\npara two grows")).toBe("para one\n\n".length);
    expect(stablePrefixLength("no blank line yet")).toBe(0);
    const fenced = "intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n";
    expect(stablePrefixLength(fenced)).toBe("intro\n\n".length);
    const closed = `${fenced}\`\`\`\n\nafter`;
    expect(stablePrefixLength(closed)).toBe(closed.length - "after".length);
    expect(stablePrefixLength("~~~\na\n\n~~~\n\nz")).toBe("~~~\na\n\n~~~\n\n".length);
  });

  it("does not cut before a line that may continue the block before the blank line", () => {
    expect(stablePrefixLength("- a\n\n- b")).toBe(0);
    expect(stablePrefixLength("- a\n\n  more")).toBe(0);
    expect(stablePrefixLength("    code\n\n    more")).toBe(0);
    expect(stablePrefixLength("1. a\n\n2")).toBe(0); // may become "2. b"
    expect(stablePrefixLength("1. a\n\n2024 was")).toBe("1. a\n\n".length);
  });

  it("does not cut inside raw HTML blocks that a blank line does not end", () => {
    expect(stablePrefixLength("<!--\n\nx\n\nstill")).toBe(0);
    expect(stablePrefixLength("<!--\n\nx\n-->\n\nafter")).toBe("<!--\n\nx\n-->\n\n".length);
    expect(stablePrefixLength("<!-- one line -->\n\nafter")).toBe("<!-- one line -->\n\n".length);
    expect(stablePrefixLength("<pre>\n\nx\n\ny")).toBe(0);
  });

  it("continues from an earlier cut with the same answer as a full scan", () => {
    const text = "a\n\nb\n\n```\nx\n\ny\n```\n\nc\n\nd";
    const first = stablePrefixLength(text.slice(0, 8));
    expect(stablePrefixLength(text, first)).toBe(stablePrefixLength(text));
  });

  it("finds a tail that is one open code fence, and where its code starts", () => {
    expect(openFenceBody("```ts\nconst a = 1;\n")).toBe("```ts\n".length);
    expect(openFenceBody("~~~ `info` with backticks\nx")).toBe("~~~ `info` with backticks\n".length);
    expect(openFenceBody("````\n```\nstill open")).toBe(5);
    expect(openFenceBody("```ts\nx\n```\n")).toBe(-1); // closed
    expect(openFenceBody("```ts\nx\n```")).toBe(-1); // closed by its last line, the text ending there
    expect(openFenceBody("```ts\nx\n``")).toBe("```ts\n".length); // not yet
    expect(openFenceBody("```ts")).toBe(-1); // its opening line may still grow
    expect(openFenceBody("``` a`b\nx")).toBe(-1); // a backtick in the info string: not a fence
    expect(openFenceBody(" ```\nx")).toBe(-1); // indented: left to a render
    expect(openFenceBody("para\n```\nx")).toBe(-1);
    expect(openFenceBody("```\r\nx")).toBe(-1);
  });

  it("finds link reference definitions", () => {
    expect(hasLinkDefinition("text\n\n[docs]: https://example.com")).toBe(true);
    expect(hasLinkDefinition("[not](https://example.com) a definition")).toBe(false);
  });
});

describe("skippable boxes", () => {
  /** Stands in for the browser's IntersectionObserver: the test delivers the reports. */
  function observedBoxes(): { boxes: () => HTMLElement[]; report: (entries: Partial<IntersectionObserverEntry>[]) => void } {
    let callback: IntersectionObserverCallback = () => {};
    let observer = {} as IntersectionObserver;
    const observed: Element[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(cb: IntersectionObserverCallback) {
          callback = cb;
          observer = this as unknown as IntersectionObserver;
        }
        observe(target: Element) {
          observed.push(target);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const el = document.createElement("div");
    new IncrementalMarkdown(el).finish(`${Array(8).fill(MARKDOWN_REPLY).join("\n\n")}\n\nlast words`);
    return {
      boxes: () => observed as HTMLElement[],
      report: (entries) => callback(entries as IntersectionObserverEntry[], observer),
    };
  }
  const outOfView = (target: Element, rootHeight: number) => ({
    target,
    isIntersecting: false,
    boundingClientRect: { height: 120 } as DOMRectReadOnly,
    rootBounds: { height: rootHeight } as DOMRectReadOnly,
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("marks a laid-out box out of view skippable, with its height standing in for it", () => {
    const { boxes, report } = observedBoxes();
    expect(boxes().length).toBeGreaterThan(1);
    report([outOfView(boxes()[0]!, 600)]);
    expect(boxes()[0]!.classList.contains("md-box--skippable")).toBe(true);
    expect(boxes()[0]!.style.containIntrinsicBlockSize).toBe("auto 120px");
  });

  it("ignores reports from a page not shown or with no view, which would leave the text out of innerText", () => {
    const { boxes, report } = observedBoxes();
    report([outOfView(boxes()[0]!, 0)]);
    const hidden = vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    report([outOfView(boxes()[1]!, 600)]);
    hidden.mockRestore();
    expect(boxes().filter((b) => b.classList.contains("md-box--skippable"))).toEqual([]);
  });
});
