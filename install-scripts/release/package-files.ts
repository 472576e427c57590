/**
 * The npm package's small text files: package.json, ids.json and README.md. Pure, so what users get
 * is checked without building (test/unit/install-scripts/release/).
 */
import {
  CHROME_WEB_STORE_ID,
  CHROMIUM_EXTENSION_IDS,
  chromeOrigin,
  DEV_EXTENSION_ID,
  EDGE_ADDONS_ID,
  GECKO_ADDON_ID,
  HOST_NAME,
} from "../../shared/extension-ids";

/** Free on the npm registry when chosen (`npm view goose-browser` answered 404). */
export { HOST_PACKAGE as PACKAGE_NAME } from "../../shared/host-package";

import { HOST_PACKAGE as PACKAGE_NAME } from "../../shared/host-package";

export function packageFiles(version: string): Record<"package.json" | "dist/ids.json" | "README.md", string> {
  const pkg = {
    name: PACKAGE_NAME,
    version,
    description: "Installs the native-messaging host of the goose browser extension (goose, Block's open-source AI agent, in the browser)",
    license: "Apache-2.0",
    bin: { [PACKAGE_NAME]: "dist/cli.cjs" },
    files: ["dist/cli.cjs", "dist/host.cjs", "dist/ids.json", "README.md"],
    engines: { node: ">=20" },
  };
  const ids = {
    hostName: HOST_NAME,
    chromium: {
      development: DEV_EXTENSION_ID,
      chromeWebStore: CHROME_WEB_STORE_ID,
      edgeAddons: EDGE_ADDONS_ID,
      allowedOrigins: CHROMIUM_EXTENSION_IDS.map(chromeOrigin),
    },
    firefox: { addonId: GECKO_ADDON_ID },
  };
  return {
    "package.json": `${JSON.stringify(pkg, null, 2)}\n`,
    "dist/ids.json": `${JSON.stringify(ids, null, 2)}\n`,
    "README.md": readme(),
  };
}

function readme(): string {
  const run = `npx -y ${PACKAGE_NAME}@latest`;
  return `# ${PACKAGE_NAME}

The local helper of the goose browser extension: it lets the extension start goose (Block's open-source AI
agent, \`goose acp\`) or another Agent Client Protocol agent on your computer. Needs Node.js 20 or newer.

\`\`\`sh
${run} install     # copy the host into your data folder and register it with every browser you have
${run} doctor      # check the setup and run the host and goose once
${run} uninstall   # remove exactly what install wrote
\`\`\`

Each command takes \`--json\`. \`install\` puts the host in a versioned file in your per-user data folder
(Linux \`~/.local/share/goose-browser\`, macOS \`~/Library/Application Support/goose-browser\`, Windows
\`%LOCALAPPDATA%\\goose-browser\`), never in npm's folders, and registers it with Google Chrome, Chromium,
Microsoft Edge, Brave, Vivaldi and Firefox where they are installed. Installing a newer version leaves a running
host alone. The package has no dependencies and runs nothing when npm installs it.
`;
}
