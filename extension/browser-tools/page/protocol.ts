/**
 * What the extension asks of the page-side tools and what they answer. The page side is bundled into
 * `page-tools.js` (extension/entrypoints/page-tools.ts), injected into the tab's ISOLATED world, where it
 * installs itself on a global; each call then runs a tiny self-contained function that finds that global.
 */

/** Where on the target a drag drops: its first or last quarter, or a point from its top-left corner. */
export type DropAt = "before" | "after" | { x: number; y: number };

/** The isolated world's global holding the installed page tools (per document; a page script never sees it). */
export const PAGE_TOOLS_GLOBAL = "__goosePageTools";

/** A ref op names the document the ref came from (`token`), so a new document fails clearly. */
interface RefTarget {
  ref: string;
  token?: string;
}

/** One field of fill_form: its ref and what goes in (text, an option, or a checkbox's state). */
export interface FormField {
  ref: string;
  value: string | boolean;
}

export type PageRequest =
  /** refStart: the tab's next free ref number, so refs never repeat across the tab's documents. */
  /**
   * `budget`: stop once the outline holds more than this many characters, keeping the walk; `resume`: go on with
   * the walk the last budgeted snapshot of this document kept (or walk the page anew when none is kept), to the
   * budget when one is given, else to the end.
   */
  | { op: "snapshot"; refStart: number; budget?: number; resume?: boolean }
  | { op: "find"; refStart: number; text?: string; role?: string; limit: number }
  | ({ op: "describe" } & RefTarget)
  | ({ op: "click" } & RefTarget)
  | ({ op: "type"; text: string; submit?: boolean } & RefTarget)
  | ({ op: "select_option"; value: string } & RefTarget)
  | ({ op: "hover" } & RefTarget)
  /** The text itself, or offsets of the element's text; neither: all of it. */
  | ({ op: "select_text"; text?: string; start?: number; end?: number } & RefTarget)
  /** `to`: the ref of the element to drop on, from the same document; `at`: where on it (its centre when omitted). */
  | ({ op: "drag"; to: string; at?: DropAt } & RefTarget)
  /** On the ref'd element, or without a ref on whatever has focus (then `token` still names the document). */
  | { op: "press_key"; key: string; ref?: string; token?: string }
  /** The focused element, described for press_key's consent question. */
  | { op: "describe_focus"; token?: string }
  | { op: "fill_form"; token?: string; fields: FormField[] }
  | { op: "scroll"; ref?: string; token?: string; direction?: "up" | "down" | "top" | "bottom" }
  | { op: "wait_for"; text?: string; ref?: string; token?: string; timeoutMs: number }
  | { op: "get_selection" };

/** A snapshot's answer from one frame; the extension merges the frames' outlines. */
export interface FrameOutline {
  /** Lines `- role "name" [e12] …`, indented two spaces per level. */
  lines: string[];
  /** Each iframe listed: its line, and the probe posted into it (frame-probe.ts). */
  frames: { line: number; probe: string }[];
  /** The probe this frame got from its parent; null in the top frame or when none came. */
  probe: string | null;
  /** Present when the walk stopped at the budget: an estimate of the lines and characters not read yet. */
  unread?: { lines: number; chars: number };
}

/**
 * How long the call took in the page, in ms: `pageMs`, our script's own time from the injected function's entry to
 * its answer less the page's own time; `pageOwnMs`, the page's own time: our waits for it (an element settling, a cover
 * going, wait_for) and its handlers of the events we dispatch (page-waits.ts).
 */
export interface PageTime {
  pageMs?: number;
  pageOwnMs?: number;
}

export type PageReply = PageTime &
  /**
   * `next`: the document's next free ref number after this call. `outline`: a snapshot's answer. `found`: find's. `targets`: an
   * acting op's elements as `describe` names them (the focused one for press_key without a ref), for the tool card.
   */
  (
    | {
        ok: true;
        text: string;
        token: string;
        next: number;
        title: string;
        url: string;
        outline?: FrameOutline;
        /** find's answer from one frame: its matches' lines (at most the limit) and how many there were. */
        found?: { lines: string[]; total: number };
        targets?: string[];
      }
    | { ok: false; error: string }
  );

/** What a call answers when the document has no page tools yet (a fresh document): inject, then call again. */
export interface NotInstalled {
  notInstalled: true;
}
