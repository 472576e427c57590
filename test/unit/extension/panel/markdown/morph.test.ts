// @vitest-environment happy-dom

/**
 * Putting a new rendering of a streaming tail in place (morph.ts): the result is the new rendering
 * exactly, and the nodes that render the same are the ones that were on screen.
 */
import { describe, expect, it } from "vitest";
import { morphChildren } from "../../../../../extension/panel/markdown/morph";

function html(markup: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = markup;
  return template.content;
}

function shown(markup: string): HTMLElement {
  const el = document.createElement("div");
  el.append(html(markup));
  return el;
}

describe("morphing a tail into place", () => {
  it("keeps the elements that are the same and takes the new text into the same text node", () => {
    const el = shown("<ul><li>one</li><li>tw</li></ul>");
    const [first, second] = el.querySelectorAll("li");
    const text = second!.firstChild;
    morphChildren(el, html("<ul><li>one</li><li>two</li><li>thr</li></ul>"));
    expect(el.innerHTML).toBe("<ul><li>one</li><li>two</li><li>thr</li></ul>");
    const items = el.querySelectorAll("li");
    expect(items[0]).toBe(first);
    expect(items[1]).toBe(second);
    expect(items[1]!.firstChild).toBe(text);
  });

  it("replaces what changed its name, attributes or kind, and removes what is gone", () => {
    const el = shown('<ol start="2"><li>a</li></ol><p>para</p><p>gone</p>text');
    const list = el.querySelector("ol");
    const para = el.querySelector("p");
    morphChildren(el, html('<ol start="3"><li>a</li></ol><h1>para</h1><em>text</em>'));
    expect(el.innerHTML).toBe('<ol start="3"><li>a</li></ol><h1>para</h1><em>text</em>');
    expect(el.querySelector("ol")).not.toBe(list);
    expect(el.contains(para)).toBe(false);
  });

  it("ends with the new rendering whatever was shown before", () => {
    const before = ["<table><tbody><tr><td>1</td></tr></tbody></table>", "<p><strong>b</strong>old</p>", "", "x<br>y"];
    const after = ["<table><tbody><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>", "<p>bold</p>", "<hr>", "x"];
    for (const a of before)
      for (const b of after) {
        const el = shown(a);
        morphChildren(el, html(b));
        expect(el.innerHTML, `${a} → ${b}`).toBe(b);
      }
  });
});
