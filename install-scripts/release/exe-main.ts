/**
 * The standalone executable's entry (bundled by build-exe.ts, compiled by Bun): one file that is both
 * the native-messaging host and its installer. A browser starts it with its own arguments (an extension
 * origin, or a manifest path and add-on id), which are never a command name; `install`, `uninstall`,
 * `doctor`, `agents`, `add` and `help` (or no argument) run the same CLI as the npm package.
 */
import { main } from "../cli";
import { defaultContext } from "../cli-context";
import { isCliCommand } from "../commands/index";

const argv = process.argv.slice(2);
if (isCliCommand(argv)) main(argv, defaultContext(process.cwd()));
// The host bundle (native-host/build.ts), placed beside this file's bundle by build-exe.ts.
else require("./host.cjs");
