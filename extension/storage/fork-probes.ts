/**
 * What each agent release answered when asked whether it serves session/fork without advertising
 * it (background/client/forks/fork-probe.ts), by agent name and version: asked once per release.
 */
import { storage } from "wxt/utils/storage";

type ProbeMap = Record<string, boolean>;

/** What the client controller needs (tests give it an in-memory one). */
export interface ForkProbeStorage {
  get(agent: string): Promise<boolean | undefined>;
  set(agent: string, served: boolean): Promise<void>;
}

/** A few releases at most: an agent is updated, rarely downgraded. */
const MAX_REMEMBERED = 20;

const probesItem = storage.defineItem<ProbeMap>("local:goose.forkServedBy", { fallback: {} });

export const storedForkProbes: ForkProbeStorage = {
  async get(agent) {
    return (await probesItem.getValue())[agent];
  },
  async set(agent, served) {
    const { [agent]: _old, ...rest } = await probesItem.getValue();
    const entries = [...Object.entries(rest), [agent, served] as const];
    await probesItem.setValue(Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_REMEMBERED))));
  },
};
