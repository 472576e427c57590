// @vitest-environment happy-dom

import { signal } from "@preact/signals";
import { h, render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hljsLoader } from "../../extension/panel/markdown/highlight";
import { Markdown, StreamingMarkdown } from "../../extension/panel/markdown/Markdown";
import { markdownStats } from "../../extension/panel/markdown/render";

// Counts real imports of the highlight.js chunk, whoever triggers them.
const hljsImports = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../extension/panel/markdown/hljs-languages", async (importOriginal) => {
  hljsImports.count++;
  return importOriginal();
});
// And calls to the loader. It caches its promise, so the first call in this file is the one that counts.
const load = vi.spyOn(hljsLoader, "load");

let host: HTMLElement;
beforeEach(() => {
  host = document.createElement("div");
  document.body.replaceChildren(host);
});
afterEach(() => {
  render(null, host);
  vi.useRealTimers();
});

describe("lazy highlight.js", () => {
  it("is not imported until a finished message with a fenced language renders, then only once", async () => {
    // act() runs the components' effects before it returns; the loader is called synchronously from them.
    act(() => render(h(Markdown, { text: "no code here, just `inline`" }), host));
    act(() => render(h("div", null, h(StreamingMarkdown, { text: signal("```ts\nconst streaming = 1;\n```") })), host));
    expect(load).not.toHaveBeenCalled();
    expect(hljsImports.count).toBe(0);

    render(h(Markdown, { text: "```ts\nconst answer: number = 42;\n```" }), host);
    await vi.waitFor(() => expect(host.querySelector("code.hljs .hljs-keyword")?.textContent).toBe("const"));
    expect(load).toHaveBeenCalledTimes(1);
    expect(hljsImports.count).toBe(1);
    // Highlighting doesn't change what the code says.
    expect(host.querySelector("pre code")?.textContent).toBe("const answer: number = 42;");

    render(h(Markdown, { text: "```python\ndef f():\n    return 1\n```" }), host);
    await vi.waitFor(() => expect(host.querySelector("code.hljs .hljs-keyword")?.textContent).toBe("def"));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("leaves unknown languages plain, without asking highlight.js (which would log a warning)", async () => {
    const log = vi.spyOn(console, "log"); // highlight.js warns through console.log("WARN: …")
    render(h(Markdown, { text: "```cobol\nDISPLAY 'HI'.\n```\n\n```json\n{\"a\": 1}\n```" }), host);
    await vi.waitFor(() => expect(host.querySelector("code.language-json")?.hasAttribute("data-highlighted")).toBe(true));
    const cobol = host.querySelector("code.language-cobol");
    expect(cobol?.hasAttribute("data-highlighted")).toBe(false);
    expect(cobol?.innerHTML).toBe("DISPLAY 'HI'.");
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});

describe("<Markdown>", () => {
  it("renders sanitized HTML", () => {
    render(h(Markdown, { text: "## Plan\n\n- **one** [docs](https://example.com)\n- <b onclick=x>two</b>" }), host);
    const root = host.querySelector(".md")!;
    expect(root.querySelector("h2")?.textContent).toBe("Plan");
    expect(root.querySelector("li strong")?.textContent).toBe("one");
    expect(root.querySelector("a")?.getAttribute("target")).toBe("_blank");
    expect(root.querySelector("b")).toBeNull();
    expect(root.textContent).toContain("<b onclick=x>two</b>");
  });

  it("parses once per text value, however often its parent re-renders", async () => {
    const before = markdownStats.parses;
    for (let i = 0; i < 5; i++) render(h("section", { "data-i": i }, h(Markdown, { text: "```ts\nlet x = 1;\n```" })), host);
    expect(markdownStats.parses - before).toBe(1);
    // Re-renders keep the highlighted DOM instead of resetting it.
    await vi.waitFor(() => expect(host.querySelector("code[data-highlighted]")).not.toBeNull());
    render(h("section", { "data-i": 9 }, h(Markdown, { text: "```ts\nlet x = 1;\n```" })), host);
    expect(host.querySelector("code[data-highlighted]")).not.toBeNull();

    render(h("section", null, h(Markdown, { text: "changed" })), host);
    expect(markdownStats.parses - before).toBe(2);
    expect(host.textContent?.trim()).toBe("changed");
  });

  describe("copy button", () => {
    const writeText = vi.fn<(text: string) => Promise<void>>();
    beforeEach(() => {
      writeText.mockReset();
      Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    });

    it("copies the code's text, says Copied, then resets", async () => {
      writeText.mockResolvedValue(undefined);
      render(h(Markdown, { text: "first\n\n```sh\necho one\n```\n\n```sh\necho two\n```" }), host);
      const buttons = host.querySelectorAll<HTMLButtonElement>("button[data-copy]");
      expect(buttons).toHaveLength(2);

      vi.useFakeTimers();
      buttons[1]!.click();
      expect(writeText).toHaveBeenCalledWith("echo two");
      await vi.waitFor(() => expect(buttons[1]!.textContent).toBe("Copied"));
      expect(buttons[1]!.getAttribute("aria-label")).toBe("Copied");
      expect(buttons[0]!.textContent).toBe("Copy");
      vi.advanceTimersByTime(1600);
      expect(buttons[1]!.textContent).toBe("Copy");
      expect(buttons[1]!.getAttribute("aria-label")).toBe("Copy code");
    });

    it("says so when the clipboard refuses", async () => {
      writeText.mockRejectedValue(new Error("denied"));
      render(h(Markdown, { text: "```\nx\n```" }), host);
      const button = host.querySelector<HTMLButtonElement>("button[data-copy]")!;
      button.click();
      await vi.waitFor(() => expect(button.textContent).toBe("Copy failed"));
    });

    it("ignores clicks elsewhere in the message", () => {
      render(h(Markdown, { text: "para\n\n```\nx\n```" }), host);
      host.querySelector<HTMLElement>("p")!.click();
      host.querySelector<HTMLElement>("pre")!.click();
      expect(writeText).not.toHaveBeenCalled();
    });

    it("works while streaming too", async () => {
      writeText.mockResolvedValue(undefined);
      render(h(StreamingMarkdown, { text: signal("```\npartial\n```") }), host);
      host.querySelector<HTMLButtonElement>("button[data-copy]")!.click();
      expect(writeText).toHaveBeenCalledWith("partial");
    });
  });
});

describe("<StreamingMarkdown>", () => {
  it("shows the text on mount without waiting for a frame", () => {
    render(h(StreamingMarkdown, { text: signal("**hello**") }), host);
    expect(host.querySelector("strong")?.textContent).toBe("hello");
  });

  it("coalesces 100 synchronous chunks into at most 2 parses and shows the final text", async () => {
    const text = signal("");
    let parentRenders = 0;
    function Parent() {
      parentRenders++;
      return h("article", null, h(StreamingMarkdown, { text }));
    }
    const before = markdownStats.parses;
    render(h(Parent, null), host);
    for (let i = 0; i < 100; i++) text.value += `word${i} `;
    await vi.waitFor(() => expect(host.textContent).toContain("word99"));
    expect(host.textContent?.trim()).toBe(text.value.trim());
    expect(markdownStats.parses - before).toBeLessThanOrEqual(2);
    expect(parentRenders).toBe(1);
  });

  it("parses at most once per animation frame, and again when more text arrives", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((cb) => frames.push(cb));
    const text = signal("a");
    render(h(StreamingMarkdown, { text }), host);
    const before = markdownStats.parses;

    text.value = "a b";
    text.value = "a b c";
    expect(frames).toHaveLength(1);
    expect(markdownStats.parses).toBe(before);
    frames.shift()!(0);
    expect(markdownStats.parses).toBe(before + 1);
    expect(host.textContent?.trim()).toBe("a b c");

    text.value = "a b c d";
    expect(frames).toHaveLength(1);
    frames.shift()!(0);
    expect(markdownStats.parses).toBe(before + 2);
    expect(host.textContent?.trim()).toBe("a b c d");
    vi.mocked(window.requestAnimationFrame).mockRestore();
  });

  it("does not highlight while streaming", async () => {
    // A finished message rendered after the streaming one: once it is highlighted, a highlight of
    // the streaming one (same loaded chunk, requested earlier) would have happened too.
    render(
      h(
        "div",
        null,
        h("section", null, h(StreamingMarkdown, { text: signal("```ts\nconst a = 1;\n```") })),
        h("aside", null, h(Markdown, { text: "```ts\nconst b = 2;\n```" })),
      ),
      host,
    );
    await vi.waitFor(() => expect(host.querySelector("aside code.hljs")).not.toBeNull());
    const streaming = host.querySelector("section code");
    expect(streaming?.className).toBe("language-ts");
    expect(streaming?.querySelector("[class^=hljs]")).toBeNull();
  });

  it("drops a pending frame when unmounted", () => {
    vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 7);
    const cancel = vi.spyOn(window, "cancelAnimationFrame");
    const text = signal("x");
    render(h(StreamingMarkdown, { text }), host);
    text.value = "x y"; // frame 7 requested
    expect(cancel).not.toHaveBeenCalled();
    render(null, host);
    expect(cancel).toHaveBeenCalledWith(7);
    cancel.mockRestore();
    vi.mocked(window.requestAnimationFrame).mockRestore();
  });

  it("stops listening to the signal once unmounted", () => {
    // A change the component still listened to would request a frame at once.
    const frames = vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 1);
    const text = signal("x");
    render(h(StreamingMarkdown, { text }), host);
    text.value = "x y";
    expect(frames).toHaveBeenCalledTimes(1);
    render(null, host);
    text.value = "x y z";
    expect(frames).toHaveBeenCalledTimes(1);
    frames.mockRestore();
  });

  it("follows a new signal when the prop changes", () => {
    render(h(StreamingMarkdown, { text: signal("one") }), host);
    render(h(StreamingMarkdown, { text: signal("two") }), host);
    expect(host.textContent?.trim()).toBe("two");
  });
});
