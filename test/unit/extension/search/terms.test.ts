import { describe, expect, it } from "vitest";
import { matchRanges, queryTerms } from "../../../../extension/search/snippet";
import { indexTerms } from "../../../../extension/search/terms";

describe("the words the index keeps", () => {
  it("folds case and accents as the snippet does, so a hit is marked again", () => {
    expect(indexTerms("Déploie le Cache")).toEqual(["deploie", "le", "cache"]);
    const text = "Le déploiement a échoué";
    for (const term of indexTerms(text)) expect(matchRanges(text, queryTerms(term)).length).toBeGreaterThan(0);
  });

  it("leaves out English function words and repeats, keeping first occurrence order", () => {
    expect(indexTerms("the cache and THE cache of the deploy")).toEqual(["cache", "deploy"]);
  });

  it("splits on anything that is not a letter, digit or underscore", () => {
    expect(indexTerms("src/app_main.ts:42 → café-bar")).toEqual(["src", "app_main", "ts", "42", "cafe", "bar"]);
  });

  it("skips a word too long to be typed (a hash, a blob)", () => {
    expect(indexTerms(`key ${"a".repeat(48)} ${"b".repeat(49)}`)).toEqual(["key", "a".repeat(48)]);
  });
});
