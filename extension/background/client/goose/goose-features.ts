/**
 * goose's extensions and recipes, as jobs on the running agent: a session's extensions listed and
 * turned off and on, the saved recipes listed, a recipe read, a session started from one (its
 * parameters answered when goose asks, its prompt sent), and a session saved as a recipe. Only for an
 * agent that serves the methods (goose-methods.ts learns it); other agents never see these requests.
 */

import type { AgentConnection } from "../../../acp/agent-connection";
import {
  addExtension,
  decodeRecipe,
  encodeRecipe,
  listExtensions,
  listRecipes,
  parseRecipe,
  type RecipeParamsAnswer,
  removeExtension,
  saveRecipe,
} from "../../../acp/goose-features";
import type { AppEvent, AppState } from "../../../state/app";
import { offersGoose } from "../../../state/connection/goose-controls";
import { entryArray } from "../../../state/conversation/entry-list";
import type { ExtensionLoadResult, GooseFeaturesEvent, Recipe, RecipeSource } from "../../../state/goose/goose-features";
import { recipeFromSession } from "../../../state/goose/recipe-from-session";
import { readRecipeInput } from "../../../state/goose/recipe-input";
import { missingValues, recipeFirstMessage, valuesWithDefaults } from "../../../state/goose/recipe-prompt";
import type { Store } from "../../observable-store";
import type { ClientContext } from "../context";
import { newSession } from "../sessions/sessions";
import { prompt } from "../turns";

/** What the jobs run on: the client's context and its way of running a job on the ready agent. */
export interface GooseClient {
  readonly ctx: ClientContext;
  run(job: (conn: AgentConnection) => Promise<unknown>): Promise<void>;
}

export class GooseFeatures {
  /** The values of the recipe being started, for goose's request of them. */
  private pendingValues: Record<string, string> | null = null;

  constructor(
    private readonly store: Store<AppState, AppEvent>,
    private readonly client: GooseClient,
  ) {
    client.ctx.recipeParams = async () => this.answerParams();
    client.ctx.sessionStarted = (sessionId, meta) => {
      const results = meta?.extensionResults;
      if (Array.isArray(results)) this.dispatch({ type: "extensions_loaded", sessionId, results: loadResults(results) });
    };
  }

  private dispatch(event: GooseFeaturesEvent): void {
    this.store.dispatch({ scope: "goose", event });
  }

  private offers(control: "extensions" | "recipes"): boolean {
    return offersGoose(this.store.get().client.agent, control);
  }

  private answerParams(): RecipeParamsAnswer {
    return this.pendingValues ? { action: "submit", values: this.pendingValues } : { action: "cancel" };
  }

  listExtensions(sessionId: string): Promise<void> {
    if (!this.offers("extensions")) return Promise.resolve();
    return this.client.run(async (conn) => {
      try {
        this.dispatch({ type: "extensions_listed", sessionId, listed: await listExtensions(conn, sessionId) });
      } catch (e) {
        this.dispatch({ type: "extensions_failed", sessionId, error: reason(e, "Listing the extensions") });
      }
    });
  }

  /** Our browser server is not toggled here: it follows the browser-tools switch (the panel sends that). */
  toggleExtension(sessionId: string, key: string, on: boolean): Promise<void> {
    if (!this.offers("extensions")) return Promise.resolve();
    const known = this.store.get().goose.extensions[sessionId];
    const entry = [...(known?.listed ?? []), ...(known?.off ?? [])].find((e) => e.extensionKey === key);
    if (!entry) return Promise.resolve();
    return this.client.run(async (conn) => {
      this.dispatch({ type: "extension_toggling", sessionId, key });
      try {
        if (on) await addExtension(conn, sessionId, entry);
        else await removeExtension(conn, sessionId, key);
      } catch (e) {
        this.dispatch({ type: "extensions_failed", sessionId, error: reason(e, on ? `Turning ${key} on` : `Turning ${key} off`) });
        return;
      }
      this.dispatch({ type: "extension_toggled", sessionId, entry, on });
    });
  }

  listRecipes(): Promise<void> {
    if (!this.offers("recipes")) return Promise.resolve();
    return this.client.run(async (conn) => {
      this.dispatch({ type: "recipes_loading" });
      try {
        this.dispatch({ type: "recipes_listed", saved: await listRecipes(conn) });
      } catch (e) {
        this.dispatch({ type: "recipe_failed", error: reason(e, "Listing the saved recipes") });
      }
    });
  }

  /** A pasted link or a file's text: goose reads it, and the panel shows its parameters. */
  openRecipe(text: string): Promise<void> {
    if (!this.offers("recipes")) return Promise.resolve();
    const input = readRecipeInput(text);
    if (typeof input === "string") {
      this.dispatch({ type: "recipe_failed", error: input });
      return Promise.resolve();
    }
    return this.client.run(async (conn) => {
      try {
        if (input.kind === "deeplink") {
          this.choose(await decodeRecipe(conn, input.deeplink), { kind: "deeplink", deeplink: input.deeplink });
        } else {
          const recipe = await parseRecipe(conn, input.content);
          this.choose(recipe, { kind: "deeplink", deeplink: await encodeRecipe(conn, recipe) });
        }
      } catch (e) {
        this.dispatch({ type: "recipe_failed", error: reason(e, "Reading the recipe") });
      }
    });
  }

  chooseSaved(id: string): void {
    const saved = this.store.get().goose.recipes.saved?.find((r) => r.id === id);
    if (saved) this.choose(saved.recipe, { kind: "id", id });
  }

  private choose(recipe: Recipe, source: RecipeSource): void {
    this.dispatch({ type: "recipe_chosen", recipe, source });
  }

  closeRecipe(): void {
    this.dispatch({ type: "recipe_closed" });
  }

  /** A new session from the chosen recipe: goose asks its parameters (answered with `typed`), then its prompt goes. */
  startRecipe(typed: Record<string, string>): Promise<void> {
    const chosen = this.store.get().goose.recipes.chosen;
    if (!chosen || !this.offers("recipes")) return Promise.resolve();
    const parameters = chosen.recipe.parameters ?? [];
    const missing = missingValues(parameters, typed);
    if (missing.length > 0) {
      this.dispatch({ type: "recipe_failed", error: `Fill in ${missing.join(", ")} first.` });
      return Promise.resolve();
    }
    const values = valuesWithDefaults(parameters, typed);
    const meta = chosen.source.kind === "deeplink" ? { recipeDeeplink: chosen.source.deeplink } : { recipeId: chosen.source.id };
    return this.client.run(async (conn) => {
      this.pendingValues = values;
      let id: string | null | "away";
      try {
        id = await newSession(this.client.ctx, conn, meta);
      } finally {
        this.pendingValues = null;
      }
      if (!id || id === "away") return;
      this.dispatch({ type: "recipe_closed" });
      const text = recipeFirstMessage(chosen.recipe, values);
      if (text) await prompt(this.client.ctx, conn, id, [{ type: "text", text }]);
    });
  }

  /** The session's prompts, the extensions it had and its browser actions, saved in goose's recipes folder. */
  saveAsRecipe(sessionId: string): Promise<void> {
    if (!this.offers("recipes")) return Promise.resolve();
    return this.client.run(async (conn) => {
      const state = this.store.get();
      const session = state.client.sessions[sessionId];
      if (!session) return;
      let extensions = state.goose.extensions[sessionId]?.listed ?? null;
      if (!extensions && this.offers("extensions")) extensions = await listExtensions(conn, sessionId).catch(() => null);
      const prompts = entryArray(session.entries).flatMap((e) =>
        e.kind === "user" ? [e.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n")] : [],
      );
      const recipe = recipeFromSession(
        { title: session.title, prompts, actions: state.tools.log[sessionId] ?? [], extensions },
        new Date(),
      );
      if (typeof recipe === "string") {
        this.dispatch({ type: "recipe_failed", error: recipe });
        return;
      }
      try {
        const saved = await saveRecipe(conn, recipe);
        this.dispatch({ type: "recipe_saved", sessionId, id: saved.id, filePath: saved.filePath });
        this.dispatch({ type: "recipes_listed", saved: await listRecipes(conn) });
      } catch (e) {
        this.dispatch({ type: "recipe_failed", error: reason(e, "Saving the recipe") });
      }
    });
  }
}

function loadResults(results: unknown[]): ExtensionLoadResult[] {
  return results.flatMap((r) => {
    const { name, success, error } = (r ?? {}) as Record<string, unknown>;
    if (typeof name !== "string" || typeof success !== "boolean") return [];
    return [{ name, success, ...(typeof error === "string" && error !== "" ? { error } : {}) }];
  });
}

/** goose says why in the error's `data` ("recipe: …", "Extension 'x' not found"), under a generic message. */
function reason(e: unknown, what: string): string {
  const { message, data } = (e ?? {}) as { message?: unknown; data?: unknown };
  const detail = typeof data === "string" && data !== "" ? data : typeof message === "string" ? message : String(e);
  return `${what} failed: ${detail}`;
}
