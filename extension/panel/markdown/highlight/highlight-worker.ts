/**
 * highlight.js off the panel's main thread: a code block's text in, highlight.js's HTML out.
 * highlight.ts sends the blocks and checks and applies what comes back (highlighted-html.ts).
 * Highlighting a long block took one task of tens of milliseconds on the main thread
 * (BENCHMARKS.md); here it takes none.
 */

import type { HighlightReply, HighlightRequest } from "./highlighted-html";
import hljs from "./hljs-languages";

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<HighlightRequest>) => void) | null;
  postMessage(reply: HighlightReply): void;
};

scope.onmessage = ({ data: { id, code, language } }) => {
  const definition = hljs.getLanguage(language);
  if (!definition) return scope.postMessage({ id, html: null, language });
  const { value } = hljs.highlight(code, { language, ignoreIllegals: true });
  // The name an alias stands for ("typescript" for "ts"), as highlightElement names the block's language.
  const name = hljs.listLanguages().find((key) => hljs.getLanguage(key) === definition) ?? language;
  scope.postMessage({ id, html: value, language: name });
};
