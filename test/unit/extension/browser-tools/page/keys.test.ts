import { describe, expect, it } from "vitest";
import { characterKey, parseChord } from "../../../../../extension/browser-tools/page/act/keys";

describe("key names the agent writes", () => {
  it("named keys carry the key, code and keyCode a real key does", () => {
    expect(parseChord("Enter")).toMatchObject({ key: { key: "Enter", code: "Enter", keyCode: 13 }, shift: false, label: "Enter" });
    expect(parseChord("escape").key).toEqual({ key: "Escape", code: "Escape", keyCode: 27 });
    expect(parseChord("Down").key).toMatchObject({ key: "ArrowDown", code: "ArrowDown", keyCode: 40 });
    expect(parseChord("Space").key).toEqual({ key: " ", code: "Space", keyCode: 32, text: " " });
  });

  it("modifiers in any spelling, normalised in the label", () => {
    expect(parseChord("Shift+Tab")).toMatchObject({ shift: true, ctrl: false, key: { key: "Tab", keyCode: 9 }, label: "Shift+Tab" });
    expect(parseChord("ctrl+A")).toMatchObject({ ctrl: true, key: { key: "A", code: "KeyA", keyCode: 65 }, label: "Control+A" });
    expect(parseChord("Cmd+Shift+z")).toMatchObject({ meta: true, shift: true, key: { key: "Z", code: "KeyZ" }, label: "Shift+Meta+Z" });
    expect(parseChord("+").key).toMatchObject({ key: "+" });
    expect(parseChord("Shift++").key).toMatchObject({ key: "+" });
  });

  it('the space key written as itself: " " and "Shift+ " are Space, not an empty name', () => {
    expect(parseChord(" ")).toMatchObject({ key: { key: " ", code: "Space", keyCode: 32, text: " " }, label: "Space" });
    expect(parseChord("Shift+ ")).toMatchObject({ shift: true, key: { key: " ", code: "Space" }, label: "Shift+Space" });
    expect(parseChord(" Enter ").key.key).toBe("Enter");
  });

  it("characters map to their US-layout codes", () => {
    expect(characterKey("a")).toEqual({ key: "a", code: "KeyA", keyCode: 65, text: "a" });
    expect(characterKey("7")).toEqual({ key: "7", code: "Digit7", keyCode: 55, text: "7" });
    expect(characterKey("@")).toEqual({ key: "@", code: "Digit2", keyCode: 50, text: "@" });
    expect(characterKey("/")).toEqual({ key: "/", code: "Slash", keyCode: 191, text: "/" });
    expect(characterKey("é")).toEqual({ key: "é", code: "", keyCode: 0, text: "é" });
  });

  it("refuses what it does not know, saying what it takes", () => {
    expect(() => parseChord("Hyper+a")).toThrow(/"Hyper" in "Hyper\+a" is not a modifier/);
    expect(() => parseChord("F13")).toThrow(/Unknown key "F13"\. Use a character .* Enter, Escape, Tab/);
  });
});
