/**
 * Start a session from a goose recipe: one of the user's saved recipes, a pasted goose://recipe link,
 * or a recipe file. The chosen recipe's parameters are asked here; goose asks the client for them while
 * it starts the session, and the background answers with these. Where a recipe was saved from a
 * session, says where, and how to run it on a schedule with goose's own scheduler.
 */
import { useEffect, useId, useState } from "preact/hooks";
import { offersGoose } from "../../state/connection/goose-controls";
import type { Recipe, RecipeParameter } from "../../state/goose/goose-features";
import { send } from "../../view/background-link";
import { agent, gooseFeatures, opening } from "../../view/state-signals";
import { scheduleCommand } from "./schedule-command";
import "./goose.css";

export function RecipesView({ onStarted }: { onStarted(): void }) {
  const served = offersGoose(agent.value, "recipes");
  useEffect(() => {
    if (served) send({ type: "list_recipes" });
  }, [served]);
  if (!served) return <p class="goose-view__empty">This agent has no recipes.</p>;
  const recipes = gooseFeatures.value?.recipes;
  const chosen = recipes?.chosen;
  return (
    <section class="goose-view" aria-label="Recipes">
      {recipes?.error && <p class="notice notice--error">{recipes.error}</p>}
      {recipes?.savedFrom && <SavedNote filePath={recipes.savedFrom.filePath} />}
      {chosen ? <RecipeForm recipe={chosen.recipe} onStarted={onStarted} /> : <RecipePicker />}
    </section>
  );
}

function RecipePicker() {
  const [text, setText] = useState("");
  const recipes = gooseFeatures.value?.recipes;
  const readFile = async (file: File | undefined) => {
    if (file) send({ type: "open_recipe", text: await file.text() });
  };
  return (
    <>
      <h2 class="goose-view__heading">Saved recipes</h2>
      {recipes?.loading && <p class="goose-view__empty">Asking goose…</p>}
      {recipes?.saved?.length === 0 && <p class="goose-view__empty">No saved recipes in goose's recipes folder.</p>}
      <ul class="goose-list">
        {(recipes?.saved ?? []).map((r) => (
          <li key={r.id} class="goose-list__item">
            <div class="goose-list__text">
              <span class="goose-list__name">{r.recipe.title}</span>
              <span class="goose-list__detail">{r.recipe.description}</span>
            </div>
            <button type="button" class="button button--small" onClick={() => send({ type: "choose_recipe", id: r.id })}>
              Use
            </button>
          </li>
        ))}
      </ul>
      <h2 class="goose-view__heading">From a link or a file</h2>
      <form
        class="goose-form"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: "open_recipe", text });
        }}
      >
        <label class="goose-form__field">
          <span>goose://recipe link</span>
          <input value={text} placeholder="goose://recipe?config=…" onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <div class="goose-form__actions">
          <button type="submit" class="button button--small" disabled={text.trim() === ""}>
            Open link
          </button>
          <label class="button button--small button--ghost goose-form__file">
            Open a file…
            <input type="file" accept=".yaml,.yml,.json" onChange={(e) => void readFile(e.currentTarget.files?.[0])} />
          </label>
        </div>
      </form>
    </>
  );
}

function RecipeForm({ recipe, onStarted }: { recipe: Recipe; onStarted(): void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const parameters = recipe.parameters ?? [];
  const extensions = (recipe.extensions ?? []).map((e) => e.display_name ?? e.name ?? e.server?.name ?? e.type);
  // A recipe's stdio extension is a command goose runs on this machine: the user sees it before starting.
  const commands = (recipe.extensions ?? []).flatMap((e) => (typeof e.cmd === "string" ? [[e.cmd, ...stringArgs(e.args)].join(" ")] : []));
  return (
    <form
      class="goose-form"
      aria-label={`Start ${recipe.title}`}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: "start_recipe", values });
        onStarted();
      }}
    >
      <h2 class="goose-view__heading">{recipe.title}</h2>
      <p class="goose-list__detail">{recipe.description}</p>
      {extensions.length > 0 && <p class="goose-list__detail">{`Its extensions: ${extensions.join(", ")}.`}</p>}
      {commands.map((command) => (
        <p key={command} class="notice notice--error">
          This recipe has goose run a command on this computer: <code>{command}</code>. Start it only if you trust where it came from.
        </p>
      ))}
      {parameters.map((p) => (
        <ParamField key={p.key} parameter={p} value={values[p.key]} onChange={(v) => setValues({ ...values, [p.key]: v })} />
      ))}
      <div class="goose-form__actions">
        <button type="submit" class="button button--small" disabled={opening.value !== null}>
          Start session
        </button>
        <button type="button" class="button button--small button--ghost" onClick={() => send({ type: "close_recipe" })}>
          Back
        </button>
      </div>
    </form>
  );
}

function stringArgs(args: unknown): string[] {
  return Array.isArray(args) ? args.filter((a): a is string => typeof a === "string") : [];
}

function ParamField({
  parameter: p,
  value,
  onChange,
}: {
  parameter: RecipeParameter;
  value: string | undefined;
  onChange(v: string): void;
}) {
  const id = `recipe-param-${useId()}`;
  return (
    <div class="goose-form__field">
      <label for={id}>{p.description ? `${p.key}: ${p.description}` : p.key}</label>
      {p.options?.length ? (
        <select id={id} value={value ?? p.default ?? ""} onChange={(e) => onChange(e.currentTarget.value)}>
          {p.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={p.key}
          value={value ?? ""}
          placeholder={p.default ?? (p.requirement === "optional" ? "optional" : "")}
          required={p.requirement !== "optional" && p.default === undefined}
          onInput={(e) => onChange(e.currentTarget.value)}
        />
      )}
    </div>
  );
}

/** goose 1.50–1.52 do not run schedules for ACP clients (-32601), so the CLI's own command is shown. */
function SavedNote({ filePath }: { filePath: string }) {
  return (
    <div class="goose-saved" role="status">
      <p>
        Saved as a goose recipe: <code>{filePath}</code>
      </p>
      <p class="goose-list__detail">
        To run it on a schedule, use goose's scheduler: <code>{scheduleCommand(filePath)}</code> Scheduled runs use the browser only while
        it is open with goose-browser connected.
      </p>
    </div>
  );
}
