import { describe, expect, it } from "vitest";
import { matchRanges, queryTerms, snippet } from "../../../../extension/search/snippet";

describe("query words and matches", () => {
  it("folds case and accents, drops punctuation and repeats, longest first", () => {
    expect(queryTerms("  Café, cache! cache de ")).toEqual(["cache", "cafe", "de"]);
  });

  it("matches at the start of words only, whatever the case or accents", () => {
    const text = "The CAFÉ decache cached: café.";
    expect(matchRanges(text, ["cafe", "cache"]).map(([s, e]) => text.slice(s, e))).toEqual(["CAFÉ", "cache", "café"]);
  });

  it("keeps positions right past characters outside the BMP", () => {
    const text = "🦆 quokka 🦆 quokka";
    expect(matchRanges(text, ["quokka"]).map(([s, e]) => text.slice(s, e))).toEqual(["quokka", "quokka"]);
  });
});

describe("snippets", () => {
  it("cuts around the first match at spaces and marks every match in it", () => {
    const text = `${"lead ".repeat(40)}the quokka ate the other quokka ${"tail ".repeat(40)}`;
    const parts = snippet(text, ["quokka"], 30);
    expect(parts[0]).toEqual({ text: "…", hit: false });
    expect(parts.at(-1)).toEqual({ text: "…", hit: false });
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(["quokka", "quokka"]);
    const shown = parts.map((p) => p.text).join("");
    expect(shown).toMatch(/^… ?lead/);
    expect(shown.length).toBeLessThan(110);
  });

  it("shows the start of the message when no word is in it (a fuzzy hit), squeezing whitespace", () => {
    expect(snippet("one\n\n  two three", ["zzz"])).toEqual([{ text: "one two three", hit: false }]);
  });
});
