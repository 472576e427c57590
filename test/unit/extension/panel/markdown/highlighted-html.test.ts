// @vitest-environment happy-dom

/**
 * The page takes only highlight.js's own markup of a block's text from the highlighting worker
 * (highlighted-html.ts): checked here against what highlight.js really produces, and against
 * markup it never produces.
 */
import { describe, expect, it } from "vitest";
import { highlightedFragment } from "../../../../../extension/panel/markdown/highlight/highlighted-html";
import hljs from "../../../../../extension/panel/markdown/highlight/hljs-languages";
import { CODE_FILE, MARKDOWN_REPLY } from "../../../../fixtures/scripted-agent/content";

const SAMPLES: Record<string, string> = {
  typescript: CODE_FILE,
  javascript: "class A extends B { static #x = 1; get y() { return this.#x ?? `t` + 1; } }\nfoo.bar(1, /re/g);",
  python: 'import os\n\n@dataclass\nclass P:\n    def f(self, x: int) -> str:\n        return f"{x!r}"  # note',
  rust: 'fn main() -> Result<(), Box<dyn Error>> {\n    let v: Vec<u8> = vec![1];\n    println!("{v:?}");\n    Ok(())\n}',
  go: 'package main\n\nfunc main() { fmt.Println("hi <b>") }',
  bash: 'for f in *.md; do echo "$f" && grep -n "x" "$f"; done',
  json: '{"a": [1, true, null], "b": {"c": "<script>"}}',
  xml: '<svg onload="x()"><a href="javascript:alert(1)">&amp;</a></svg>',
  css: ".a > b:hover { color: #fff !important; }",
  sql: "SELECT a, COUNT(*) FROM t WHERE b = 'x' GROUP BY a;",
  yaml: "key: value\nlist:\n  - 1\n  - 'two'",
  markdown: MARKDOWN_REPLY,
  diff: "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new",
};

describe("highlighted HTML from the worker", () => {
  for (const [language, code] of Object.entries(SAMPLES)) {
    it(`takes highlight.js's markup of ${language}, with the block's text unchanged`, () => {
      const html = hljs.highlight(code, { language, ignoreIllegals: true }).value;
      const fragment = highlightedFragment(html, code, document);
      expect(fragment).not.toBeNull();
      expect(fragment!.textContent).toBe(code);
      expect(fragment!.querySelectorAll("span").length).toBeGreaterThan(0);
    });
  }

  it("refuses any other element, attribute or class, and a text that is not the block's", () => {
    const ok = '<span class="hljs-keyword">const</span> a';
    expect(highlightedFragment(ok, "const a", document)).not.toBeNull();
    for (const html of [
      '<img src="x" onerror="alert(1)">const a',
      '<a href="https://example.com">const</a> a',
      "<b>const</b> a",
      '<span class="hljs-keyword" onclick="alert(1)">const</span> a',
      '<span class="hljs-keyword" style="color:red">const</span> a',
      '<span class="evil">const</span> a',
    ])
      expect(highlightedFragment(html, "const a", document), html).toBeNull();
    expect(highlightedFragment(ok, "const b", document)).toBeNull();
    expect(highlightedFragment("&lt;b&gt;", "<b>", document)?.textContent).toBe("<b>");
  });
});
