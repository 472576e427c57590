/** Syntax highlighting for finished messages, loaded on demand. */
import type { HLJSApi } from "highlight.js";

/**
 * The one place highlight.js is imported. An object so tests can spy on it and prove the chunk
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

/**
 * Highlights the code blocks in `root` not highlighted yet. Unknown languages stay plain.
 * Never rejects: without highlighting the code is still readable.
 */
export async function highlightWithin(root: HTMLElement): Promise<void> {
  if (!root.querySelector(SELECTOR)) return;
  let hljs: HLJSApi;
  try {
    hljs = await getHljs();
  } catch {
    return;
  }
  // Query again: the element may have been re-rendered while the chunk loaded.
  for (const code of root.querySelectorAll<HTMLElement>(SELECTOR)) {
    const lang = languageOf(code);
    if (lang && hljs.getLanguage(lang)) hljs.highlightElement(code);
  }
}
