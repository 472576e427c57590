/**
 * What the user gave as a recipe: a goose deeplink (`goose://recipe?config=…`, as goose Desktop shares
 * one, or its `config` alone) or a recipe file's text (YAML or JSON). goose decodes or parses either.
 */
export type RecipeInput = { kind: "deeplink"; deeplink: string } | { kind: "content"; content: string };

/** A deeplink's config is URL-safe base64 of the recipe's JSON: one word, no spaces. */
const CONFIG = /^[A-Za-z0-9_\-+/=%]+$/;

export function readRecipeInput(text: string): RecipeInput | string {
  const given = text.trim();
  if (given === "") return "Paste a goose://recipe link, or pick a recipe file.";
  if (/^goose:\/\//i.test(given)) {
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      return "That goose:// link cannot be read.";
    }
    const config = url.searchParams.get("config");
    return config ? { kind: "deeplink", deeplink: config } : "That goose:// link carries no recipe (no config=…).";
  }
  if (!/\s/.test(given) && CONFIG.test(given)) return { kind: "deeplink", deeplink: decodeURIComponent(given) };
  return { kind: "content", content: given };
}
