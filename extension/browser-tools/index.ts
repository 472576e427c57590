/**
 * The browser tools' entry point for the background: `runToolCall` with dependencies over the real
 * browser. The caller supplies the consent prompt (the panel) and the agent's name.
 */
import { SiteGrants } from "../storage/site-grants";
import { TabRefStore } from "../storage/tab-refs";
import { extensionBrowserApi } from "./browser-api";
import type { AskConsent } from "./consent";
import { SnapshotCache } from "./frames/snapshot-window";
import { ReadCache } from "./markdown-window";
import type { RunnerDeps } from "./runner";

export type { AskConsent, ConsentAnswer, ConsentRequest } from "./consent";
export { readAllowedNow } from "./read-allowed";
export type { ToolOutcome } from "./results";
export { runToolCall } from "./runner";

/** What every call shares: the browser, the site grants, the tabs' refs and the read and snapshot caches. */
export type SharedRunnerDeps = Omit<RunnerDeps, "askConsent" | "agentName" | "onTarget">;

export function sharedRunnerDeps(): SharedRunnerDeps {
  return {
    api: extensionBrowserApi(),
    grants: new SiteGrants(),
    tabRefs: new TabRefStore(),
    readCache: new ReadCache(),
    snapshotCache: new SnapshotCache(),
  };
}

export function browserToolDeps(options: { askConsent: AskConsent; agentName: string }): RunnerDeps {
  return { ...sharedRunnerDeps(), askConsent: options.askConsent, agentName: options.agentName };
}
