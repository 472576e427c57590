/** The composer's slash-command menu (extension/panel/composer/slash-menu.ts), driven key by key as a user would. */

import { describe, expect, it } from "vitest";
import type { AvailableCommand } from "../../../../extension/acp/schema";
import {
  afterInput,
  choose,
  INITIAL_MENU,
  type KeyResult,
  menuKey,
  offered,
  type SlashMenu,
} from "../../../../extension/panel/composer/slash-menu";

const commands: AvailableCommand[] = [
  { name: "prompt", description: "Use a saved prompt", input: { hint: "name" } },
  { name: "compact", description: "Compact the conversation" },
  { name: "clear", description: "Clear the conversation" },
];
const names = (list: AvailableCommand[]) => list.map((c) => c.name);
const next = (r: KeyResult | null): SlashMenu => {
  if (!r || !("menu" in r)) throw new Error(`expected a menu change, got ${JSON.stringify(r)}`);
  return r.menu;
};

describe("slash menu", () => {
  it("opens on a leading /word, narrows as the user types, and stays shut otherwise", () => {
    expect(names(offered(INITIAL_MENU, "/", 1, commands))).toEqual(["prompt", "compact", "clear"]);
    expect(names(offered(INITIAL_MENU, "/c", 2, commands))).toEqual(["compact", "clear"]);
    expect(names(offered(INITIAL_MENU, "/pt", 3, commands))).toEqual(["prompt"]); // contains, not only starts with
    expect(names(offered(INITIAL_MENU, "/xy", 3, commands))).toEqual([]);
    expect(offered(INITIAL_MENU, "hi /c", 5, commands)).toEqual([]);
    expect(offered(INITIAL_MENU, "/compact now", 12, commands)).toEqual([]); // the caret is past the word
  });

  it("arrows move the highlight and wrap; Enter and Tab choose the highlighted command", () => {
    const matches = offered(INITIAL_MENU, "/c", 2, commands);
    let menu = next(menuKey(INITIAL_MENU, "ArrowDown", matches));
    expect(menu.picked).toBe(1);
    menu = next(menuKey(menu, "ArrowDown", matches));
    expect(menu.picked).toBe(0);
    menu = next(menuKey(menu, "ArrowUp", matches));
    expect(menu.picked).toBe(1);
    expect(menuKey(menu, "Enter", matches)).toEqual({ choose: commands[2] });
    expect(menuKey(menu, "Tab", matches)).toEqual({ choose: commands[2] });
    // Other keys are the textarea's (and with nothing offered, every key is).
    expect(menuKey(menu, "a", matches)).toBeNull();
    expect(menuKey(menu, "Enter", [])).toBeNull();
  });

  it("typing starts the highlight over", () => {
    const menu = next(menuKey(INITIAL_MENU, "ArrowDown", commands));
    expect(afterInput(menu, "/co").picked).toBe(0);
  });

  it("Escape closes the menu until the text no longer starts with /", () => {
    let menu = next(menuKey(INITIAL_MENU, "Escape", commands));
    expect(offered(menu, "/c", 2, commands)).toEqual([]);
    menu = afterInput(menu, "/co");
    expect(offered(menu, "/co", 3, commands)).toEqual([]);
    menu = afterInput(menu, "");
    expect(names(offered(menu, "/", 1, commands))).toHaveLength(3);
  });

  it("choosing writes /name and a space, keeps what followed, and closes the menu for the argument", () => {
    const chosen = choose("/pr my text", commands[0]!);
    expect(chosen.text).toBe("/prompt my text");
    expect(offered(chosen.menu, chosen.text, 8, commands)).toEqual([]);
    expect(choose("/c", commands[1]!).text).toBe("/compact ");
  });
});
