import { describe, expect, it } from "vitest";
import { isSearchShortcut } from "../../../../extension/panel/history/search-shortcut";

const key = (k: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "altKey" | "shiftKey", boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe("the search shortcut", () => {
  it("is Ctrl+K, and ⌘K on macOS", () => {
    expect(isSearchShortcut(key("k", { ctrlKey: true }), false)).toBe(true);
    expect(isSearchShortcut(key("K", { ctrlKey: true }), false)).toBe(true);
    expect(isSearchShortcut(key("k", { metaKey: true }), true)).toBe(true);
  });

  it("is not a plain k, another modifier, or the other platform's modifier", () => {
    expect(isSearchShortcut(key("k"), false)).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key("k", { metaKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true }), true)).toBe(false);
    expect(isSearchShortcut(key("/", { ctrlKey: true }), false)).toBe(false);
  });
});
