/**
 * The composer's slash-command menu as a state machine: which commands it offers, which one is
 * picked, what a key does, and when it closes and opens again. Pure; the composer only wires it.
 */
import type { AvailableCommand } from "../../acp/schema";
import { applyCommand, matchCommands, slashQuery } from "./slash";

export interface SlashMenu {
  /** Index of the highlighted command among the matches. */
  picked: number;
  /** Closed by Escape or a choice; opens again once the text no longer starts with "/". */
  dismissed: boolean;
}

export const INITIAL_MENU: SlashMenu = { picked: 0, dismissed: false };

/** The commands offered for this text and caret (none: the menu is closed). */
export function offered(menu: SlashMenu, text: string, caret: number, commands: readonly AvailableCommand[]): AvailableCommand[] {
  const query = menu.dismissed ? null : slashQuery(text, caret);
  return query === null ? [] : matchCommands(commands, query);
}

/** The text changed: the highlight starts over at the first match. */
export function afterInput(menu: SlashMenu, text: string): SlashMenu {
  return { picked: 0, dismissed: menu.dismissed && text.startsWith("/") };
}

/** Choosing `command`: the new text, and the menu closed so the user can type the argument. */
export function choose(text: string, command: AvailableCommand): { text: string; menu: SlashMenu } {
  return { text: applyCommand(text, command), menu: { picked: 0, dismissed: true } };
}

export type KeyResult = { menu: SlashMenu } | { choose: AvailableCommand };

/** A key pressed while `matches` are offered: arrows move (wrapping), Enter or Tab choose, Escape closes; null: not the menu's key. */
export function menuKey(menu: SlashMenu, key: string, matches: readonly AvailableCommand[]): KeyResult | null {
  const n = matches.length;
  if (n === 0) return null;
  switch (key) {
    case "ArrowDown":
    case "ArrowUp": {
      const step = key === "ArrowDown" ? 1 : -1;
      return { menu: { ...menu, picked: (((menu.picked + step) % n) + n) % n } };
    }
    case "Enter":
    case "Tab":
      return { choose: matches[Math.min(menu.picked, n - 1)]! };
    case "Escape":
      return { menu: { ...menu, dismissed: true } };
    default:
      return null;
  }
}
