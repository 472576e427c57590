/**
 * The node and npm's npx-cli.js that npx agents run with. npx itself is a shell script on POSIX and
 * a .cmd on Windows, neither of which the host starts without a shell, so the profile runs
 * `node npx-cli.js …` instead: npm ships npx-cli.js beside node (POSIX: <prefix>/bin/npx links to
 * <prefix>/lib/node_modules/npm/bin/npx-cli.js; Windows: <prefix>\node_modules\npm\bin\npx-cli.js).
 */
import fs from "node:fs";
import path from "node:path";
import { chooseNodePath, nodeOnPath, realpathOrUndefined } from "../plan/node-path";
import type { NodeTools } from "./resolve";

export function findNodeTools(execPath: string, platform: NodeJS.Platform, pathValue: string): NodeTools {
  const node = chooseNodePath(execPath, nodeOnPath(pathValue, platform), realpathOrUndefined).path;
  const bin = path.dirname(execPath);
  const candidates =
    platform === "win32"
      ? [path.join(bin, "node_modules", "npm", "bin", "npx-cli.js")]
      : [realpathOrUndefined(path.join(bin, "npx")), path.join(bin, "..", "lib", "node_modules", "npm", "bin", "npx-cli.js")];
  const npxCli = candidates.find((c): c is string => c?.endsWith("npx-cli.js") === true && fs.existsSync(c));
  return { node, ...(npxCli ? { npxCli: path.resolve(npxCli) } : {}) };
}
