/**
 * Element refs (`e1`, `e2`, …) for one document. The map lives in the extension's isolated world, which
 * lasts exactly as long as the document, so a navigation drops it. Each document has a random token the
 * extension keeps per tab: a ref sent with another document's token is a clear "page changed". Numbers
 * continue from the tab's counter (`refStart`), so a ref from an earlier document never names an element
 * of a later one. An element keeps its ref across snapshots of the same document.
 *
 * A frame's refs reach the agent with the frame's number in front (`f2e7`: extension/browser-tools/frames/frame-refs.ts);
 * the document itself knows only `e7`, and answers with the ref as the agent wrote it.
 */

export class RefMap {
  readonly token: string;
  private next = 1;
  private readonly byRef = new Map<string, Element>();
  private readonly byElement = new WeakMap<Element, string>();

  constructor(token: string) {
    this.token = token;
  }

  /** The next number a new ref would get. */
  get nextNumber(): number {
    return this.next;
  }

  /** Moves the counter up to the tab's (never down). */
  startAt(refStart: number): void {
    if (Number.isInteger(refStart) && refStart > this.next) this.next = refStart;
  }

  refFor(el: Element): string {
    const known = this.byElement.get(el);
    if (known && this.byRef.get(known) === el) return known;
    const ref = `e${this.next++}`;
    this.byRef.set(ref, el);
    this.byElement.set(el, ref);
    return ref;
  }

  get size(): number {
    return this.byRef.size;
  }

  /** Forgets elements that left the document, so the map does not keep a long-lived page's garbage alive. */
  prune(): void {
    for (const [ref, el] of this.byRef) if (!el.isConnected) this.byRef.delete(ref);
  }

  resolve(ref: string, token?: string): { el: Element } | { error: string } {
    if (token !== undefined && token !== this.token) {
      return {
        error: `The page changed since the snapshot (it navigated or reloaded), so ${ref} no longer exists; take a new page_snapshot.`,
      };
    }
    const el = this.byRef.get(ref.replace(/^f\d+(?=e)/, ""));
    if (!el) return { error: `No element ${ref} on this page — the page changed since the snapshot; take a new page_snapshot.` };
    if (!el.isConnected) {
      this.byRef.delete(ref.replace(/^f\d+(?=e)/, ""));
      return { error: `Element ${ref} is gone from the page (it was removed or re-rendered); take a new page_snapshot.` };
    }
    return { el };
  }
}
