/**
 * Injected into a tab by the browser tools (extension/browser-tools/page-call.ts) when the agent first
 * looks at or acts on it: installs the page-side tools in the extension's isolated world for this
 * document. Nothing from the page can reach them.
 */
import { installPageTools } from "../browser-tools/page/dispatch";

export default defineUnlistedScript(() => installPageTools(window));
