/** A minimal observable store: one state value, a reducer, and listeners told of every change and its cause. */
export interface Store<S, E> {
  get(): S;
  dispatch(event: E): void;
  subscribe(listener: (state: S, event: E) => void): () => void;
}

export function createStore<S, E>(initial: S, reduce: (state: S, event: E) => S): Store<S, E> {
  let state = initial;
  const listeners = new Set<(state: S, event: E) => void>();
  return {
    get: () => state,
    dispatch(event) {
      const next = reduce(state, event);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener(state, event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reading and dispatching only: what a part that owns one slice of the state needs. */
export type SliceStore<S, E> = Pick<Store<S, E>, "get" | "dispatch">;

/** A view of a store that speaks one part's events (e.g. the native connection's) and sees its slice. */
export function sliceStore<S, E, PS, PE>(store: Store<S, E>, select: (s: S) => PS, wrap: (e: PE) => E): SliceStore<PS, PE> {
  return { get: () => select(store.get()), dispatch: (event) => store.dispatch(wrap(event)) };
}
