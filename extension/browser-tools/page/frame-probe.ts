/**
 * Which iframe element a frame sits in. The extension runs a snapshot in every frame at once and cannot
 * ask a cross-origin frame for its `frameElement`; instead each document posts a probe (its token and a
 * number per iframe) into each iframe it lists, and the frame inside answers the probe it got from its parent
 * with its own outline, so the extension can put that outline under the right iframe line. A probe
 * names only a place in the outline: a page that forges one can misplace its own content, nothing more.
 */
import { waitForPage } from "./page-waits";

const PROBE_KEY = "__gooseFrameProbe";
/**
 * How long a frame waits for its parent's probe before answering without one (its outline then goes at the
 * end, "place unknown"). The parent posts its probes before it walks its own page, so this is IPC time.
 */
const PROBE_WAIT_MS = 1_000;

export class FrameProbe {
  private received: string | null = null;
  private waiting: Array<() => void> = [];
  /** Each iframe element's probe, the same on every snapshot of this document. */
  private readonly ids = new WeakMap<Element, string>();
  private count = 0;

  constructor(
    private readonly win: Window,
    private readonly token: string,
  ) {
    if (win.parent === win) return;
    win.addEventListener("message", (event) => {
      if (event.source !== win.parent) return;
      const probe = (event.data as Record<string, unknown> | null)?.[PROBE_KEY];
      if (typeof probe !== "string") return;
      this.received = probe;
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  /** The probe for this iframe element. */
  idOf(iframe: Element): string {
    let id = this.ids.get(iframe);
    if (!id) {
      id = `${this.token}:${++this.count}`;
      this.ids.set(iframe, id);
    }
    return id;
  }

  /** Tells the frame inside `iframe` which probe is its own. */
  post(iframe: Element): void {
    const probe = this.idOf(iframe);
    try {
      (iframe as HTMLIFrameElement).contentWindow?.postMessage({ [PROBE_KEY]: probe }, "*");
    } catch {
      // A frame that is going away: it answers nothing, and its line says so.
    }
  }

  /** The probe this frame's parent posted (null in the top frame, or when none came in time). */
  async fromParent(waitMs = PROBE_WAIT_MS): Promise<string | null> {
    if (this.win.parent === this.win || this.received !== null) return this.received;
    await waitForPage(
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    );
    return this.received;
  }
}
