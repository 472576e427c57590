/**
 * "Save as recipe": a session as a goose recipe (goose's own format, https://block.github.io/goose/docs/guides/recipes/recipe-reference),
 * so goose Desktop and the CLI open it as any other. The prompts the user sent become its prompt, in
 * order; the browser actions of the action log become its instructions, so a run asks for the same
 * actions (with the usual consent); goose's own extensions the session had on become its extensions.
 * Our browser server is not written in: its address and key are this browser's and change; a run in
 * the panel gets it as every session does, with the browser-tools switch.
 */
import type { ActionLogEntry } from "../browser-tools/action-log";
import { goosesOwn } from "./extension-rows";
import type { ListedExtension, Recipe } from "./goose-features";

export interface SessionForRecipe {
  title: string | null;
  /** The text of each message the user sent, oldest first. */
  prompts: string[];
  actions: readonly ActionLogEntry[];
  /** goose's list of the session's extensions, when it was asked. */
  extensions: readonly ListedExtension[] | null;
}

/** Why no recipe can be made of it, or the recipe. */
export function recipeFromSession(session: SessionForRecipe, savedOn: Date): Recipe | string {
  const prompts = session.prompts.map((p) => p.trim()).filter((p) => p !== "");
  if (prompts.length === 0) return "The session has no message to make a recipe of.";
  const acted = session.actions.filter((a) => a.ok);
  const day = savedOn.toISOString().slice(0, 10);
  const counted = `${prompts.length} message${prompts.length === 1 ? "" : "s"}, ${acted.length} browser action${acted.length === 1 ? "" : "s"}`;
  const extensions = (session.extensions ?? []).map((e) => e.extension).filter(goosesOwn);
  return {
    version: "1.0.0",
    title: session.title?.trim() || firstWords(prompts[0]!),
    description: `Saved from a goose-browser session on ${day} (${counted}).`,
    prompt: prompts.length === 1 ? prompts[0]! : prompts.map((p, i) => `${i + 1}. ${p}`).join("\n"),
    ...(acted.length > 0 ? { instructions: actionInstructions(acted) } : {}),
    ...(extensions.length > 0 ? { extensions } : {}),
  };
}

function actionInstructions(actions: readonly ActionLogEntry[]): string {
  const steps = actions.map((a, i) => `${i + 1}. ${a.tool}${where(a)}`);
  return [
    "This recipe repeats a session in the browser. Use the browser tools (the `browser` extension goose-browser gives the session) for these steps, in order:",
    ...steps,
  ].join("\n");
}

function where(a: ActionLogEntry): string {
  const parts = [a.element ?? null, a.site ? `on ${a.site}` : null].filter(Boolean);
  return parts.length > 0 ? ` ${parts.join(" ")}` : "";
}

function firstWords(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return line.length <= 60 ? line : `${line.slice(0, 59)}…`;
}
