/** Recipes: what the user gave, the first message, the parameters' values, a session as a recipe, the schedule command. */
import { describe, expect, it } from "vitest";
import { scheduleCommand } from "../../../../../extension/panel/goose/schedule-command";
import type { ActionLogEntry } from "../../../../../extension/state/browser-tools/action-log";
import type { RecipeParameter } from "../../../../../extension/state/goose/goose-features";
import { recipeFromSession } from "../../../../../extension/state/goose/recipe-from-session";
import { readRecipeInput } from "../../../../../extension/state/goose/recipe-input";
import { missingValues, recipeFirstMessage, valuesWithDefaults } from "../../../../../extension/state/goose/recipe-prompt";

// What goose 1.52's encode gives for a small recipe: URL-safe base64 of its JSON, no padding.
const CONFIG = "eyJ2ZXJzaW9uIjoiMS4wLjAiLCJ0aXRsZSI6Ik90dGVyIGZhY3RzIn0";

describe("readRecipeInput", () => {
  it("takes a goose://recipe link's config, a bare config, or a file's text", () => {
    expect(readRecipeInput(`goose://recipe?config=${CONFIG}`)).toEqual({ kind: "deeplink", deeplink: CONFIG });
    expect(readRecipeInput(`  ${CONFIG}\n`)).toEqual({ kind: "deeplink", deeplink: CONFIG });
    const yaml = "title: T\ndescription: D\nprompt: hi\n";
    expect(readRecipeInput(yaml)).toEqual({ kind: "content", content: yaml.trim() });
  });

  it("says what is wrong with an empty box or a goose link without a recipe", () => {
    expect(readRecipeInput("  ")).toBe("Paste a goose://recipe link, or pick a recipe file.");
    expect(readRecipeInput("goose://recipe?other=1")).toBe("That goose:// link carries no recipe (no config=…).");
    expect(readRecipeInput("goose://[bad")).toBe("That goose:// link cannot be read.");
  });
});

describe("a recipe's first message and values", () => {
  const parameters: RecipeParameter[] = [
    { key: "animal", input_type: "string", requirement: "required" },
    { key: "tone", input_type: "string", requirement: "required", default: "plain" },
    { key: "extra", input_type: "string", requirement: "optional" },
  ];

  it("fills the prompt's {{ key }} with the values; leaves unknown ones; none when the recipe has no prompt", () => {
    const recipe = { title: "T", description: "D", prompt: "Tell me about {{ animal }} in a {{tone}} way, {{ missing }}." };
    expect(recipeFirstMessage(recipe, { animal: "otters", tone: "plain" })).toBe("Tell me about otters in a plain way, {{ missing }}.");
    expect(recipeFirstMessage({ title: "T", description: "D", instructions: "Only this" }, {})).toBeNull();
  });

  it("asks for required values without a default; gives goose the defaults", () => {
    expect(missingValues(parameters, {})).toEqual(["animal"]);
    expect(missingValues(parameters, { animal: "  " })).toEqual(["animal"]);
    expect(missingValues(parameters, { animal: "otters" })).toEqual([]);
    expect(valuesWithDefaults(parameters, { animal: " otters ", extra: "" })).toEqual({ animal: "otters", tone: "plain" });
  });
});

describe("recipeFromSession", () => {
  const action = (tool: string, ok: boolean, more: Partial<ActionLogEntry> = {}): ActionLogEntry => ({
    callId: tool,
    tool,
    consent: "allow_once",
    ok,
    text: "",
    at: 0,
    ...more,
  });

  it("the prompts in order, the browser actions that worked as steps, goose's own extensions (never an MCP server)", () => {
    const recipe = recipeFromSession(
      {
        title: "Sign up",
        prompts: ["open the form", " ", "type my name"],
        actions: [
          action("list_tabs", true),
          action("type", true, { element: 'textbox "Your name"', site: "example.com" }),
          action("click", false),
        ],
        extensions: [
          { extensionKey: "developer", extension: { type: "platform", name: "developer" } },
          { extensionKey: "browser", extension: { type: "mcp", server: { name: "browser", url: "http://127.0.0.1:1/mcp" } } },
        ],
      },
      new Date("2026-12-02T08:00:00Z"),
    );
    expect(recipe).toEqual({
      version: "1.0.0",
      title: "Sign up",
      description: "Saved from a goose-browser session on 2026-12-02 (2 messages, 2 browser actions).",
      prompt: "1. open the form\n2. type my name",
      instructions: expect.stringMatching(/in order:\n1\. list_tabs\n2\. type textbox "Your name" on example\.com$/),
      extensions: [{ type: "platform", name: "developer" }],
    });
  });

  it("one prompt as it was, no instructions without actions; a session with no message cannot be one", () => {
    expect(recipeFromSession({ title: null, prompts: ["browser list_tabs"], actions: [], extensions: null }, new Date(0))).toEqual({
      version: "1.0.0",
      title: "browser list_tabs",
      description: "Saved from a goose-browser session on 1970-01-01 (1 message, 0 browser actions).",
      prompt: "browser list_tabs",
    });
    expect(recipeFromSession({ title: "T", prompts: [], actions: [], extensions: null }, new Date(0))).toBe(
      "The session has no message to make a recipe of.",
    );
  });
});

describe("scheduleCommand", () => {
  it("names the recipe file, quoting a path with spaces for the shell", () => {
    expect(scheduleCommand("/home/a/.config/goose/recipes/otter-facts.yaml")).toBe(
      'goose schedule add --schedule-id otter-facts --cron "0 9 * * *" --recipe-source /home/a/.config/goose/recipes/otter-facts.yaml',
    );
    expect(scheduleCommand("/home/a b/it's.yaml")).toBe(
      `goose schedule add --schedule-id 'it'\\''s' --cron "0 9 * * *" --recipe-source '/home/a b/it'\\''s.yaml'`,
    );
  });
});
