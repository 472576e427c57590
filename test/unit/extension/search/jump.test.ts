import { describe, expect, it } from "vitest";
import { locateMatch } from "../../../../extension/search/jump";

describe("the entry a search result opens at", () => {
  const texts = ["hello", null, "the quokka", "nothing", "another quokka", "end"];

  it("is the indexed position when its text still has the word", () => {
    expect(locateMatch(texts, 4, ["quokka"])).toBe(4);
  });

  it("is the nearest entry with the word when a replay shifted the transcript", () => {
    expect(locateMatch(texts, 3, ["quokka"])).toBe(2);
    expect(locateMatch(texts, 5, ["quokka"])).toBe(4);
    expect(locateMatch(texts, 40, ["quokka"])).toBe(4);
    expect(locateMatch(texts, 0, ["quokka"])).toBe(2);
  });

  it("is none when no entry has it", () => {
    expect(locateMatch(texts, 2, ["lantern"])).toBe(-1);
  });
});
