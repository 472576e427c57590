/**
 * Ctrl+K (⌘K on macOS) anywhere in the panel opens History with its search box focused. Neither browser
 * gives the key to a side panel's page for anything of its own, and the composer has no use for it; "/"
 * would clash with the composer's slash commands.
 */
import { signal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";

const MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** The shortcut in the user's own words, for tooltips. */
export const SEARCH_SHORTCUT = MAC ? "⌘K" : "Ctrl+K";

/** Bumped when the search box should take the focus (History shows it on its next render). */
export const searchFocus = signal(0);

export function isSearchShortcut(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">, mac = MAC): boolean {
  return e.key.toLowerCase() === "k" && (mac ? e.metaKey : e.ctrlKey) && !e.altKey && !e.shiftKey;
}

export function useSearchShortcut(openHistory: () => void): void {
  const open = useRef(openHistory);
  open.current = openHistory;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      open.current();
      searchFocus.value++;
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
