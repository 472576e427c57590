/** A minimal observable store: one state value, a reducer, and listeners told of every change. */
export interface Store<S, E> {
  get(): S;
  dispatch(event: E): void;
  subscribe(listener: (state: S) => void): () => void;
}

export function createStore<S, E>(initial: S, reduce: (state: S, event: E) => S): Store<S, E> {
  let state = initial;
  const listeners = new Set<(state: S) => void>();
  return {
    get: () => state,
    dispatch(event) {
      const next = reduce(state, event);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
