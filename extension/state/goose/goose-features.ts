/**
 * goose's own features as the panel shows them: each session's extensions and the recipes. Its own
 * slice of the app state, reduced in the background and in every panel from the same events. The
 * shapes are goose's (crates/goose-sdk-types custom_requests.rs), checked against goose 1.50 and 1.52.
 */

/** An extension as goose describes it (`GooseExtension`, tagged by `type`: builtin, platform, mcp). */
export interface GooseExtension {
  type: string;
  name?: string;
  display_name?: string;
  description?: string;
  /** An MCP extension's server (ACP's McpServer): its `name` names the extension. */
  server?: { name?: string; url?: string; command?: string };
  [field: string]: unknown;
}

/** One entry of `_goose/unstable/session/extensions/list`, which lists only the enabled ones. */
export interface ListedExtension {
  extensionKey: string;
  extension: GooseExtension;
}

/** One entry of session/new's `_meta.extensionResults`: whether goose could start it, and why not. */
export interface ExtensionLoadResult {
  name: string;
  success: boolean;
  error?: string;
}

export interface SessionExtensions {
  /** From session/new's or session/load's answer; null until one is seen in this background. */
  results: ExtensionLoadResult[] | null;
  /** goose's last list, null until asked. */
  listed: ListedExtension[] | null;
  /** Turned off from the panel: still shown, off, so they can be turned on again. */
  off: ListedExtension[];
  /** The extension being turned on or off. */
  busy: string | null;
  error: string | null;
}

/** A recipe's parameter (goose's RecipeParameterDto, snake_case as goose sends it). */
export interface RecipeParameter {
  key: string;
  input_type: string;
  requirement: string;
  description?: string;
  default?: string;
  options?: string[];
}

/** A recipe as goose's recipe methods carry it (RecipeDto): title, description and prompt or instructions. */
export interface Recipe {
  title: string;
  description: string;
  version?: string;
  prompt?: string;
  instructions?: string;
  parameters?: RecipeParameter[];
  extensions?: GooseExtension[];
  [field: string]: unknown;
}

/** One of the user's saved recipes (`_goose/unstable/recipes/list`). */
export interface SavedRecipe {
  id: string;
  recipe: Recipe;
  file_path: string;
}

/** How session/new names the recipe: `_meta.recipeDeeplink` or `_meta.recipeId`. */
export type RecipeSource = { kind: "deeplink"; deeplink: string } | { kind: "id"; id: string };

interface RecipesState {
  saved: SavedRecipe[] | null;
  loading: boolean;
  error: string | null;
  /** The recipe the user picked, waiting for its parameters and Start. */
  chosen: { recipe: Recipe; source: RecipeSource } | null;
  /** A session saved as a recipe: where goose wrote it. */
  savedFrom: { sessionId: string; id: string; filePath: string } | null;
}

export interface GooseFeaturesState {
  extensions: Record<string, SessionExtensions>;
  recipes: RecipesState;
}

export type GooseFeaturesEvent =
  | { type: "extensions_loaded"; sessionId: string; results: ExtensionLoadResult[] }
  | { type: "extensions_listed"; sessionId: string; listed: ListedExtension[] }
  | { type: "extension_toggling"; sessionId: string; key: string }
  | { type: "extension_toggled"; sessionId: string; entry: ListedExtension; on: boolean }
  | { type: "extensions_failed"; sessionId: string; error: string }
  | { type: "recipes_loading" }
  | { type: "recipes_listed"; saved: SavedRecipe[] }
  | { type: "recipe_chosen"; recipe: Recipe; source: RecipeSource }
  | { type: "recipe_failed"; error: string }
  | { type: "recipe_closed" }
  | { type: "recipe_saved"; sessionId: string; id: string; filePath: string };

export const initialGooseFeatures: GooseFeaturesState = {
  extensions: {},
  recipes: { saved: null, loading: false, error: null, chosen: null, savedFrom: null },
};

const NO_EXTENSIONS: SessionExtensions = { results: null, listed: null, off: [], busy: null, error: null };

export function reduceGooseFeatures(state: GooseFeaturesState, e: GooseFeaturesEvent): GooseFeaturesState {
  switch (e.type) {
    case "extensions_loaded":
      return withSession(state, e.sessionId, (s) => ({ ...s, results: e.results }));
    case "extensions_listed":
      // What goose lists again is on: no longer among the ones turned off here.
      return withSession(state, e.sessionId, (s) => ({
        ...s,
        listed: e.listed,
        off: s.off.filter((o) => !e.listed.some((l) => l.extensionKey === o.extensionKey)),
        error: null,
      }));
    case "extension_toggling":
      return withSession(state, e.sessionId, (s) => ({ ...s, busy: e.key, error: null }));
    case "extension_toggled":
      return withSession(state, e.sessionId, (s) => {
        const others = (list: ListedExtension[]) => list.filter((l) => l.extensionKey !== e.entry.extensionKey);
        const listed = s.listed ?? [];
        return e.on
          ? { ...s, busy: null, listed: [...others(listed), e.entry], off: others(s.off) }
          : { ...s, busy: null, listed: others(listed), off: [...others(s.off), e.entry] };
      });
    case "extensions_failed":
      return withSession(state, e.sessionId, (s) => ({ ...s, busy: null, error: e.error }));
    case "recipes_loading":
      return { ...state, recipes: { ...state.recipes, loading: true, error: null } };
    case "recipes_listed":
      return { ...state, recipes: { ...state.recipes, loading: false, saved: e.saved } };
    case "recipe_chosen":
      return { ...state, recipes: { ...state.recipes, chosen: { recipe: e.recipe, source: e.source }, error: null } };
    case "recipe_failed":
      return { ...state, recipes: { ...state.recipes, loading: false, error: e.error } };
    case "recipe_closed":
      return { ...state, recipes: { ...state.recipes, chosen: null, error: null } };
    case "recipe_saved":
      return {
        ...state,
        recipes: { ...state.recipes, error: null, savedFrom: { sessionId: e.sessionId, id: e.id, filePath: e.filePath } },
      };
  }
}

function withSession(
  state: GooseFeaturesState,
  sessionId: string,
  change: (s: SessionExtensions) => SessionExtensions,
): GooseFeaturesState {
  return { ...state, extensions: { ...state.extensions, [sessionId]: change(state.extensions[sessionId] ?? NO_EXTENSIONS) } };
}
