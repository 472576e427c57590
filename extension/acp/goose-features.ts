/**
 * goose's extension and recipe methods (`_goose/unstable/…`), served by goose 1.50 on without being
 * advertised. Shapes from goose's source (crates/goose-sdk-types custom_requests.rs) and checked
 * against the 1.50 and 1.52 binaries: extensions/list answers `{extensions: [{extensionKey,
 * extension}]}` with the enabled ones only; remove takes `extensionKey`; add takes the `extension` as
 * list gave it; recipes/list answers `{recipes: [{id, recipe, file_path}]}`; parse `{content}` and
 * decode `{deeplink}` answer `{recipe}`; encode `{recipe}` answers `{deeplink}`; save `{recipe}`
 * answers `{id, file_name, file_path}` (goose writes it under its recipes folder).
 */
import type { GooseFeatureMethod } from "../../shared/goose-session-methods";
import type { ListedExtension, Recipe, SavedRecipe } from "../state/goose/goose-features";
import type { AgentConnection } from "./agent-connection";

/** goose's request for a recipe's parameters, sent only to a client whose initialize opts in. */
export const RECIPE_PARAMS_REQUEST = "_goose/unstable/session/recipe/request-params";

/** What the client answers it: the values, or cancel (goose then fails the session/new). */
export type RecipeParamsAnswer = { action: "submit"; values: Record<string, string> } | { action: "cancel" };

function call(conn: AgentConnection, method: GooseFeatureMethod, params: Record<string, unknown>): Promise<unknown> {
  return conn.extRequest(method, params);
}

function field(answer: unknown, name: string): unknown {
  return typeof answer === "object" && answer !== null ? (answer as Record<string, unknown>)[name] : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function recipeOf(answer: unknown): Recipe {
  const recipe = field(answer, "recipe");
  if (!isObject(recipe) || typeof recipe.title !== "string") throw new Error("goose's answer holds no recipe.");
  return recipe as Recipe;
}

export async function listExtensions(conn: AgentConnection, sessionId: string): Promise<ListedExtension[]> {
  const list = field(await call(conn, "_goose/unstable/session/extensions/list", { sessionId }), "extensions");
  if (!Array.isArray(list)) throw new Error("goose's answer lists no extensions.");
  return list.filter((e): e is ListedExtension => isObject(e) && typeof e.extensionKey === "string" && isObject(e.extension));
}

export async function removeExtension(conn: AgentConnection, sessionId: string, extensionKey: string): Promise<void> {
  await call(conn, "_goose/unstable/session/extensions/remove", { sessionId, extensionKey });
}

export async function addExtension(conn: AgentConnection, sessionId: string, entry: ListedExtension): Promise<void> {
  await call(conn, "_goose/unstable/session/extensions/add", { sessionId, extension: entry.extension });
}

export async function listRecipes(conn: AgentConnection): Promise<SavedRecipe[]> {
  const list = field(await call(conn, "_goose/unstable/recipes/list", {}), "recipes");
  if (!Array.isArray(list)) throw new Error("goose's answer lists no recipes.");
  return list.filter((r): r is SavedRecipe => isObject(r) && typeof r.id === "string" && isObject(r.recipe));
}

/** A recipe file's text (YAML or JSON), checked by goose. */
export async function parseRecipe(conn: AgentConnection, content: string): Promise<Recipe> {
  return recipeOf(await call(conn, "_goose/unstable/recipes/parse", { content }));
}

/** A deeplink's `config` (goose://recipe?config=…, or the config alone). */
export async function decodeRecipe(conn: AgentConnection, deeplink: string): Promise<Recipe> {
  return recipeOf(await call(conn, "_goose/unstable/recipes/decode", { deeplink }));
}

export async function encodeRecipe(conn: AgentConnection, recipe: Recipe): Promise<string> {
  const deeplink = field(await call(conn, "_goose/unstable/recipes/encode", { recipe }), "deeplink");
  if (typeof deeplink !== "string" || deeplink === "") throw new Error("goose's answer holds no deeplink.");
  return deeplink;
}

export async function saveRecipe(conn: AgentConnection, recipe: Recipe): Promise<{ id: string; filePath: string }> {
  const answer = await call(conn, "_goose/unstable/recipes/save", { recipe });
  const id = field(answer, "id");
  const filePath = field(answer, "file_path");
  if (typeof id !== "string" || typeof filePath !== "string") throw new Error("goose's answer names no saved file.");
  return { id, filePath };
}
