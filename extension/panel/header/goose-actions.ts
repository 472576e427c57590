/**
 * The header menu's goose items: the session's extensions, a session from a recipe, and the session
 * saved as a recipe. Each only where the agent serves the methods (state/connection/goose-controls.ts),
 * so other agents, and goose releases without them, show none.
 */
import { offersGoose } from "../../state/connection/goose-controls";
import { send } from "../../view/background-link";
import { activeSessionId, agent, entryIds } from "../../view/state-signals";
import type { PanelView } from "./Header";
import type { MenuAction } from "./Menu";

export function gooseActions(setView: (v: PanelView) => void): MenuAction[] {
  const sessionId = activeSessionId.value;
  const actions: MenuAction[] = [];
  if (offersGoose(agent.value, "extensions"))
    actions.push({
      label: "Extensions",
      icon: "tool",
      hint: sessionId ? "goose's extensions in this session: which started, on and off." : "No session yet.",
      disabled: !sessionId,
      run: () => setView("extensions"),
    });
  if (offersGoose(agent.value, "recipes")) {
    actions.push({
      label: "Start from a recipe",
      icon: "run",
      hint: "A new session from a goose recipe: a saved one, a goose:// link or a file.",
      run: () => setView("recipes"),
    });
    actions.push({
      label: "Save as recipe",
      icon: "page",
      hint: entryIds.value.length === 0 ? "Nothing to save yet." : "This session's messages and browser actions as a goose recipe.",
      disabled: !sessionId || entryIds.value.length === 0,
      run: () => {
        if (sessionId) send({ type: "save_recipe", sessionId });
        setView("recipes");
      },
    });
  }
  return actions;
}
