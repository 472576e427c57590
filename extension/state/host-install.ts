/** How the user installs or updates the native host. One place, so every message says the same. */
const INSTALL_HOST_COMMAND = "npm run build:host && npm run install-host";

/** Until the host ships as a package, it is installed from a checkout of this repository. */
export const INSTALL_HOST_INSTRUCTION = `run \`${INSTALL_HOST_COMMAND}\` in your goose-browser checkout`;
