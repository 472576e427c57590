/**
 * Where a session came from, as far as goose says (`_meta.sessionType` in session/list; docs/goose-serve.md):
 * goose's own sessions (made in goose Desktop's chat or the CLI, `user`) and those its scheduler ran
 * (`scheduled`) are named; a session made over ACP (`acp`: this panel's, and any other ACP client's of the
 * same goose) and an agent that says nothing get no words, since nothing tells them apart. Pure.
 */
export function sessionSource(item: { _meta?: Record<string, unknown> | null }): string | null {
  switch (item._meta?.sessionType) {
    case "user":
      return "Made in goose (Desktop or the CLI)";
    case "scheduled":
      return "Run by goose's scheduler";
    default:
      return null;
  }
}
