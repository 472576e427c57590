/**
 * Keeps the state's fork relations in extension storage: read once into the state (forks_known),
 * then written whenever they change (a fork made, its note sent). A failed read or write is logged,
 * never fatal: History then just does not say where a fork came from.
 */
import type { AppEvent, AppState } from "../../../state/app";
import type { ForkStorage } from "../../../storage/session-forks";
import type { Store } from "../../observable-store";

export function rememberForks(
  store: Store<AppState, AppEvent>,
  storage: ForkStorage,
  log?: (message: string, detail?: unknown) => void,
): void {
  let saved = store.get().client.forks;
  storage.load().then(
    (forks) => store.dispatch({ scope: "client", event: { type: "forks_known", forks } }),
    (e) => log?.("could not read the fork relations", e),
  );
  store.subscribe((state) => {
    const forks = state.client.forks;
    if (forks === saved) return;
    saved = forks;
    storage.save(forks).catch((e) => log?.("could not save the fork relations", e));
  });
}
