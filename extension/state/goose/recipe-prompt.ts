/**
 * A recipe's first message. goose renders a recipe's instructions for the session itself, but sends
 * no prompt: session/new answers the recipe as written (`_meta.recipe`) with the user's values
 * (`_meta.userRecipeValues`), and the client sends the prompt (goose 1.50 and 1.52). goose's templates
 * are MiniJinja; a recipe's prompt uses `{{ key }}` for its parameters, which is what is filled in here.
 */
import type { Recipe, RecipeParameter } from "./goose-features";

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

function renderRecipePrompt(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, key: string) => (key in values ? values[key]! : whole));
}

/** The prompt to send, or null when the recipe has none (its instructions alone steer the session). */
export function recipeFirstMessage(recipe: Recipe, values: Readonly<Record<string, string>>): string | null {
  const text = recipe.prompt?.trim();
  return text ? renderRecipePrompt(text, values) : null;
}

/** The parameters the user must fill in: required ones without a default; an `optional` one may stay empty. */
export function missingValues(parameters: readonly RecipeParameter[], values: Readonly<Record<string, string>>): string[] {
  return parameters
    .filter((p) => p.requirement !== "optional" && p.default === undefined && !(values[p.key] ?? "").trim())
    .map((p) => p.key);
}

/** The values goose gets: what the user typed, else the parameter's default. */
export function valuesWithDefaults(
  parameters: readonly RecipeParameter[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of parameters) {
    const typed = values[p.key]?.trim();
    if (typed) out[p.key] = typed;
    else if (p.default !== undefined) out[p.key] = p.default;
  }
  return out;
}
