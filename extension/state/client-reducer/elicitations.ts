/** The agent's questions to the user (elicitation/create): held until answered, declined or cancelled. */
import type { ClientEventOf, ClientState } from "../sessions/client-state";

export function elicitationRequested(state: ClientState, event: ClientEventOf<"elicitation_requested">): ClientState {
  if (state.elicitations.some((e) => e.key === event.elicitation.key)) return state;
  return { ...state, elicitations: [...state.elicitations, event.elicitation] };
}

export function elicitationResolved(state: ClientState, event: ClientEventOf<"elicitation_resolved">): ClientState {
  const elicitations = state.elicitations.filter((e) => e.key !== event.key);
  return elicitations.length === state.elicitations.length ? state : { ...state, elicitations };
}
