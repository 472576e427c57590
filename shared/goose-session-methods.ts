/**
 * goose's own session methods that the host lets through when its hello names `goose_session_methods`
 * (goose 1.50 on serves them without advertising them; the extension asks each agent whether it does,
 * extension/background/client/goose-methods.ts).
 */
export const GOOSE_SESSION_METHODS = [
  "_goose/unstable/session/rename",
  "_goose/unstable/session/archive",
  "_goose/unstable/session/unarchive",
  "_goose/unstable/session/working-dir/update",
] as const;
export type GooseSessionMethod = (typeof GOOSE_SESSION_METHODS)[number];
