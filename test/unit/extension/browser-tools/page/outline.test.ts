// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { accessibleName } from "../../../../../extension/browser-tools/page/names";
import { buildOutline, OutlineWalk } from "../../../../../extension/browser-tools/page/outline";
import { RefMap } from "../../../../../extension/browser-tools/page/refs";

const outline = () => buildOutline(document, new RefMap("t")).lines;

beforeEach(() => {
  document.head.innerHTML = "<style>.gone { display: none } .unseen { visibility: hidden }</style>";
  document.body.innerHTML = "";
});

describe("names (accessible-name spec)", () => {
  // Inline boundaries need a computed `display`, which happy-dom leaves empty: the e2e tests (names.html)
  // check them in Chromium and Firefox.
  it("leaves CSS-hidden text out", () => {
    document.body.innerHTML = `
      <button id="c">Save<span class="gone"> secretly</span> draft</button>
      <a id="d" href="/">Help<span class="unseen"> hint</span> centre</a>`;
    const name = (id: string, role: string) => accessibleName(document.getElementById(id) as Element, role);
    expect(name("c", "button")).toBe("Save draft");
    expect(name("d", "link")).toBe("Help centre");
  });

  it("gives a focusable element with no role its visible text, and a field its placeholder last", () => {
    document.body.innerHTML = `<div id="g" tabindex="0">Open <i>menu</i></div><input id="f" placeholder="you@example.com">`;
    expect(accessibleName(document.getElementById("g") as Element, "generic")).toBe("Open menu");
    expect(accessibleName(document.getElementById("f") as Element, "textbox")).toBe("you@example.com");
  });
});

describe("icon-only controls", () => {
  it("are named from a tooltip, aria-description, a described-by tooltip or the icon's title; title and an SVG's <title> as accname says", () => {
    document.body.innerHTML = `
      <button><svg><title>Close</title><path></path></svg></button>
      <button title="Delete"><svg></svg></button>
      <button aria-describedby="tip"><svg></svg></button><div role="tooltip" id="tip">Share</div>
      <button data-tooltip="Bold"><i></i></button>
      <button data-bs-original-title="Italic"><i></i></button>
      <button aria-description="Underline"><i></i></button>
      <button><i title="Strike through"></i></button>
      <button data-tooltip="More">⋯</button>
      <button><svg></svg></button>
      <nav><span title="Unrelated"></span></nav>`;
    expect(outline()).toEqual([
      '- button "Close" [e1]',
      '- button "Delete" [e2]',
      '- button "Share" [e3]',
      '- button "Bold" [e4]',
      '- button "Italic" [e5]',
      '- button "Underline" [e6]',
      '- button "Strike through" [e7]',
      '- button "More" [e8]',
      "- button [e9]",
      // A landmark is not named by a title somewhere inside it.
      "- navigation [e10]",
    ]);
  });

  it("a clickable element without a role (the hand cursor) gets a ref, named or not; what is inside or around a control does not", () => {
    document.body.innerHTML = `
      <div class="swatches"><span style="cursor: pointer; background: red" title="Red"></span><span style="cursor: pointer; background: #00f"></span></div>
      <div style="cursor: pointer" data-tooltip="Settings"><svg><path></path></svg><span>⚙</span></div>
      <a href="/x" style="cursor: pointer"><span style="cursor: pointer">inside a link</span></a>
      <div style="cursor: pointer"><button>Buy</button></div>
      <p>plain text</p>`;
    expect(outline()).toEqual([
      '- generic "Red" [e1]',
      "- generic [e2]",
      '- generic "Settings" [e3]',
      '- link "inside a link" [e4] -> /x',
      '- button "Buy" [e5]',
    ]);
  });
});

describe("outline of composite widgets", () => {
  it("lists items under their widget, and what a control holds under the control", () => {
    document.body.innerHTML = `
      <div role="combobox" aria-expanded="true"><input aria-label="Country"><ul role="listbox"><li role="option">Egypt</li><li role="option">Eritrea</li></ul></div>
      <ul role="tablist"><li role="tab" aria-selected="true"><a href="#o">Overview</a></li></ul>
      <select aria-label="Size"><option>S</option><option selected>M</option><option class="gone">XL</option></select>`;
    expect(outline()).toEqual([
      "- combobox [e1] expanded",
      '  - textbox "Country" [e2]',
      "  - listbox [e3]",
      '    - option "Egypt" [e4]',
      '    - option "Eritrea" [e5]',
      "- tablist [e6]",
      '  - tab "Overview" [e7] selected',
      '    - link "Overview" [e8] -> #o',
      '- combobox "Size" [e9] value="M" (3 options)',
      '  - option "S" [e10]',
      '  - option "M" [e11] selected',
    ]);
  });

  it("walks open shadow roots in the composed order, slotted content in its slot's place", () => {
    const host = document.createElement("div");
    host.innerHTML = `<button>Slotted</button><button slot="none">Not rendered</button>`;
    document.body.append(host);
    host.attachShadow({
      mode: "open",
    }).innerHTML = `<nav aria-label="Inside"><button>Before</button><slot></slot></nav><button>After</button>`;
    expect(outline()).toEqual([
      '- navigation "Inside" [e1]',
      '  - button "Before" [e2]',
      '  - button "Slotted" [e3]',
      '- button "After" [e4]',
    ]);
  });

  it("remembers each iframe's line, and lists nothing inside it", () => {
    document.body.innerHTML = `<h1>Top</h1><iframe title="Pay" srcdoc="<button>In</button>"></iframe>`;
    const { lines, frames } = buildOutline(document, new RefMap("t"));
    expect(lines).toEqual(['- heading "Top" [e1] level=1', '- iframe "Pay" [e2]']);
    expect(frames.map((f) => f.line)).toEqual([1]);
  });

  it("stops once its lines pass the budget and goes on from there to the same outline, with an estimate of what is left", () => {
    document.body.innerHTML = `<main><h1>List</h1><div hidden>${"<a href='/x'>hidden</a>".repeat(50)}</div>${Array.from(
      { length: 300 },
      (_, i) => `<p><a href="/a${i}">Link ${i}</a></p>`,
    ).join("")}</main>`;
    const whole = buildOutline(document, new RefMap("t")).lines;
    const walk = new OutlineWalk(document, new RefMap("t"));
    expect(walk.run(1_000)).toBe(false);
    const chars = walk.lines.reduce((n, l) => n + l.length + 1, 0);
    expect(chars).toBeGreaterThan(1_000);
    expect(chars - (walk.lines.at(-1)?.length ?? 0) - 1).toBeLessThanOrEqual(1_000);
    const unread = walk.unread();
    // The hidden links count as passed, not as lines to come.
    expect(Math.abs(walk.lines.length + unread.lines - whole.length)).toBeLessThan(whole.length * 0.1);
    expect(walk.run()).toBe(true);
    expect(walk.lines).toEqual(whole);
    expect(walk.unread()).toEqual({ lines: 0, chars: 0 });
  });

  it("leaves out what was removed from the page while the walk was stopped", () => {
    document.body.innerHTML = `<button>One</button><button id="two">Two</button><button>Three</button>`;
    const walk = new OutlineWalk(document, new RefMap("t"));
    walk.run(1);
    document.getElementById("two")?.remove();
    walk.run();
    expect(walk.lines).toEqual(['- button "One" [e1]', '- button "Three" [e2]']);
  });
});
