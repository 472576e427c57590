/**
 * The page context chips in this panel's composer: taken from the background's hand-over (context
 * menu, shortcut) on mount and whenever a new one arrives, or made here by "Attach page",
 * "Attach selection" and "Screenshot". Each chip is removable, shows exactly what will be sent, and is kept with the
 * session's draft until it is sent or removed.
 */
import { effect, signal } from "@preact/signals";
import browser from "webextension-polyfill";
import { captureScreenshot, readPage, readSelection, TabReadError } from "../../context/read-tab";
import { buildPrompt, capText, type PageContext } from "../../state/conversation/page-context";
import { isDelivery, type PendingContext, takeContexts } from "../../storage/pending-context";
import { send } from "../../view/background-link";
import { active, activeSessionId, agent, backgroundLinked, opening } from "../../view/state-signals";
import { Drafts } from "./drafts";
import { draftOwner } from "./held-send";

const drafts = new Drafts();
/** The shown session's chips and unsent text. */
export const attachments = drafts.chips;
export const draftText = drafts.text;
export const attachError = signal<string | null>(null);
/** Set when the composer should take focus (a shortcut or menu brought the user here). */
export const focusComposer = signal(0);

/** Items to send as soon as goose can take them (the "send immediately" setting). */
const autoSend: PendingContext[] = [];

function addAttachment(c: PageContext): void {
  if (attachments.value.some((a) => a.id === c.id)) return;
  attachments.value = [...attachments.value, c];
  attachError.value = null;
}

export function removeAttachment(id: string): void {
  attachments.value = attachments.value.filter((a) => a.id !== id);
}

/** After a send: the draft is empty, in storage too. */
export function clearDraft(): void {
  attachments.value = [];
  draftText.value = "";
  void drafts.flush();
}

/**
 * Loads the drafts, follows the active session, and takes handed-over context once the background's
 * state is here (before, the active session is unknown and a chip would land in the wrong draft).
 */
export async function startComposerInput(): Promise<void> {
  await drafts.load();
  drafts.watch();
  addEventListener("pagehide", () => void drafts.flush());
  let inbox = false;
  effect(() => {
    if (!backgroundLinked.value) return;
    // While a session opens, what is typed is already its draft (see held-send.ts).
    drafts.show(draftOwner(opening.value, activeSessionId.value));
    if (!inbox) {
      inbox = true;
      startContextInbox();
    }
  });
}

function startContextInbox(): void {
  // One take at a time: two at once would both see (and add) the same items.
  let taking = Promise.resolve();
  const take = () => {
    taking = taking.then(takeOnce).catch((e: unknown) => console.warn("goose: could not take page context", e));
  };
  take();
  browser.storage.session.onChanged.addListener((changes) => {
    if (isDelivery(changes)) take();
  });
  // Sends waiting items once goose is ready and idle.
  effect(() => {
    void agent.value;
    void active.turn.value;
    void opening.value;
    flushAutoSend();
  });
}

async function takeOnce(): Promise<void> {
  const items = await takeContexts(async (items) => {
    for (const item of items) {
      if (item.sendWith !== undefined) autoSend.push(item);
      else addAttachment(item.context);
    }
    // Kept in the draft before the hand-over forgets them.
    await drafts.flush();
  });
  if (items.length > 0) focusComposer.value++;
  flushAutoSend();
}

function flushAutoSend(): void {
  const ready = agent.value?.phase === "ready" && active.turn.value === "idle" && opening.value === null && !active.loading.value;
  if (!ready || autoSend.length === 0) return;
  const item = autoSend.shift()!;
  send({
    type: "prompt",
    sessionId: activeSessionId.value,
    content: buildPrompt(item.sendWith ?? "", [item.context], agent.value?.capabilities?.promptCapabilities),
  });
}

async function activeTab() {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab;
}

export async function attachPage(): Promise<void> {
  await attachFrom(async () => readPage((await activeTab()) ?? {}));
}

export async function attachScreenshot(): Promise<void> {
  await attachFrom(async () => captureScreenshot((await activeTab()) ?? {}));
}

/** The selection in the active tab as a chip (the composer's attach button, the empty state's suggestion); false when there is none. */
export async function attachSelection(): Promise<boolean> {
  let found = false;
  await attachFrom(async () => {
    const tab = await activeTab();
    if (tab?.id === undefined) throw new TabReadError("There is no page to read in this window.");
    const text = await readSelection(tab.id);
    if (text === null) throw new TabReadError("This page cannot be read (the browser keeps its own pages and the Web Store closed).");
    if (!text.trim()) throw new TabReadError("Nothing is selected in this tab: select some text on the page, then attach it.");
    found = true;
    return { id: crypto.randomUUID(), kind: "selection", title: tab.title ?? "", url: tab.url ?? "", text: capText(text).text };
  });
  return found;
}

/** Attaches the page and says whether it worked (the reason, if not, is in attachError). */
export async function attachedPage(): Promise<boolean> {
  const before = attachments.value.length;
  await attachPage();
  return attachments.value.length > before;
}

async function attachFrom(read: () => Promise<PageContext>): Promise<void> {
  attachError.value = null;
  try {
    addAttachment(await read());
  } catch (e) {
    attachError.value = e instanceof TabReadError ? e.message : `Could not attach: ${(e as Error).message}`;
  }
}
