/** Where users learn to install goose, and how goose updates itself: one home for every message that says so. */
export const GOOSE_INSTALL_URL = "https://block.github.io/goose/docs/getting-started/installation";
export const GOOSE_UPDATE_COMMAND = "goose update";
