/**
 * The page context chips in this panel's composer: taken from the background's hand-over (context
 * menu, shortcut) on mount and whenever a new one arrives, or made here by "Attach page" and
 * "Screenshot". Each chip is removable, and shows exactly what will be sent.
 */
import { effect, signal } from "@preact/signals";
import browser from "webextension-polyfill";
import { PENDING_KEY, type PendingContext, takeContexts } from "../context/pending";
import { captureScreenshot, readPage, TabReadError } from "../context/read-tab";
import { buildPrompt, type PageContext } from "../state/page-context";
import { send } from "../view/background-link";
import { active, activeSessionId, agent, opening } from "../view/store";

export const attachments = signal<readonly PageContext[]>([]);
export const attachError = signal<string | null>(null);
/** Set when the composer should take focus (a shortcut or menu brought the user here). */
export const focusComposer = signal(0);

/** Items to send as soon as goose can take them (the "send immediately" setting). */
const autoSend: PendingContext[] = [];

export function addAttachment(c: PageContext): void {
  if (attachments.value.some((a) => a.id === c.id)) return;
  attachments.value = [...attachments.value, c];
  attachError.value = null;
}

export function removeAttachment(id: string): void {
  attachments.value = attachments.value.filter((a) => a.id !== id);
}

export function clearAttachments(): void {
  attachments.value = [];
}

export function startContextInbox(): void {
  const take = async () => {
    const items = await takeContexts(browser.storage.session);
    for (const item of items) {
      if (item.sendWith !== undefined) autoSend.push(item);
      else addAttachment(item.context);
    }
    if (items.length > 0) focusComposer.value++;
    flushAutoSend();
  };
  void take();
  browser.storage.session.onChanged.addListener((changes) => {
    if (changes[PENDING_KEY]?.newValue) void take();
  });
  // Sends waiting items once goose is ready and idle.
  effect(() => {
    void agent.value;
    void active.turn.value;
    void opening.value;
    flushAutoSend();
  });
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

async function attachFrom(read: () => Promise<PageContext>): Promise<void> {
  attachError.value = null;
  try {
    addAttachment(await read());
  } catch (e) {
    attachError.value = e instanceof TabReadError ? e.message : `Could not attach: ${(e as Error).message}`;
  }
}
