// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { actionWait } from "../../../../../extension/browser-tools/page/act/actionable";
import { pressKey } from "../../../../../extension/browser-tools/page/act/actions";
import { locate, textRange } from "../../../../../extension/browser-tools/page/act/editing";
import { selectText } from "../../../../../extension/browser-tools/page/act/select-text";
import { useLayout } from "../../../../helpers/dom/layout";

const $ = <T extends Element>(selector: string) => document.querySelector(selector) as T;

beforeEach(() => {
  actionWait.ms = 100;
  document.body.innerHTML = `
    <div id="editor" contenteditable="true" aria-label="Notes"><p>Hello <b>brave</b> world</p><p>Second line</p></div>
    <input id="field" aria-label="Title" value="A quick brown fox" />`;
  const layout = useLayout(document);
  layout.place($("#editor"), { left: 10, top: 10, right: 310, bottom: 110 });
  layout.place($("#field"), { left: 10, top: 120, right: 310, bottom: 150 });
});

describe("finding text to select", () => {
  it("the exact text first, else the same words in any case and spacing", () => {
    expect(locate("Hello brave world", "brave")).toEqual([6, 11]);
    expect(locate("Hello  brave\n world", "BRAVE world")).toEqual([7, 19]);
    expect(locate("Hello", "bye")).toBeNull();
  });

  it("a range over character offsets spans the text nodes they fall in", () => {
    const range = textRange($("#editor"), 3, 12);
    expect(range.toString()).toBe("lo brave ");
    expect(textRange($("#editor"), 6, 11).toString()).toBe("brave");
  });
});

describe("select_text", () => {
  it("selects text in rich text as a Range, focusing the editor; and a span of a text field", async () => {
    expect(await selectText($("#editor"), "e1", { text: "brave world" })).toBe(
      'Selected "brave world" in textbox "Notes" [e1] (the editor has focus; the next key acts on the selection).',
    );
    expect(document.getSelection()?.toString()).toBe("brave world");
    expect(document.activeElement?.id).toBe("editor");
    const field = $<HTMLInputElement>("#field");
    expect(await selectText(field, "e2", { start: 2, end: 7 })).toBe('Selected "quick" in textbox "Title" [e2] (characters 2–7 of 17).');
    expect([field.selectionStart, field.selectionEnd]).toEqual([2, 7]);
  });

  it("says what is there when the text is not, and refuses offsets past the end", async () => {
    await expect(selectText($("#editor"), "e1", { text: "goodbye" })).rejects.toThrow(
      /does not contain "goodbye"\. Its text begins "Hello brave world/,
    );
    await expect(selectText($<HTMLInputElement>("#field"), "e2", { start: 5, end: 40 })).rejects.toThrow(
      /has 17 characters; 5–40 is not a span/,
    );
  });
});

describe("keys in rich text", () => {
  it("Control+a selects the editor's contents, not the page's", async () => {
    $<HTMLElement>("#editor").focus();
    await pressKey($("#editor"), "e1", document, "Control+a");
    const selection = document.getSelection()!;
    expect(selection.toString()).toMatch(/^Hello brave world\s*Second line$/);
    expect(selection.getRangeAt(0).commonAncestorContainer).toBe($("#editor"));
  });

  it("Backspace asks the page first with beforeinput, once: an editor that cancels it keeps its text", async () => {
    const seen: string[] = [];
    $("#editor").addEventListener("beforeinput", (e) => {
      seen.push((e as InputEvent).inputType);
      e.preventDefault();
    });
    await selectText($("#editor"), "e1", { text: "brave" });
    await pressKey(null, undefined, document, "Backspace");
    await pressKey(null, undefined, document, "Control+Delete");
    await pressKey(null, undefined, document, " ");
    expect(seen).toEqual(["deleteContentBackward", "deleteWordForward", "insertText"]);
    expect($("#editor").textContent).toBe("Hello brave worldSecond line");
  });
});
