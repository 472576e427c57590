/** The quick-prompt command: its name in the manifest, and its binding as the user has it now. */
import browser from "webextension-polyfill";

export const QUICK_PROMPT = "quick-prompt";

/** The bound keys (the user can change them), or null if unbound. */
export async function quickPromptShortcut(): Promise<string | null> {
  const all = await browser.commands.getAll();
  return all.find((c) => c.name === QUICK_PROMPT)?.shortcut || null;
}
