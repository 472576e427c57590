/** Shows the agent's questions (elicitation/create) to the user as client events, and says when each is settled. */
import type { ClientContext } from "../context";
import { ElicitationBroker } from "./elicitation-broker";

export type { ElicitationAnswer } from "./elicitation-broker";

export function elicitationPrompts(dispatch: ClientContext["dispatch"]): ElicitationBroker {
  return new ElicitationBroker({
    requested: (elicitation) => dispatch({ type: "elicitation_requested", elicitation }),
    resolved: (key) => dispatch({ type: "elicitation_resolved", key }),
  });
}
