// @vitest-environment happy-dom

import { Marked } from "marked";
import { beforeAll, describe, expect, it } from "vitest";
import { createMarked } from "../../../../../extension/panel/markdown/marked-instance";
import { markdownStats, renderMarkdown } from "../../../../../extension/panel/markdown/render";
import { policeRendered, sanitizerStats, sanitizeToFragment } from "../../../../../extension/panel/markdown/sanitize";

// Payloads contain stylesheets and iframes; happy-dom refuses to load them (good) but logs a stack
// trace for each refused stylesheet unless told to treat the refusal as success. (It still logs
// the refused iframe of the "iframe javascript src" payload, even inside DOMPurify's DOMParser
// document: two expected "Iframe page loading is disabled" lines.)
(
  window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;

// ---- the invariant every rendered message must satisfy -------------------------------------------

const OUR_TAGS = new Set([
  "P",
  "BR",
  "HR",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "STRONG",
  "EM",
  "DEL",
  "CODE",
  "PRE",
  "BLOCKQUOTE",
  "UL",
  "OL",
  "LI",
  "A",
  "TABLE",
  "THEAD",
  "TBODY",
  "TR",
  "TH",
  "TD",
  "INPUT",
  "DIV",
  "BUTTON",
]);
const DANGEROUS_TAGS = [
  "script",
  "iframe",
  "object",
  "embed",
  "style",
  "form",
  "meta",
  "base",
  "link",
  "img",
  "svg",
  "math",
  "frame",
  "textarea",
  "select",
  "details",
  "template",
  "noscript",
];
const URL_ATTRS = ["href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "background", "data", "ping", "cite", "srcdoc"];
const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

function isSafeUrl(value: string): boolean {
  try {
    return SAFE_SCHEMES.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Every way `root` breaks the policy; empty when it is safe. `beforePolicy` skips what only the
 * final pass adds (target/rel on links).
 */
function violations(root: ParentNode, { beforePolicy = false } = {}): string[] {
  const out: string[] = [];
  for (const tag of DANGEROUS_TAGS) if (root.querySelector(tag)) out.push(`<${tag}> present`);
  for (const el of root.querySelectorAll("*")) {
    const tag = el.tagName;
    if (!OUR_TAGS.has(tag)) out.push(`unexpected <${tag.toLowerCase()}>`);
    for (const attr of el.getAttributeNames()) {
      if (/^on/i.test(attr)) out.push(`${attr} on <${tag.toLowerCase()}>`);
      if (attr === "style") out.push(`style on <${tag.toLowerCase()}>`);
    }
    for (const attr of URL_ATTRS) {
      const v = el.getAttribute(attr);
      if (v !== null && !(attr === "href" && tag === "A" && isSafeUrl(v))) out.push(`${attr}="${v}" on <${tag.toLowerCase()}>`);
    }
    if (tag === "A" && !beforePolicy && (el.getAttribute("target") !== "_blank" || el.getAttribute("rel") !== "noopener noreferrer")) {
      out.push(`link without target/rel: ${el.outerHTML}`);
    }
    if (tag === "INPUT" && (el.getAttribute("type") !== "checkbox" || !el.hasAttribute("disabled")))
      out.push(`live input: ${el.outerHTML}`);
    if (tag === "BUTTON" && (el.getAttribute("type") !== "button" || !el.hasAttribute("data-copy")))
      out.push(`foreign button: ${el.outerHTML}`);
  }
  return out;
}

/** Inserted into the live happy-dom document, as the panel does. */
function mount(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  document.body.replaceChildren(host);
  return host;
}

/** Parsed as template content: inert, nothing in it loads or runs. */
function inert(html: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

// ---- the corpus ----------------------------------------------------------------------------------

interface Payload {
  name: string;
  md: string;
  /** Text that must survive (the link goes, the text stays). */
  keeps?: string;
  /** Stock marked already handles it; kept to pin our own renderer, which replaces marked's. */
  stockSafe?: boolean;
}

const CORPUS: Payload[] = [
  { name: "script block", md: "<script>alert(1)</script>" },
  { name: "inline script", md: "hello <script>alert(1)</script> world", keeps: "hello" },
  { name: "img onerror", md: "<img src=x onerror=alert(1)>" },
  { name: "svg onload", md: "<svg onload=alert(1)>" },
  { name: "script inside svg", md: "<svg><script>alert(1)</script></svg>" },
  { name: "iframe srcdoc", md: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { name: "iframe javascript src", md: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: "object and embed", md: '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">' },
  { name: "markdown javascript: link", md: "[click](javascript:alert(1))", keeps: "click" },
  { name: "mixed-case scheme", md: "[click](JaVaScRiPt:alert(1))", keeps: "click" },
  { name: "data: link", md: "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", keeps: "click" },
  { name: "vbscript: link", md: "[click](vbscript:msgbox(1))", keeps: "click" },
  { name: "hex entity in scheme", md: "[click](java&#x73;cript:alert(1))", keeps: "click" },
  { name: "decimal entity in scheme", md: "[click](&#106;avascript:alert(1))", keeps: "click" },
  { name: "named entity colon", md: "[click](javascript&colon;alert(1))", keeps: "click" },
  { name: "angle-bracket destination", md: "[click](<javascript:alert(1)>)", keeps: "click" },
  { name: "percent-encoded newline in scheme", md: "[click](java%0ascript:alert(1))", keeps: "click" },
  { name: "reference-style link", md: "[click][r]\n\n[r]: javascript:alert(1)", keeps: "click" },
  { name: "chrome-extension link", md: "[panel](chrome-extension://abcdefghijklmnop/sidepanel.html)", keeps: "panel" },
  { name: "relative and protocol-relative links", md: "[a](/settings) [b](//evil.example/x) [c](#top)", keeps: "a b c" },
  { name: "autolink javascript:", md: "<javascript:alert(1)>", keeps: "javascript:alert(1)" },
  { name: "autolink vbscript:", md: "<vbscript:msgbox(1)>" },
  { name: "raw <a> javascript:", md: '<a href="javascript:alert(1)">x</a>' },
  { name: "raw <a> leading-space javascript:", md: '<a href=" javascript:alert(1)">x</a>' },
  { name: "raw <a> entity-encoded scheme", md: '<a href="java&#x73;cript:alert(1)">x</a>' },
  // Not script, but outside the link policy: DOMPurify's defaults allow these, our pass must not.
  { name: "raw <a> relative, ftp: and tel:", md: '<a href="/settings">a</a> <a href="ftp://example.com/f">b</a> <a href="tel:+100">c</a>' },
  { name: "style tag", md: "<style>body{display:none}</style>" },
  { name: "style attribute", md: '<p style="position:fixed;inset:0">cover</p>' },
  { name: "form with input and button", md: '<form action="https://evil.example"><input name=q><button>Go</button></form>' },
  { name: "button formaction", md: '<button formaction="javascript:alert(1)">x</button>' },
  { name: "meta refresh", md: '<meta http-equiv="refresh" content="0;url=https://evil.example">' },
  { name: "base tag", md: '<base href="https://evil.example/">' },
  { name: "link stylesheet", md: '<link rel="stylesheet" href="https://evil.example/x.css">' },
  { name: "details ontoggle", md: "<details open ontoggle=alert(1)><summary>s</summary></details>" },
  { name: "markdown image javascript: src", md: "![pic](javascript:alert(1))", keeps: "pic" },
  { name: "markdown image data: src", md: "![pic](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)", keeps: "pic" },
  { name: "raw remote img (tracking)", md: '<img src="https://tracker.example/p.gif">' },
  { name: "markdown inside raw div", md: "<div>\n\n[x](javascript:alert(1))\n\n</div>", keeps: "x" },
  { name: "handler on raw div around markdown", md: '<div onclick="alert(1)">*md* [x](javascript:alert(1))</div>' },
  { name: "mXSS math/style", md: "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>" },
  { name: "noscript attribute break-out", md: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">' },
  { name: "title attribute break-out", md: '[ok](https://ok.example "t\\" onmouseover=\\"alert(1)")', keeps: "ok" },
  { name: "fence info break-out", md: '```js" onmouseover="alert(1)\ncode\n```', keeps: "code", stockSafe: true },
  // After an inline <pre>/<script> tag marked passes following text through unescaped, and browsers
  // accept "<img/src=x/onerror=...>" though marked doesn't see a tag in it.
  { name: "slash-separated img after inline <pre>", md: "a <pre> b <img/src=x/onerror=alert(1)> c", keeps: "b" },
  { name: "slash-separated img between inline <script> tags", md: "a <script> b <img/src=x/onerror=alert(1)> c </script>", keeps: "b" },
  { name: "raw input and textarea", md: '<input type="text" value="x"><textarea>t</textarea>' },
  { name: "raw checkbox not disabled", md: '<input type="checkbox">' },
];

describe("XSS corpus", () => {
  beforeAll(() => expect(CORPUS.length).toBeGreaterThanOrEqual(25));

  it.each(CORPUS)("$name: rendered output is inert", ({ md, keeps }) => {
    const root = mount(renderMarkdown(md));
    expect(violations(root)).toEqual([]);
    if (keeps) expect(root.textContent).toContain(keeps);
  });

  // Defence in depth, layer 1: our marked renderer alone (no DOMPurify) emits nothing dangerous.
  it.each(CORPUS)("$name: our marked renderer alone emits no dangerous markup", ({ md }) => {
    expect(violations(inert(createMarked().parse(md, { async: false })), { beforePolicy: true })).toEqual([]);
  });

  // Layer 2: the sanitizer alone, fed the payload as HTML (marked's escaping bypassed).
  it.each(CORPUS)("$name: sanitizer alone neutralizes it as raw HTML", ({ md }) => {
    const holder = document.createElement("div");
    holder.append(sanitizeToFragment(md));
    expect(violations(mount(holder.innerHTML))).toEqual([]);
  });

  // Layer 2 on the path without DOMPurify (markdown with no raw HTML): our policy pass alone, fed the
  // payload as HTML, as if the renderer had let it through.
  it.each(CORPUS)("$name: the policy pass alone neutralizes it as raw HTML", ({ md }) => {
    const holder = document.createElement("div");
    holder.append(policeRendered(md));
    expect(violations(mount(holder.innerHTML))).toEqual([]);
  });

  // The checker must be able to fail: stock marked (no sanitizer, no policy) trips it on every payload.
  it.each(CORPUS.filter((p) => !p.stockSafe))("$name: stock marked output is flagged by the checker", ({ md }) => {
    const stock = new Marked({ gfm: true }).parse(md, { async: false });
    expect(violations(inert(stock))).not.toEqual([]);
  });
});

describe("which renders go through DOMPurify", () => {
  const purified = (md: string) => {
    const before = sanitizerStats.purified;
    renderMarkdown(md);
    return sanitizerStats.purified - before;
  };

  it("markdown without raw HTML is policed without it", () => {
    expect(purified("# Title\n\n- a [link](https://example.com) and `<b>` in code\n\n| a |\n|---|\n| b |\n\n```html\n<p>x</p>\n```")).toBe(
      0,
    );
  });

  it.each([
    ["a block", "<div>x</div>"],
    ["an inline tag", "a <b>b</b> c"],
    ["a tag in a list item", "- one\n- two <i>x</i>"],
    ["a tag in a table cell", "| a |\n|---|\n| <span>b</span> |"],
    ["a tag in link text", "[a <b>b</b>](https://example.com)"],
    ["a tag in a quote", "> quoted <img src=x onerror=alert(1)>"],
    ["a comment", "text <!-- hidden --> more"],
  ])("raw HTML as %s goes through it", (_where, md) => {
    expect(purified(md)).toBe(1);
    expect(violations(mount(renderMarkdown(md)))).toEqual([]);
  });
});

describe("raw HTML is shown as text, not markup", () => {
  it("escapes a block of HTML so the reader sees what the agent wrote", () => {
    const root = mount(renderMarkdown('<div class="x">hi</div>'));
    expect(root.querySelector("div.x")).toBeNull();
    expect(root.textContent).toContain('<div class="x">hi</div>');
  });

  it("keeps text after an inline <pre> tag as text (marked would pass it through raw)", () => {
    const root = mount(renderMarkdown("a <pre> b <img/src=x/onerror=alert(1)> c"));
    expect(root.textContent).toContain("b <img/src=x/onerror=alert(1)> c");
  });

  it("escapes inline tags inside a paragraph", () => {
    const root = mount(renderMarkdown("use <kbd>Ctrl</kbd> here"));
    expect(root.querySelector("kbd")).toBeNull();
    expect(root.querySelector("p")?.textContent).toBe("use <kbd>Ctrl</kbd> here");
  });
});

describe("GFM", () => {
  it("renders a table with alignment", () => {
    const root = mount(renderMarkdown("| a | b |\n|:-|-:|\n| 1 | 2 |"));
    expect(root.querySelectorAll("table th")).toHaveLength(2);
    expect(root.querySelector("td")?.textContent).toBe("1");
    expect(root.querySelectorAll("td")[1]?.getAttribute("align")).toBe("right");
  });

  it("renders a task list as disabled checkboxes", () => {
    const root = mount(renderMarkdown("- [x] done\n- [ ] todo"));
    const boxes = [...root.querySelectorAll<HTMLInputElement>("li input")];
    expect(boxes.map((b) => [b.type, b.hasAttribute("checked"), b.hasAttribute("disabled")])).toEqual([
      ["checkbox", true, true],
      ["checkbox", false, true],
    ]);
  });

  it("renders strikethrough, headings and emphasis", () => {
    const root = mount(renderMarkdown("# Title\n\n~~old~~ **bold** _it_"));
    expect(root.querySelector("h1")?.textContent).toBe("Title");
    expect(root.querySelector("del")?.textContent).toBe("old");
    expect(root.querySelector("strong")?.textContent).toBe("bold");
    expect(root.querySelector("em")?.textContent).toBe("it");
  });

  it("keeps an ordered list's start number", () => {
    const root = mount(renderMarkdown("3. c\n4. d"));
    expect(root.querySelector("ol")?.getAttribute("start")).toBe("3");
  });

  it("keeps a fence's language as a class and its code as text", () => {
    const root = mount(renderMarkdown("```TypeScript title=x\nconst a = 1 < 2;\n```"));
    const code = root.querySelector("pre > code");
    expect(code?.className).toBe("language-typescript");
    expect(code?.textContent).toBe("const a = 1 < 2;");
  });

  it("gives a fence without a language no class", () => {
    const root = mount(renderMarkdown("```\nplain\n```"));
    expect(root.querySelector("pre > code")?.hasAttribute("class")).toBe(false);
  });

  it("adds one named copy button per code block, ours not the agent's", () => {
    const root = mount(renderMarkdown("```sh\nls\n```\n\ntext\n\n```\npwd\n```"));
    const buttons = [...root.querySelectorAll("button")];
    expect(buttons).toHaveLength(2);
    for (const b of buttons) {
      expect(b.getAttribute("type")).toBe("button");
      expect(b.hasAttribute("data-copy")).toBe(true);
      expect(b.getAttribute("aria-label")).toBe("Copy code");
      expect(b.parentElement?.querySelector("pre")).not.toBeNull();
    }
  });
});

describe("links", () => {
  const link = (md: string) => mount(renderMarkdown(md)).querySelector("a");

  it.each([
    ["[x](https://example.com/a?b=1&c=2)", "https://example.com/a?b=1&c=2"],
    ["[x](http://example.com)", "http://example.com/"],
    ["[x](mailto:someone@example.com)", "mailto:someone@example.com"],
    ["<https://example.com/auto>", "https://example.com/auto"],
    ["see www.example.com today", "http://www.example.com/"],
    ["mail someone@example.com", "mailto:someone@example.com"],
  ])("%s keeps its link, opening in a new tab", (md, href) => {
    const a = link(md);
    expect(a?.getAttribute("href")).toBe(href);
    expect(a?.getAttribute("target")).toBe("_blank");
    expect(a?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("decodes entities in the destination like CommonMark", () => {
    expect(link("[x](https://example.com/?a=1&amp;b=2)")?.getAttribute("href")).toBe("https://example.com/?a=1&b=2");
  });

  it.each([
    "[x](ftp://example.com/f)",
    "[x](file:///etc/passwd)",
    "[x](chrome://settings)",
    "[x](./rel)",
  ])("%s loses its link but keeps its text", (md) => {
    const root = mount(renderMarkdown(md));
    expect(root.querySelector("a")).toBeNull();
    expect(root.textContent?.trim()).toBe("x");
  });
});

describe("images are links, never loaded", () => {
  it("turns a remote image into a link labelled with its alt text", () => {
    const root = mount(renderMarkdown("![a *chart*](https://img.example/c.png)"));
    expect(root.querySelector("img")).toBeNull();
    const a = root.querySelector("a");
    expect(a?.getAttribute("href")).toBe("https://img.example/c.png");
    expect(a?.textContent).toBe("a chart");
    expect(a?.classList.contains("md-image")).toBe(true);
    expect(a?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("uses a fallback label when the alt text is empty", () => {
    expect(mount(renderMarkdown("![](https://img.example/c.png)")).querySelector("a")?.textContent).toBe("image");
  });

  it("does not link mailto: images", () => {
    const root = mount(renderMarkdown("![pic](mailto:a@example.com)"));
    expect(root.querySelector("a")).toBeNull();
    expect(root.textContent?.trim()).toBe("pic");
  });

  it("inside a link becomes plain alt text: one link, no nesting", () => {
    const root = mount(renderMarkdown("[![badge](https://img.example/b.svg)](https://example.com)"));
    const links = root.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute("href")).toBe("https://example.com/");
    expect(links[0]?.textContent).toBe("badge");
  });
});

describe("markdownStats", () => {
  it("counts one parse per render", () => {
    const before = markdownStats.parses;
    renderMarkdown("a");
    renderMarkdown("b");
    expect(markdownStats.parses - before).toBe(2);
  });
});
