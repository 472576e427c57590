/**
 * The goose feature jobs' own checks, before anything reaches the agent: an agent that does not serve
 * them is never asked, a recipe missing a required value starts no session, goose's request for
 * parameters with nothing being started is cancelled, and session/new's extension report is kept.
 */
import { describe, expect, it } from "vitest";
import type { AgentConnection } from "../../../../../../extension/acp/agent-connection";
import type { ClientContext } from "../../../../../../extension/background/client/context";
import { GooseFeatures } from "../../../../../../extension/background/client/goose/goose-features";
import { createStore } from "../../../../../../extension/background/observable-store";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../../../extension/state/app";
import type { GooseControl } from "../../../../../../extension/state/connection/goose-controls";

function setup(controls: GooseControl[]) {
  const store = createStore<AppState, AppEvent>(initialAppState, reduceApp);
  store.dispatch({
    scope: "client",
    event: { type: "agent_ready", info: { name: "goose", version: "1.52.0" }, capabilities: {}, authMethods: [] },
  });
  if (controls.length > 0) store.dispatch({ scope: "client", event: { type: "agent_serves_goose", controls } });
  const jobs: string[] = [];
  const client = {
    ctx: {} as ClientContext,
    run: async (_job: (conn: AgentConnection) => Promise<unknown>) => {
      jobs.push("run");
    },
  };
  const goose = new GooseFeatures(store, client);
  return { store, jobs, goose, ctx: client.ctx };
}

describe("GooseFeatures", () => {
  it("asks nothing of an agent that does not serve goose's extension and recipe methods", async () => {
    const { goose, jobs } = setup(["rename"]);
    await goose.listExtensions("s");
    await goose.toggleExtension("s", "analyze", false);
    await goose.listRecipes();
    await goose.openRecipe("goose://recipe?config=abc");
    await goose.saveAsRecipe("s");
    expect(jobs).toEqual([]);
  });

  it("a recipe missing a required value says which and starts no session; goose's request with nothing started is cancelled", async () => {
    const { goose, jobs, store, ctx } = setup(["extensions", "recipes"]);
    const recipe = {
      title: "Animal facts",
      description: "D",
      prompt: "Tell me about {{ animal }}",
      parameters: [{ key: "animal", input_type: "string", requirement: "required" }],
    };
    store.dispatch({ scope: "goose", event: { type: "recipe_chosen", recipe, source: { kind: "id", id: "r1" } } });
    await goose.startRecipe({ animal: "  " });
    expect(jobs).toEqual([]);
    expect(store.get().goose.recipes.error).toBe("Fill in animal first.");
    expect(await ctx.recipeParams?.({ sessionId: "s", parameters: [] })).toEqual({ action: "cancel" });
    // Empty input never reaches goose either.
    await goose.openRecipe("   ");
    expect(jobs).toEqual([]);
    expect(store.get().goose.recipes.error).toBe("Paste a goose://recipe link, or pick a recipe file.");
  });

  it("keeps session/new's extension report, goose's reasons included; a malformed entry is left out", () => {
    const { store, ctx } = setup(["extensions"]);
    ctx.sessionStarted?.("s", {
      extensionResults: [{ name: "developer", success: true }, { name: "broken", success: false, error: "quit" }, { name: 7 }, null],
    });
    ctx.sessionStarted?.("t", { workingDir: "/w" });
    expect(store.get().goose.extensions.s?.results).toEqual([
      { name: "developer", success: true },
      { name: "broken", success: false, error: "quit" },
    ]);
    expect(store.get().goose.extensions.t).toBeUndefined();
  });
});
