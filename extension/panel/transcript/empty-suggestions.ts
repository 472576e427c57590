/**
 * What an empty session offers: three starts that fit the page the user is on (summarise it, ask
 * about the selection, what the agent can do in this tab), each with the context it attaches the
 * way the composer's "Attach page" does. The page is named when the browser tells the panel its title
 * (without the optional "tabs" permission it may not: then the suggestions say "this page"). A page
 * the extension may not read (the browser's own pages, the Web Store) gets none, with the reason. Pure.
 */

export interface ActiveTab {
  title: string;
  url: string;
}

export interface Suggestion {
  id: "summarise" | "selection" | "abilities";
  label: string;
  /** The prompt's text. */
  prompt: string;
  /** What is attached first: the readable page, or the selection. */
  attach: "page" | "selection";
  /** Sent at once, or put in the composer for the user to finish. */
  send: boolean;
}

const UNREADABLE = /^(chrome|edge|brave|about|chrome-extension|moz-extension|view-source|devtools|chrome-search):/;
const STORES =
  /^https:\/\/(chromewebstore\.google\.com|chrome\.google\.com\/webstore|addons\.mozilla\.org|microsoftedge\.microsoft\.com\/addons)/;

/** Why no page suggestions fit this tab, or null when it may be read (or its address is not known). */
export function unreadableReason(tab: ActiveTab | null): string | null {
  if (tab?.url && (UNREADABLE.test(tab.url) || STORES.test(tab.url))) return "The browser does not let extensions read this page.";
  return null;
}

/** The page as a short name: its title, else its site. */
export function pageName(tab: ActiveTab): string {
  const title = tab.title.trim();
  let site = tab.url;
  try {
    site = new URL(tab.url).host.replace(/^www\./, "") || tab.url;
  } catch {}
  if (!title || title === tab.url) return site;
  return title.length > 48 ? `${title.slice(0, 47)}…` : title;
}

export function suggestionsFor(tab: ActiveTab | null): Suggestion[] {
  if (unreadableReason(tab)) return [];
  const name = tab && (tab.title || tab.url) ? `“${pageName(tab)}”` : "this page";
  return [
    { id: "summarise", label: `Summarise ${name}`, prompt: "Summarise this page.", attach: "page", send: true },
    { id: "selection", label: "Ask about the selected text", prompt: "", attach: "selection", send: false },
    { id: "abilities", label: "What can you do in this tab?", prompt: "What can you do for me in this tab?", attach: "page", send: true },
  ];
}
