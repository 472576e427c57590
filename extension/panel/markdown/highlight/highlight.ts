/**
 * Syntax highlighting for code blocks once they are closed. highlight.js runs in a worker
 * (highlight-worker.ts) started on the first block, so a long block never holds up the panel; the
 * page only puts the checked result in place (highlighted-html.ts). Where no worker can run, or it
 * fails, highlight.js is loaded into the page and runs here.
 */
import type { HLJSApi } from "highlight.js";
import { type HighlightReply, type HighlightRequest, highlightedFragment } from "./highlighted-html";

/**
 * The one place the page imports highlight.js. An object so tests can spy on it and prove the chunk
 * is not fetched before a message with a code fence renders.
 */
export const hljsLoader = {
  load: (): Promise<HLJSApi> => import("./hljs-languages").then((m) => m.default),
};

let pending: Promise<HLJSApi> | undefined;
function getHljs(): Promise<HLJSApi> {
  pending ??= hljsLoader.load().catch((error: unknown) => {
    pending = undefined; // a failed chunk load may succeed next time
    throw error;
  });
  return pending;
}

/** Only fences with a language are highlighted: auto-detection is slow and often wrong. */
const SELECTOR = 'pre code[class*="language-"]:not([data-highlighted])';

function languageOf(code: Element): string | undefined {
  for (const c of code.classList) if (c.startsWith("language-")) return c.slice("language-".length);
  return undefined;
}

/** A block sent to the worker, and its text then: a block changed or gone since is left alone. */
interface Job {
  code: HTMLElement;
  text: string;
}

/** The worker: undefined until the first block, null where none runs. */
let worker: Worker | null | undefined;
const jobs = new Map<number, Job>();
/** Blocks already sent: a box is looked through again as blocks are added to it. */
const sent = new WeakSet<Element>();
let nextId = 0;

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker !== "function") return null;
  try {
    worker = new Worker(new URL("./highlight-worker.ts", import.meta.url), { type: "module" });
  } catch {
    return null;
  }
  worker.onmessage = ({ data }: MessageEvent<HighlightReply>) => {
    const job = jobs.get(data.id);
    jobs.delete(data.id);
    if (job && data.html !== null) apply(job, data.html, data.language);
  };
  // A worker that cannot load or throws: highlight here from now on, the blocks it had too.
  worker.onerror = (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    const left = [...jobs.values()].map((job) => job.code);
    jobs.clear();
    void highlightHere(left);
  };
  return worker;
}

/** Puts highlight.js's markup in place, as its highlightElement does, if the block is as it was sent. */
function apply({ code, text }: Job, html: string, language: string): void {
  if (!code.isConnected || code.dataset.highlighted || code.textContent !== text) return;
  const fragment = highlightedFragment(html, text, code.ownerDocument);
  if (!fragment) return;
  code.replaceChildren(fragment);
  code.classList.add("hljs", `language-${language}`);
  code.dataset.highlighted = "yes";
}

async function highlightHere(codes: HTMLElement[]): Promise<void> {
  let hljs: HLJSApi;
  try {
    hljs = await getHljs();
  } catch {
    return;
  }
  for (const code of codes) {
    const language = languageOf(code);
    if (code.isConnected && !code.dataset.highlighted && language && hljs.getLanguage(language)) hljs.highlightElement(code);
  }
}

/**
 * Highlights the code blocks in `root` not highlighted yet. Unknown languages stay plain.
 * Never rejects: without highlighting the code is still readable.
 */
export async function highlightWithin(root: HTMLElement): Promise<void> {
  const codes = [...root.querySelectorAll<HTMLElement>(SELECTOR)];
  if (codes.length === 0) return;
  const w = startWorker();
  if (!w) return highlightHere(codes);
  for (const code of codes) {
    if (sent.has(code)) continue;
    sent.add(code);
    const id = nextId++;
    const job = { code, text: code.textContent ?? "" };
    jobs.set(id, job);
    w.postMessage({ id, code: job.text, language: languageOf(code)! } satisfies HighlightRequest);
  }
}
