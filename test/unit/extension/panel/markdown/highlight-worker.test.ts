// @vitest-environment happy-dom

/**
 * Highlighting through the worker (highlight.ts, highlight-worker.ts): the page sends each closed
 * block's text, puts a checked reply in place only if the block is unchanged, and highlights on its
 * own main thread if the worker fails. The worker here is a stand-in that runs the real worker
 * module's handler when the test delivers a message.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HighlightReply, HighlightRequest } from "../../../../../extension/panel/markdown/highlight/highlighted-html";

class StandInWorker {
  static last: StandInWorker | undefined;
  onmessage: ((event: { data: HighlightReply }) => void) | null = null;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;
  sent: HighlightRequest[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    StandInWorker.last = this;
  }
  postMessage(request: HighlightRequest) {
    this.sent.push(request);
  }
  terminate() {
    this.terminated = true;
  }
}

/** Runs the worker module's own handler on `request` and returns what it posts back. */
async function workerReply(request: HighlightRequest): Promise<HighlightReply> {
  const posted: HighlightReply[] = [];
  vi.stubGlobal("postMessage", (reply: HighlightReply) => posted.push(reply));
  await import("../../../../../extension/panel/markdown/highlight/highlight-worker");
  (globalThis as unknown as { onmessage: (e: { data: HighlightRequest }) => void }).onmessage({ data: request });
  return posted[0]!;
}

function codeBlock(text: string, language = "ts"): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = `<pre><code class="language-${language}"></code></pre>`;
  root.querySelector("code")!.textContent = text;
  document.body.append(root);
  return root;
}

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal("Worker", StandInWorker);
  StandInWorker.last = undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("highlighting in a worker", () => {
  it("sends closed blocks to a module worker and puts its highlighted code in place", async () => {
    const { highlightWithin } = await import("../../../../../extension/panel/markdown/highlight/highlight");
    const root = codeBlock("const answer: number = 42;");
    await highlightWithin(root);
    await highlightWithin(root); // a box looked through again sends no block twice
    const worker = StandInWorker.last!;
    expect(worker.options).toEqual({ type: "module" });
    expect(worker.url.pathname.endsWith("/highlight-worker.ts")).toBe(true);
    expect(worker.sent).toEqual([{ id: 0, code: "const answer: number = 42;", language: "ts" }]);

    worker.onmessage!({ data: await workerReply(worker.sent[0]!) });
    const code = root.querySelector("code")!;
    expect(code.querySelector(".hljs-keyword")?.textContent).toBe("const");
    expect(code.textContent).toBe("const answer: number = 42;");
    // As highlight.js's own highlightElement leaves a block.
    const { default: hljs } = await import("../../../../../extension/panel/markdown/highlight/hljs-languages");
    const itself = codeBlock("const answer: number = 42;").querySelector("code")!;
    hljs.highlightElement(itself);
    expect(code.outerHTML).toBe(itself.outerHTML);
  });

  it("leaves a block that changed or went away meanwhile, and one whose language the worker lacks", async () => {
    const { highlightWithin } = await import("../../../../../extension/panel/markdown/highlight/highlight");
    const changed = codeBlock("let a = 1;");
    const gone = codeBlock("let b = 2;");
    const unknown = codeBlock("x := 1", "brainfudge");
    for (const root of [changed, gone, unknown]) await highlightWithin(root);
    const worker = StandInWorker.last!;
    const replies: HighlightReply[] = [];
    for (const request of worker.sent) replies.push(await workerReply(request));
    expect(replies[2]!.html).toBeNull();
    changed.querySelector("code")!.textContent = "let a = 10;";
    gone.remove();
    for (const data of replies) worker.onmessage!({ data });
    for (const root of [changed, gone, unknown]) expect(root.querySelector("code")!.dataset.highlighted).toBeUndefined();
    expect(changed.querySelector("code")!.textContent).toBe("let a = 10;");
  });

  it("highlights on the page when the worker fails, the blocks it had too", async () => {
    const { highlightWithin } = await import("../../../../../extension/panel/markdown/highlight/highlight");
    const waiting = codeBlock("const waiting = true;");
    await highlightWithin(waiting);
    const worker = StandInWorker.last!;
    let prevented = false;
    worker.onerror!({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(worker.terminated).toBe(true);
    await vi.waitFor(() => expect(waiting.querySelector(".hljs-keyword")?.textContent).toBe("const"));
    // And later blocks, without starting another worker.
    const later = codeBlock("const later = 1;");
    await highlightWithin(later);
    expect(StandInWorker.last).toBe(worker);
    expect(later.querySelector(".hljs-keyword")?.textContent).toBe("const");
  });
});
