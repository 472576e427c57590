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

/**
 * goose's extension and recipe methods, let through when the hello names `goose_features`: a session's
 * extensions listed, removed, and added again (the host lets only goose's own built-in and platform
 * extensions be added: an MCP entry would start a command or reach a server the user never set up,
 * native-host/jsonrpc/goose-extension-add.ts), and the saved recipes listed, read and saved.
 */
export const GOOSE_FEATURE_METHODS = [
  "_goose/unstable/session/extensions/list",
  "_goose/unstable/session/extensions/add",
  "_goose/unstable/session/extensions/remove",
  "_goose/unstable/recipes/list",
  "_goose/unstable/recipes/parse",
  "_goose/unstable/recipes/decode",
  "_goose/unstable/recipes/encode",
  "_goose/unstable/recipes/save",
] as const;
export type GooseFeatureMethod = (typeof GOOSE_FEATURE_METHODS)[number];
export const GOOSE_EXTENSION_ADD = "_goose/unstable/session/extensions/add";
