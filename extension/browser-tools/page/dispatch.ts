/**
 * The page side of the browser tools: one RefMap per document and the handler for each PageRequest.
 * `installPageTools` puts it on the isolated world's global (once per document); the extension then calls
 * it through `callPageTools`, a self-contained function it can inject with scripting.executeScript.
 */
import {
  clickElement,
  dragElement,
  fillField,
  focusedName,
  hoverElement,
  pressKey,
  scrollPage,
  selectionText,
  selectOption,
  typeInto,
} from "./act/actions";
import { keyTarget } from "./act/keyboard";
import { Pointer } from "./act/pointer";
import { selectText } from "./act/select-text";
import { pageHasText, waitUntil } from "./act/wait";
import { findElements } from "./find";
import { FrameProbe } from "./frame-probe";
import { OutlineWalk } from "./outline";
import { pageOwnMs, waitForPage } from "./page-waits";
import { type FormField, type NotInstalled, PAGE_TOOLS_GLOBAL, type PageReply, type PageRequest } from "./protocol";
import { RefMap } from "./refs";
import { describe } from "./roles";
import { isVisible } from "./visibility";

/** Refs above this count are pruned of elements that left the page, before a snapshot adds more. */
const PRUNE_ABOVE = 5_000;

export interface PageTools {
  /** `enteredAt`: when the injected call began (performance.now() in this document), so the reply's time is the whole call's. */
  run(request: PageRequest, enteredAt?: number): Promise<PageReply>;
}

const ms = (x: number) => Math.round(Math.max(0, x) * 100) / 100;

export function createPageTools(win: Window, token: string): PageTools {
  const doc = win.document;
  const refs = new RefMap(token);
  const probe = new FrameProbe(win, token);
  // What the mouse is over in this document, so the next action first leaves it as a user's mouse would.
  const pointer = new Pointer(win);
  /** The walk a budgeted snapshot stopped, until the agent reads on (or takes a new snapshot). */
  let saved: OutlineWalk | null = null;
  const reply = (text: string, targets?: Element[]): Extract<PageReply, { ok: true }> => ({
    ok: true,
    text,
    ...(targets ? { targets: targets.map((el) => (el === doc.body ? focusedName(doc, el) : describe(el))) } : {}),
    token: refs.token,
    next: refs.nextNumber,
    title: doc.title,
    url: win.location.href,
  });
  const element = (ref: string, token: string | undefined): Element => {
    const found = refs.resolve(ref, token);
    if ("error" in found) throw new Error(found.error);
    return found.el;
  };
  /** An op without a ref still names its document: a navigation since the question is "page changed". */
  const sameDocument = (token: string | undefined): void => {
    if (token !== undefined && token !== refs.token)
      throw new Error("The page changed since you looked at it (it navigated or reloaded); take a new page_snapshot.");
  };
  /** fill_form: every field resolved first (a stale ref changes nothing), then filled in order, stopping at the first failure. */
  const fillForm = async (fields: FormField[], token: string | undefined): Promise<string> => {
    const resolved = fields.map((f) => ({ ...f, el: element(f.ref, token) }));
    const done: string[] = [];
    for (const f of resolved) {
      try {
        done.push(await fillField(pointer, f.el, f.ref, f.value));
      } catch (e) {
        const before = done.length ? ` Done before it: ${done.join(" ")}` : " Nothing was filled.";
        throw new Error(`Field ${done.length + 1} of ${fields.length}: ${e instanceof Error ? e.message : String(e)}${before}`);
      }
    }
    return `Filled ${fields.length} field${fields.length === 1 ? "" : "s"}: ${done.join(" ")}`;
  };

  async function handle(request: PageRequest): Promise<PageReply> {
    switch (request.op) {
      case "snapshot": {
        refs.startAt(request.refStart);
        if (refs.size > PRUNE_ABOVE) refs.prune();
        const kept = request.resume ? saved : null;
        saved = null;
        // The frames inside wait for their probe while this document is walked: post it first (an iframe in a
        // shadow root is found only by the walk, and gets its probe after it).
        const posted = new Set<Element>();
        for (const el of Array.from(doc.querySelectorAll("iframe, frame"))) {
          probe.post(el);
          posted.add(el);
        }
        const walk = kept ?? new OutlineWalk(doc, refs);
        const done = walk.run(request.budget);
        if (!done) saved = walk;
        const frames = walk.frames.map(({ line, el }) => {
          if (!posted.has(el)) probe.post(el);
          return { line, probe: probe.idOf(el) };
        });
        const unread = done ? {} : { unread: walk.unread() };
        return { ...reply(""), outline: { lines: walk.lines, frames, probe: await probe.fromParent(), ...unread } };
      }
      case "find": {
        refs.startAt(request.refStart);
        const found = findElements(doc, refs, request);
        return { ...reply(""), found };
      }
      case "describe":
        return reply(describe(element(request.ref, request.token)));
      case "describe_focus":
        sameDocument(request.token);
        return reply(focusedName(doc));
      case "click": {
        const el = element(request.ref, request.token);
        return reply(await clickElement(pointer, el, request.ref), [el]);
      }
      case "type": {
        const el = element(request.ref, request.token);
        return reply(await typeInto(el, request.ref, request.text, request.submit ?? false), [el]);
      }
      case "select_option": {
        const el = element(request.ref, request.token);
        return reply(await selectOption(el, request.ref, request.value), [el]);
      }
      case "hover": {
        const el = element(request.ref, request.token);
        return reply(await hoverElement(pointer, el, request.ref), [el]);
      }
      case "select_text": {
        const el = element(request.ref, request.token);
        const { text, start, end } = request;
        return reply(await selectText(el, request.ref, { text, start, end }), [el]);
      }
      case "drag": {
        const from = element(request.ref, request.token);
        const to = element(request.to, request.token);
        return reply(await dragElement(pointer, from, request.ref, to, request.to, request.at), [from, to]);
      }
      case "press_key": {
        sameDocument(request.token);
        const el = request.ref ? element(request.ref, request.token) : null;
        const on = el ?? keyTarget(doc);
        return reply(await pressKey(el, request.ref, doc, request.key), [on]);
      }
      case "fill_form": {
        const fields = request.fields.map((f) => element(f.ref, request.token));
        return reply(await fillForm(request.fields, request.token), fields);
      }
      case "scroll": {
        const el = request.ref ? element(request.ref, request.token) : null;
        return reply(scrollPage(win, el, request.ref, request.direction));
      }
      case "wait_for": {
        const { text, ref, timeoutMs } = request;
        const el = ref ? element(ref, request.token) : null;
        const check = () => (text ? pageHasText(doc, text) : true) && (el ? el.isConnected && isVisible(el) : true);
        const found = await waitForPage(waitUntil(doc, check, timeoutMs));
        const what = [text ? `the text "${text}"` : "", el ? `${describe(el)} [${ref}]` : ""].filter(Boolean).join(" and ");
        if (!found) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
        return reply(`Found ${what}.`);
      }
      case "get_selection":
        return reply(selectionText(doc));
    }
  }

  return {
    // Every reply says our script's time (from the injected call's entry to its answer, less its waits) and the
    // waits for the page apart: the extension reports both beside the browser's part of the call (issue #39).
    async run(request, enteredAt = performance.now()) {
      const waitedBefore = pageOwnMs();
      let answer: PageReply;
      try {
        answer = await handle(request);
      } catch (e) {
        answer = { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
      const waited = pageOwnMs() - waitedBefore;
      return { ...answer, pageMs: ms(performance.now() - enteredAt - waited), pageOwnMs: ms(waited) };
    },
  };
}

/** Installs the page tools for this document unless already there (a second injection keeps the refs). */
export function installPageTools(win: Window & typeof globalThis): void {
  const holder = win as unknown as Record<string, PageTools | undefined>;
  if (holder[PAGE_TOOLS_GLOBAL]) return;
  holder[PAGE_TOOLS_GLOBAL] = createPageTools(win, crypto.randomUUID());
}

/**
 * Injected by scripting.executeScript({ func, args }): serialized to text, so it must not use anything
 * from this module's scope. The global's name is written out; a unit test checks it is PAGE_TOOLS_GLOBAL.
 */
export function callPageTools(request: PageRequest): Promise<PageReply> | NotInstalled {
  const enteredAt = performance.now();
  const tools = (globalThis as unknown as { __goosePageTools?: PageTools }).__goosePageTools;
  if (!tools) return { notInstalled: true };
  return tools.run(request, enteredAt);
}
