/**
 * What the user typed and attached but has not sent, kept per session (and one draft for "no session
 * yet") until it is sent or removed, so closing or reloading the panel loses nothing.
 *
 * Stored in storage.session, not storage.local: it outlives a panel reload and a service-worker
 * restart (it lives in the browser, not in either page), while page content (selections, page text,
 * screenshots) never lands on disk, and drafts of sessions deleted meanwhile are gone when the
 * browser closes instead of piling up. Typing is written after a pause; attaching, removing and
 * sending are written at once.
 */
import { batch, effect, type Signal, signal, untracked } from "@preact/signals";
import { storage } from "wxt/utils/storage";
import type { PageContext } from "../../state/conversation/page-context";

export interface Draft {
  text: string;
  chips: readonly PageContext[];
}

export const DRAFT_PREFIX = "goose.draft.";
/** The draft's key while no session is open. */
export const NO_SESSION = "none";
const TYPING_PAUSE_MS = 400;
const EMPTY: Draft = { text: "", chips: [] };

const keyOf = (sessionId: string | null) => sessionId ?? NO_SESSION;
const storageKey = (key: string) => `session:${DRAFT_PREFIX}${key}` as const;
const isEmpty = (d: Draft) => d.text === "" && d.chips.length === 0;

/**
 * The drafts of every session, the shown one projected onto two signals the composer edits. Edits
 * through the signals are noticed by `watch()`; `show()` switches sessions.
 */
export class Drafts {
  readonly text: Signal<string> = signal("");
  readonly chips: Signal<readonly PageContext[]> = signal([]);
  private readonly all = new Map<string, Draft>();
  /** The shown draft's key; undefined until the first `show()`. */
  private key: string | undefined;
  private readonly unsaved = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly pauseMs = TYPING_PAUSE_MS) {}

  /** Reads the stored drafts; a draft already edited here wins over its stored copy. */
  async load(): Promise<void> {
    const stored = await storage.snapshot("session");
    for (const [k, value] of Object.entries(stored)) {
      if (!k.startsWith(DRAFT_PREFIX)) continue;
      const key = k.slice(DRAFT_PREFIX.length);
      if (!this.all.has(key)) this.all.set(key, value as Draft);
    }
    if (this.key !== undefined) this.project(this.key);
  }

  /**
   * Shows `sessionId`'s draft. Leaving "no session yet" for a session (the first one opening, or the
   * last one restored), what was typed and attached comes along instead of disappearing.
   */
  show(sessionId: string | null): void {
    const next = keyOf(sessionId);
    if (next === this.key) return;
    if (this.key === NO_SESSION && next !== NO_SESSION) this.carryOver(next);
    this.key = next;
    this.project(next);
  }

  /** Saves edits made through the signals (after a pause while typing, at once when the chips change). */
  watch(): () => void {
    let chips = this.chips.peek();
    return effect(() => {
      const draft = { text: this.text.value, chips: this.chips.value };
      untracked(() => {
        if (this.key === undefined) return;
        const now = draft.chips !== chips;
        chips = draft.chips;
        this.edit(this.key, draft, now);
      });
    });
  }

  /** Writes every unsaved draft now (on send, on a chip, when the page goes away). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const keys = [...this.unsaved];
    this.unsaved.clear();
    if (keys.length === 0) return this.writing;
    this.writing = this.writing.then(() => this.write(keys));
    return this.writing;
  }

  /** The stored form of one draft (for tests and diagnostics). */
  draft(sessionId: string | null): Draft {
    return this.all.get(keyOf(sessionId)) ?? EMPTY;
  }

  private edit(key: string, draft: Draft, now: boolean): void {
    const old = this.all.get(key) ?? EMPTY;
    if (old.text === draft.text && old.chips === draft.chips) return;
    this.all.set(key, draft);
    this.unsaved.add(key);
    if (now) void this.flush();
    else {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.flush(), this.pauseMs);
    }
  }

  private carryOver(to: string): void {
    const from = this.all.get(NO_SESSION) ?? EMPTY;
    if (isEmpty(from)) return;
    const target = this.all.get(to) ?? EMPTY;
    const ids = new Set(target.chips.map((c) => c.id));
    this.all.set(to, { text: target.text || from.text, chips: [...target.chips, ...from.chips.filter((c) => !ids.has(c.id))] });
    this.all.set(NO_SESSION, { text: target.text ? from.text : "", chips: [] });
    this.unsaved.add(to).add(NO_SESSION);
    void this.flush();
  }

  private project(key: string): void {
    const d = this.all.get(key) ?? EMPTY;
    batch(() => {
      this.text.value = d.text;
      this.chips.value = d.chips;
    });
  }

  private async write(keys: string[]): Promise<void> {
    const drafts = keys.map((key) => ({ key, draft: this.all.get(key) ?? EMPTY }));
    try {
      await storage.removeItems(drafts.filter((d) => isEmpty(d.draft)).map((d) => storageKey(d.key)));
      await storage.setItems(drafts.filter((d) => !isEmpty(d.draft)).map((d) => ({ key: storageKey(d.key), value: d.draft })));
    } catch (e) {
      // Over quota (a very large page or screenshot): the draft stays in this page's memory.
      console.warn("goose: could not keep the draft", e);
    }
  }
}
