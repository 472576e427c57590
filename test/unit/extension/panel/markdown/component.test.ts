// @vitest-environment happy-dom

import { signal } from "@preact/signals";
import { h, render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hljsLoader } from "../../../../../extension/panel/markdown/highlight/highlight";
import { LiveMarkdown } from "../../../../../extension/panel/markdown/Markdown";
import { markdownStats } from "../../../../../extension/panel/markdown/render";
import { BURST_INTERVAL_MS, CHARS_PER_SECOND, MIN_INTERVAL_MS, updateInterval } from "../../../../../extension/panel/markdown/reveal";
import { blocksHtml, fullRender } from "../../../../helpers/dom/markdown-html";

// Counts real imports of the highlight.js chunk, whoever triggers them.
const hljsImports = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../../../../extension/panel/markdown/highlight/hljs-languages", async (importOriginal) => {
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
/**
 * Frames the component requests, held for the test to run with the time it chooses, and fake
 * timers and clock (the component waits with a timer until the frame before an update is due).
 */
function captureFrames(): FrameRequestCallback[] {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, "requestAnimationFrame").mockImplementation((cb) => frames.push(cb));
  return frames;
}

afterEach(() => {
  render(null, host);
  vi.useRealTimers();
  // Frame and visibility stubs of a test that failed halfway must not reach the next one.
  vi.restoreAllMocks();
});

describe("lazy highlight.js", () => {
  it("is not imported until a finished message with a fenced language renders, then only once", async () => {
    // act() runs the components' effects before it returns; the loader is called synchronously from them.
    act(() => render(h(LiveMarkdown, { text: signal("no code here, just `inline`"), streaming: false }), host));
    act(() => render(h("div", null, h(LiveMarkdown, { text: signal("```ts\nconst streaming = 1;\n```"), streaming: true })), host));
    expect(load).not.toHaveBeenCalled();
    expect(hljsImports.count).toBe(0);

    render(h(LiveMarkdown, { text: signal("```ts\nconst answer: number = 42;\n```"), streaming: false }), host);
    await vi.waitFor(() => expect(host.querySelector("code.hljs .hljs-keyword")?.textContent).toBe("const"));
    expect(load).toHaveBeenCalledTimes(1);
    expect(hljsImports.count).toBe(1);
    // Highlighting doesn't change what the code says.
    expect(host.querySelector("pre code")?.textContent).toBe("const answer: number = 42;");

    render(h(LiveMarkdown, { text: signal("```python\ndef f():\n    return 1\n```"), streaming: false }), host);
    await vi.waitFor(() => expect(host.querySelector("code.hljs .hljs-keyword")?.textContent).toBe("def"));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("leaves unknown languages plain, without asking highlight.js (which would log a warning)", async () => {
    const log = vi.spyOn(console, "log"); // highlight.js warns through console.log("WARN: …")
    render(h(LiveMarkdown, { text: signal("```cobol\nDISPLAY 'HI'.\n```\n\n```json\n{\"a\": 1}\n```"), streaming: false }), host);
    await vi.waitFor(() => expect(host.querySelector("code.language-json")?.hasAttribute("data-highlighted")).toBe(true));
    const cobol = host.querySelector("code.language-cobol");
    expect(cobol?.hasAttribute("data-highlighted")).toBe(false);
    expect(cobol?.innerHTML).toBe("DISPLAY 'HI'.");
    expect(log).not.toHaveBeenCalled();
  });
});

describe("<LiveMarkdown>, finished", () => {
  it("renders sanitized HTML", () => {
    render(
      h(LiveMarkdown, { text: signal("## Plan\n\n- **one** [docs](https://example.com)\n- <b onclick=x>two</b>"), streaming: false }),
      host,
    );
    const root = host.querySelector(".md")!;
    expect(root.querySelector("h2")?.textContent).toBe("Plan");
    expect(root.querySelector("li strong")?.textContent).toBe("one");
    expect(root.querySelector("a")?.getAttribute("target")).toBe("_blank");
    expect(root.querySelector("b")).toBeNull();
    expect(root.textContent).toContain("<b onclick=x>two</b>");
  });

  it("parses once per text value, however often its parent re-renders", async () => {
    const before = markdownStats.parses;
    const text = signal("```ts\nlet x = 1;\n```");
    for (let i = 0; i < 5; i++) render(h("section", { "data-i": i }, h(LiveMarkdown, { text, streaming: false })), host);
    expect(markdownStats.parses - before).toBe(1);
    // Re-renders keep the highlighted DOM instead of resetting it.
    await vi.waitFor(() => expect(host.querySelector("code[data-highlighted]")).not.toBeNull());
    render(h("section", { "data-i": 9 }, h(LiveMarkdown, { text, streaming: false })), host);
    expect(host.querySelector("code[data-highlighted]")).not.toBeNull();

    act(() => {
      text.value = "changed";
    });
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
      render(h(LiveMarkdown, { text: signal("first\n\n```sh\necho one\n```\n\n```sh\necho two\n```"), streaming: false }), host);
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
      render(h(LiveMarkdown, { text: signal("```\nx\n```"), streaming: false }), host);
      const button = host.querySelector<HTMLButtonElement>("button[data-copy]")!;
      button.click();
      await vi.waitFor(() => expect(button.textContent).toBe("Copy failed"));
    });

    it("ignores clicks elsewhere in the message", () => {
      render(h(LiveMarkdown, { text: signal("para\n\n```\nx\n```"), streaming: false }), host);
      host.querySelector<HTMLElement>("p")!.click();
      host.querySelector<HTMLElement>("pre")!.click();
      expect(writeText).not.toHaveBeenCalled();
    });

    it("copies all of a block still being written, whose lines are in several groups", () => {
      writeText.mockResolvedValue(undefined);
      const code = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join("\n");
      render(h(LiveMarkdown, { text: signal(`\`\`\`\n${code}`), streaming: true }), host);
      expect(host.querySelectorAll(".md-lines").length).toBeGreaterThan(1);
      host.querySelector<HTMLButtonElement>("button[data-copy]")!.click();
      expect(writeText).toHaveBeenCalledWith(code);
    });

    it("works while streaming too", async () => {
      writeText.mockResolvedValue(undefined);
      render(h(LiveMarkdown, { text: signal("```\npartial\n```"), streaming: true }), host);
      host.querySelector<HTMLButtonElement>("button[data-copy]")!.click();
      expect(writeText).toHaveBeenCalledWith("partial");
    });
  });
});

describe("<LiveMarkdown>, streaming", () => {
  it("shows the text on mount without waiting for a frame", () => {
    render(h(LiveMarkdown, { text: signal("**hello**"), streaming: true }), host);
    expect(host.querySelector("strong")?.textContent).toBe("hello");
  });

  it("coalesces 100 synchronous chunks into at most 2 parses and shows the final text", async () => {
    const text = signal("");
    let parentRenders = 0;
    function Parent() {
      parentRenders++;
      return h("article", null, h(LiveMarkdown, { text, streaming: true }));
    }
    const before = markdownStats.parses;
    render(h(Parent, null), host);
    for (let i = 0; i < 100; i++) text.value += `w${i} `;
    await vi.waitFor(() => expect(host.textContent).toContain("w99"));
    expect(host.textContent?.trim()).toBe(text.value.trim());
    expect(markdownStats.parses - before).toBeLessThanOrEqual(2);
    expect(parentRenders).toBe(1);
  });

  it("updates at most once per MIN_INTERVAL_MS, with everything that arrived meanwhile, drawing no frame while it waits", () => {
    const frames = captureFrames();
    const text = signal("a");
    render(h(LiveMarkdown, { text, streaming: true }), host);
    const start = performance.now();
    const before = markdownStats.parses;

    text.value = "a b";
    text.value = "a b c";
    // A timer waits until about a frame before the update is due; no frame is asked for meanwhile.
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(MIN_INTERVAL_MS / 2);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(MIN_INTERVAL_MS / 2);
    expect(frames).toHaveLength(1);
    expect(markdownStats.parses).toBe(before);
    // A frame too soon after the first render waits for the next one, rendering nothing.
    frames.shift()!(start + MIN_INTERVAL_MS - 10);
    expect(markdownStats.parses).toBe(before);
    expect(frames).toHaveLength(1);
    frames.shift()!(start + MIN_INTERVAL_MS);
    expect(markdownStats.parses).toBe(before + 1);
    expect(host.textContent?.trim()).toBe("a b c");
    expect(frames).toHaveLength(0);

    text.value = "a b c d";
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(MIN_INTERVAL_MS);
    expect(frames).toHaveLength(1);
    frames.shift()!(start + 2 * MIN_INTERVAL_MS);
    expect(markdownStats.parses).toBe(before + 2);
    expect(host.textContent?.trim()).toBe("a b c d");
  });

  it("shows a burst over several updates, each a share of it, every BURST_INTERVAL_MS, and finishes when the stream has ended", async () => {
    const frames = captureFrames();
    const text = signal("Intro.\n\n");
    const view = (streaming: boolean) => h(LiveMarkdown, { text, streaming });
    render(view(true), host);
    // 60 Hz frames in whole milliseconds, so the time between two updates is exact.
    let clock = performance.now();
    const shown = () => host.querySelector(".md")!.textContent!.length;
    /** Each update: when it came, how much was on screen after it, and how much had waited before it. */
    const updates: { at: number; length: number; backlog: number }[] = [];
    /** Frames drawn: only those the component asked for (a wait draws none). */
    let drawn = 0;
    const tick = () => {
      clock += 17;
      vi.advanceTimersByTime(17);
      const before = shown();
      const backlog = text.value.length - before; // an overestimate: markup is not on screen
      if (frames.length === 0) return;
      drawn++;
      frames.shift()!(clock);
      if (shown() !== before) updates.push({ at: clock, length: shown(), backlog });
    };
    const burst = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
    text.value += `${burst}\n\n\`\`\`ts\nconst done = true;\n\`\`\``;
    for (let i = 0; i < 6; i++) tick();
    expect(updates).toHaveLength(1);
    // The stream ends while most of the burst is still to be shown: it goes on being shown.
    act(() => render(view(false), host));
    expect(host.textContent).not.toContain("const done");
    while (frames.length > 0 || vi.getTimerCount() > 0) tick();
    expect(updates.length).toBeGreaterThan(2);
    // About one frame drawn per update, not one every 17 ms between them.
    expect(drawn).toBeLessThanOrEqual(2 * updates.length + 1);
    const share = (CHARS_PER_SECOND * BURST_INTERVAL_MS) / 1000;
    for (let i = 1; i < updates.length; i++) {
      const [prev, next] = [updates[i - 1]!, updates[i]!];
      expect(next.length - prev.length).toBeLessThanOrEqual(share);
      // A frame after the burst interval, or after the shorter one once what is left fits in one update.
      expect(next.at - prev.at).toBeGreaterThanOrEqual(updateInterval(next.backlog) - 1);
      expect(next.at - prev.at).toBeLessThan(updateInterval(next.backlog) + 17);
    }
    expect(updates.filter((u, i) => i > 0 && u.at - updates[i - 1]!.at >= BURST_INTERVAL_MS).length).toBeGreaterThan(1);
    // All of it, finished: rendered as the whole text is, and its code highlighted.
    expect(blocksHtml(host.querySelector(".md")!)).toBe(blocksHtml(fullRender(text.value)));
    await vi.waitFor(() => expect(host.querySelector("pre code.hljs")).not.toBeNull());
  });

  it("shows the rest at once when the stream ends in a hidden page, which draws no frames", () => {
    vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    captureFrames();
    const text = signal("a");
    render(h(LiveMarkdown, { text, streaming: true }), host);
    text.value += " word".repeat(2_000);
    expect(host.textContent?.trim()).toBe("a");
    act(() => render(h(LiveMarkdown, { text, streaming: false }), host));
    expect(host.textContent?.trim()).toBe(text.value.trim());
  });

  it("shows at once the text a message already has when it mounts, however long", () => {
    const long = "word ".repeat(5_000);
    render(h(LiveMarkdown, { text: signal(long), streaming: true }), host);
    expect(host.textContent?.trim()).toBe(long.trim());
  });

  it("does not highlight the open tail, only code blocks closed before it", async () => {
    // A finished message rendered after the streaming one: once it is highlighted, a highlight of
    // the streaming one (same loaded chunk, requested earlier) would have happened too.
    render(
      h(
        "div",
        null,
        h("section", null, h(LiveMarkdown, { text: signal("```ts\nconst a = 1;\n```\n\nmore"), streaming: true })),
        h("article", null, h(LiveMarkdown, { text: signal("```ts\nconst a = 1;\n```"), streaming: true })),
        h("aside", null, h(LiveMarkdown, { text: signal("```ts\nconst b = 2;\n```"), streaming: false })),
      ),
      host,
    );
    await vi.waitFor(() => expect(host.querySelector("aside code.hljs")).not.toBeNull());
    expect(host.querySelector("section code.hljs .hljs-keyword")?.textContent).toBe("const");
    const tail = host.querySelector("article code");
    expect(tail?.className).toBe("language-ts");
    expect(tail?.querySelector("[class^=hljs]")).toBeNull();
  });

  it("keeps the streamed blocks when the message finishes, rendering only the last tail", async () => {
    const frames = captureFrames();
    const text = signal("# Title\n\nfirst paragraph\n\n```ts\nconst a = 1;\n```\n\nlast");
    const view = (streaming: boolean) => h(LiveMarkdown, { text, streaming });
    render(view(true), host);
    const heading = host.querySelector("h1");
    const code = host.querySelector("pre code");
    expect(heading?.textContent).toBe("Title");
    await vi.waitFor(() => expect(host.querySelector("pre code.hljs")).not.toBeNull());
    text.value += " words";
    vi.advanceTimersByTime(MIN_INTERVAL_MS);
    frames.shift()!(performance.now());
    expect([...host.querySelectorAll("p")].at(-1)?.textContent).toBe("last words");

    const before = markdownStats.parses;
    act(() => render(view(false), host));
    expect(markdownStats.parses - before).toBe(1);
    expect(host.querySelector("h1")).toBe(heading);
    expect(host.querySelector("pre code")).toBe(code);
    expect(host.querySelector(".md")?.getAttribute("aria-busy")).toBeNull();
    expect(blocksHtml(host.querySelector(".md")!)).toBe(blocksHtml(fullRender(text.value)));
  });

  it("renders the whole text again when a link definition may reach back into streamed blocks", () => {
    const text = signal("see [the docs][d]\n\nmore");
    render(h(LiveMarkdown, { text, streaming: true }), host);
    expect(host.querySelector("a")).toBeNull();
    text.value += "\n\n[d]: https://example.com/docs";
    act(() => render(h(LiveMarkdown, { text, streaming: false }), host));
    expect(host.querySelector("a")?.getAttribute("href")).toBe("https://example.com/docs");
  });

  it("drops a pending wait and a pending frame when unmounted", () => {
    const frames = captureFrames();
    const cancel = vi.spyOn(window, "cancelAnimationFrame");
    const text = signal("x");
    render(h(LiveMarkdown, { text, streaming: true }), host);
    text.value = "x y"; // waiting for the update
    expect(vi.getTimerCount()).toBe(1);
    render(null, host);
    expect(vi.getTimerCount()).toBe(0);

    render(h(LiveMarkdown, { text, streaming: true }), host);
    text.value = "x y z";
    vi.advanceTimersByTime(MIN_INTERVAL_MS); // frame 1 requested
    expect(frames).toHaveLength(1);
    render(null, host);
    expect(cancel).toHaveBeenCalledWith(1);
  });

  it("stops listening to the signal once unmounted", () => {
    // A change the component still listened to would start a wait for the next update.
    const frames = captureFrames();
    const text = signal("x");
    render(h(LiveMarkdown, { text, streaming: true }), host);
    text.value = "x y";
    expect(vi.getTimerCount()).toBe(1);
    render(null, host);
    text.value = "x y z";
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * MIN_INTERVAL_MS);
    expect(frames).toHaveLength(0);
  });

  it("follows a new signal when the prop changes", () => {
    render(h(LiveMarkdown, { text: signal("one"), streaming: true }), host);
    render(h(LiveMarkdown, { text: signal("two"), streaming: true }), host);
    expect(host.textContent?.trim()).toBe("two");
  });
});
