/**
 * A component that re-renders only when a prop changes (shallow compare), like React.memo, without
 * pulling in preact/compat. The message list uses it so adding one entry does not redo the others.
 */
import { Component, type ComponentChild, type FunctionComponent } from "preact";

export function pure<P extends object>(render: FunctionComponent<P>): FunctionComponent<P> {
  class Pure extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const prev = this.props as Record<string, unknown>;
      const nxt = next as Record<string, unknown>;
      for (const k in nxt) if (k !== "children" && prev[k] !== nxt[k]) return true;
      for (const k in prev) if (!(k in nxt)) return true;
      return false;
    }
    override render(props: P): ComponentChild {
      return render(props);
    }
  }
  (Pure as unknown as { displayName: string }).displayName = `pure(${render.displayName ?? render.name})`;
  return Pure as unknown as FunctionComponent<P>;
}
