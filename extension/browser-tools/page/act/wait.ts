/** wait_for: until text is on the page or a ref's element is visible, re-checked on each DOM change, bounded. */

export function waitUntil(doc: Document, check: () => boolean, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (check()) {
      resolve(true);
      return;
    }
    let done = false;
    let scheduled = false;
    const finish = (found: boolean) => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      clearInterval(poll);
      resolve(found);
    };
    // Checks are batched per animation-free tick: a page that mutates constantly must not make us spin.
    const observer = new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => {
        scheduled = false;
        if (check()) finish(true);
      }, 50);
    });
    observer.observe(doc, { childList: true, subtree: true, characterData: true, attributes: true });
    // Style-only changes (a class toggling display) can come from outside the observed document.
    const poll = setInterval(() => check() && finish(true), 250);
    const timer = setTimeout(() => finish(false), timeoutMs);
  });
}

/** Whether the page's visible text contains `text` (case- and whitespace-insensitive). */
export function pageHasText(doc: Document, text: string): boolean {
  const norm = (t: string) => t.replace(/\s+/g, " ").toLowerCase();
  const body = doc.body;
  if (!body) return false;
  return norm(body.innerText ?? body.textContent ?? "").includes(norm(text).trim());
}
