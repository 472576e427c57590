/**
 * How the user installs or updates the native host. One place, so every message says the same; the
 * README gives the same command (test/unit/extension/state/host-install.test.ts holds them together).
 */
export const INSTALL_HOST_COMMAND = "npx -y goose-browser@latest install";

export const INSTALL_HOST_INSTRUCTION = `run \`${INSTALL_HOST_COMMAND}\``;
